import { revalidateTag } from 'next/cache';

/** Cache tags of the guest pages: a quote's view depends on the quote, its guest and its campsite. */
export const cacheTags = {
  quote: (id: string) => `preventivo:${id}`,
  contact: (id: string) => `cliente:${id}`,
  campsite: (id: string) => `campeggio:${id}`,
};

const TAG = /^(?:preventivo|cliente|campeggio):[A-Za-z0-9_-]{1,64}$/;
export const isCacheTag = (value: string) => TAG.test(value);

/**
 * Drops cached guest views at once (expire 0: the next view renders fresh, never stale), so a
 * staff edit shows immediately. Call it from a server action or route handler after the change is
 * committed, never inside a transaction nor while rendering; jobs use invalidateOutsideRequest
 * (lib/cache/remote-invalidation.ts). Outside a Next.js server (scripts, tests) there is no cache.
 */
export function invalidate(tags: string[]): void {
  if (!process.env.NEXT_RUNTIME) return;
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

export const invalidateQuotes = (quoteIds: string[]) => invalidate(quoteIds.map(cacheTags.quote));
