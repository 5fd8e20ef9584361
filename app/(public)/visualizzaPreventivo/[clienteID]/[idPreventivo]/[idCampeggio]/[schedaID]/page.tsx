import { quoteLinkRedirect } from '@/lib/legacy-import/old-links';
import type { Metadata } from 'next';
import { GuestQuoteBody } from '@/components/guest/quote/guest-quote-body';
import { guestIdsOf, guestQuoteMetadata, openGuestQuote, type GuestQuoteParams } from '@/lib/public-quotes/page';

type Props = { params: Promise<GuestQuoteParams & { schedaID: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return guestQuoteMetadata(await params);
}

/** One offer in full: price lines and the accommodation's description. */
export default async function GuestCardPage({ params }: Props) {
  const resolved = await params;
  const view = await openGuestQuote(resolved, quoteLinkRedirect(resolved));
  return <GuestQuoteBody ids={guestIdsOf(resolved)} view={view} cardId={resolved.schedaID} />;
}
