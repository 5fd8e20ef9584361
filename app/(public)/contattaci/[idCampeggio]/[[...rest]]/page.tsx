import type { Metadata } from 'next';
import { sendContactRequest } from '@/app/(public)/contattaci/actions';
import { ContactPage } from '@/components/guest/contact-form/contact-page';
import { contactLinkRedirect } from '@/lib/legacy-import/old-links';
import { contactPageMetadata, loadContactPage, type ContactRouteParams } from '@/lib/requests/contact-page';

type Props = { params: Promise<ContactRouteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const resolved = await params;
  return contactPageMetadata(resolved, contactLinkRedirect('/contattaci', resolved));
}

/** /contattaci/:idCampeggio, /:idLingua and /:idLingua/:noFlag: one page, the rest of the path read by loadContactPage. */
export default async function ContactFormPage({ params }: Props) {
  return <ContactPage page={await loadContactPage(await params, contactLinkRedirect('/contattaci', await params))} basePath="/contattaci" action={sendContactRequest} />;
}
