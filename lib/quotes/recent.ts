import { contactDisplayName } from "@/lib/contacts/display";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { formatDate } from "@/lib/format";
import type { Page } from "@/lib/pagination";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { listQuotes } from "./queries";

/** One line of the shell's "Preventivi recenti" drawer, ready to show. */
export type RecentQuote = {
  id: string;
  name: string;
  contactName: string;
  progress: QuoteProgress;
  date: string;
  href: string;
};

export const RECENT_PAGE_SIZE = 10;

/** A page of the campsite's quotes, newest first, keyset-paged like the list (lib/quotes/queries.ts). */
export async function recentQuotes(
  ctx: CampsiteCtx,
  cursor: string | undefined,
): Promise<Page<RecentQuote>> {
  const page = await listQuotes(ctx, {
    progress: [],
    cursor,
    limit: RECENT_PAGE_SIZE,
  });
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((item) => ({
      id: item.id,
      name: item.name,
      contactName: contactDisplayName(item.contact),
      progress: item.progress,
      date: formatDate(item.createdAt),
      href: `/crea-preventivo/preview/${encodeURIComponent(item.contact.id)}/${encodeURIComponent(item.id)}`,
    })),
  };
}
