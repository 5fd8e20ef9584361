import type { Metadata } from 'next';
import { GuestQuoteBody } from '@/components/guest/quote/guest-quote-body';
import { quoteLinkRedirect } from '@/lib/legacy-import/old-links';
import { guestIdsOf, guestQuoteMetadata, openGuestQuote, type GuestQuoteParams } from '@/lib/public-quotes/page';

type Props = { params: Promise<GuestQuoteParams> };

// Rendered at each view, for its CSP nonce (app/layout.tsx), from the quote's data cache, which
// holds until the quote changes (its tags are dropped) or an hour passes (a validity date may
// have passed meanwhile): see lib/public-quotes/cached-view.ts.

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return guestQuoteMetadata(await params);
}

export default async function GuestQuotePage({ params }: Props) {
  const resolved = await params;
  const view = await openGuestQuote(resolved, quoteLinkRedirect(resolved));
  return <GuestQuoteBody ids={guestIdsOf(resolved)} view={view} />;
}
