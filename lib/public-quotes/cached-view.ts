import { unstable_cache } from 'next/cache';
import { getDb } from '@/db/client';
import { cacheTags } from '@/lib/cache/tags';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { buildGuestQuoteView, type GuestQuoteIds, type GuestQuoteView } from './view';

const HOUR = 60 * 60;

/**
 * The mini-site's data, cached per quote with the quote's, guest's and campsite's tags. The page
 * that reads it is cached whole with the same tags (incremental static regeneration), so a second
 * view neither renders nor queries again until one of them changes (lib/cache/tags.ts). The
 * hourly revalidation lets a validity date that passes show as expired without any change.
 */
export function cachedGuestQuoteView(ids: GuestQuoteIds): Promise<GuestQuoteView | null> {
  // 'v4': the hours note in the guest's language (issue 27); a view cached in an older shape or wording is not reused.
  return unstable_cache(() => buildGuestQuoteView(campsiteContext({ kind: 'guest', campsiteId: ids.campsiteId }, getDb()), ids), ['guest-quote-view', 'v4', ids.campsiteId, ids.quoteId, ids.contactId], {
    tags: [cacheTags.quote(ids.quoteId), cacheTags.contact(ids.contactId), cacheTags.campsite(ids.campsiteId)],
    revalidate: HOUR,
  })();
}
