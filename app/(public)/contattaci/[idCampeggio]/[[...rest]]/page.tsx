import type { Metadata } from 'next';
import { sendContactRequest } from '@/app/(public)/contattaci/actions';
import { contactPageMetadata, ContactPage, type ContactRouteParams } from '@/components/guest/contact-form/contact-page';

type Props = { params: Promise<ContactRouteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return contactPageMetadata(await params);
}

/** /contattaci/:idCampeggio, /:idLingua and /:idLingua/:noFlag: one page, the rest of the path read by ContactPage. */
export default async function ContactFormPage({ params }: Props) {
  return <ContactPage params={await params} basePath="/contattaci" action={sendContactRequest} />;
}
