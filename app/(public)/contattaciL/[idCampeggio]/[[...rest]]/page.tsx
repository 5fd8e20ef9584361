import type { Metadata } from 'next';
import { sendContactRequest } from '@/app/(public)/contattaci/actions';
import { ContactPage } from '@/components/guest/contact-form/contact-page';
import { contactLinkRedirect } from '@/lib/legacy-import/old-links';
import { contactPageMetadata, loadContactPage, type ContactRouteParams } from '@/lib/requests/contact-page';

type Props = { params: Promise<ContactRouteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const resolved = await params;
  return contactPageMetadata(resolved, contactLinkRedirect('/contattaciL', resolved));
}

/** The legacy (lucee) address of the same form; its language links stay under /contattaciL. */
export default async function LegacyContactFormPage({ params }: Props) {
  return <ContactPage page={await loadContactPage(await params, contactLinkRedirect('/contattaciL', await params))} basePath="/contattaciL" action={sendContactRequest} />;
}
