import { revalidateTag } from 'next/cache';
import { afterCommit } from '@/db/tenant-scope';

/** Cache tags of the guest pages: a quote's view depends on the quote, its guest and its campsite. */
export const cacheTags = {
  quote: (id: string) => `preventivo:${id}`,
  contact: (id: string) => `cliente:${id}`,
  campsite: (id: string) => `campeggio:${id}`,
};

const TAG = /^(?:preventivo|cliente|campeggio):[A-Za-z0-9_-]{1,64}$/;
export const isCacheTag = (value: string) => TAG.test(value);

/**
 * Drops cached guest views (expire 0: the next view renders fresh, never stale), so a staff edit
 * shows immediately. Called inside a unit of work, it waits for the commit (a render between the
 * two would cache the old rows again) and a rollback drops it. From a server action or route
 * handler only, never while rendering; jobs use invalidateOutsideRequest
 * (lib/cache/remote-invalidation.ts). Outside a Next.js server (scripts, tests) there is no cache.
 */
export function invalidate(tags: string[]): void {
  if (!process.env.NEXT_RUNTIME) return;
  void afterCommit(() => {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  });
}

export const invalidateQuotes = (quoteIds: string[]) => invalidate(quoteIds.map(cacheTags.quote));
