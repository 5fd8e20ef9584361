import type { Metadata } from 'next';
import { sendContactRequest } from '@/app/(public)/contattaci/actions';
import { ContactPage } from '@/components/guest/contact-form/contact-page';
import { contactPageMetadata, loadContactPage, type ContactRouteParams } from '@/lib/requests/contact-page';

type Props = { params: Promise<ContactRouteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return contactPageMetadata(await params);
}

/** The legacy (lucee) address of the same form; its language links stay under /contattaciL. */
export default async function LegacyContactFormPage({ params }: Props) {
  return <ContactPage page={await loadContactPage(await params)} basePath="/contattaciL" action={sendContactRequest} />;
}
