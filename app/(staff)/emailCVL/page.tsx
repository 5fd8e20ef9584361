import { EmailCvScreen, type EmailCvSearch } from '../emailCV/email-cv-screen';

export { generateMetadata } from '../emailCV/page';

/** /emailCVL: the same page with the auto-logout flag: a successful send ends the session. */
export default function Page({ searchParams }: { searchParams: EmailCvSearch }) {
  return <EmailCvScreen searchParams={searchParams} autoLogout />;
}
