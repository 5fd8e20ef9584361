import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { OptInPage } from '@/components/guest/newsletter/opt-in-page';
import { loadConfirmPage } from '@/lib/newsletter/confirm-page';
import { confirmNewsletter } from '../actions';

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** The link of the double opt-in mail: shows a button; only the button's POST confirms. */
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <OptInPage token={token} data={await loadConfirmPage(token, await headers())} confirm={confirmNewsletter} />;
}
