import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { quoteCards, quotes } from "@/db/schema";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import type { CardRow, QuoteRow } from "./detail";

const PAGE = 200;

/** Every quote of the campsite with its cards, a page at a time (newest first). */
export async function* walkQuotes(
  ctx: CampsiteCtx,
): AsyncGenerator<{ quote: QuoteRow; cards: CardRow[] }> {
  const { db, campsiteId } = ctx;
  let position: [string, string] | null = null;
  for (;;) {
    const page: (QuoteRow & { position: string })[] = await db
      .select({
        ...getTableColumns(quotes),
        position: sql<string>`${quotes.createdAt}::text`,
      })
      .from(quotes)
      .where(
        and(
          eq(quotes.campingId, campsiteId),
          position
            ? sql`(${quotes.createdAt}, ${quotes.id}) < (${position[0]}::timestamptz, ${position[1]})`
            : undefined,
        ),
      )
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(PAGE);
    if (page.length === 0) return;
    const cards = await db
      .select()
      .from(quoteCards)
      .where(
        and(
          eq(quoteCards.campingId, campsiteId),
          inArray(
            quoteCards.quoteId,
            page.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(quoteCards.quoteId), asc(quoteCards.idx));
    for (const { position: _position, ...quote } of page) {
      yield { quote, cards: cards.filter((card) => card.quoteId === quote.id) };
    }
    const last = page[page.length - 1];
    position = [last.position, last.id];
    if (page.length < PAGE) return;
  }
}
