import { revalidateTag } from 'next/cache';

/** Cache tags of the guest pages: a quote's view depends on the quote, its guest and its campsite. */
export const cacheTags = {
  quote: (id: string) => `preventivo:${id}`,
  contact: (id: string) => `cliente:${id}`,
  campsite: (id: string) => `campeggio:${id}`,
};

/**
 * Drops cached guest views at once (expire 0: the next view renders fresh, never stale), so a
 * staff edit shows immediately. Outside a Next.js server (scripts, tests) there is no cache.
 */
export function invalidate(tags: string[]): void {
  if (!process.env.NEXT_RUNTIME) return;
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      // Called while rendering (not from an action or route handler): the next edit will retry.
      console.error(`Invalidazione della cache non riuscita per ${tag}`, error);
    }
  }
}

export const invalidateQuotes = (quoteIds: string[]) => invalidate(quoteIds.map(cacheTags.quote));
