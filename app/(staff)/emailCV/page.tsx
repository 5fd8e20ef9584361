import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailCvScreen, type EmailCvSearch } from './email-cv-screen';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('cvMail'))('emailTitle') };
}

/** /emailCV: an operator of the booking platform writes to a guest. */
export default function Page({ searchParams }: { searchParams: EmailCvSearch }) {
  return <EmailCvScreen searchParams={searchParams} autoLogout={false} />;
}
