import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { contacts, quoteCards, quotes, users } from "@/db/schema";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { decodeCursor, toPage, type Page } from "@/lib/pagination";
import {
  QUOTE_PROGRESS,
  type QuoteProgress,
} from "@/lib/vocabulary/quote-progress";
import {
  effectiveProgressIn,
  effectiveProgressSql,
  isExpirable,
} from "./expiry";
import {
  quoteFiltersWhere,
  searchMatchesSql,
  type QuoteListQuery,
} from "./queries";

/**
 * The board's columns, in the spec's order. 'richiesta' is left out: a request has no offer nor
 * total yet and has its own page and workflow (/richieste); on the board it would be a column of
 * cards without figures. The finished states are shown folded (lib/quotes/board-columns.ts).
 */
export const BOARD_COLUMNS = QUOTE_PROGRESS.filter(
  (progress) => progress !== "richiesta",
);
export type BoardProgress = Exclude<QuoteProgress, "richiesta">;

export const BOARD_PAGE_SIZE = 20;
/** A search on the board considers this many newest matches, as the list's search batches are bounded too. */
export const BOARD_SEARCH_CAP = 5000;

export type BoardFilters = Omit<
  QuoteListQuery,
  "progress" | "cursor" | "limit" | "contactId"
>;

export type BoardCard = {
  id: string;
  name: string;
  progress: BoardProgress;
  guest: string;
  arrival: string | null;
  departure: string | null;
  totalCents: number;
  validUntil: Date | null;
  /** Whole days of validity left for a quote still waiting for the guest (0: ends today); null otherwise. */
  daysLeft: number | null;
  readAt: Date | null;
  unreadReplies: number;
  openQuestions: number;
  assigneeName: string | null;
};

export type BoardColumn = {
  progress: BoardProgress;
  count: number;
  totalCents: number;
  page: Page<BoardCard>;
};

/**
 * The card a quote is worth: the accepted one, else the first (idx 0), for the card's stay dates.
 * Its total is the quote's shown_total_cents, the same figure the column sums.
 */
const shownCard = and(
  eq(quoteCards.quoteId, quotes.id),
  eq(quoteCards.campingId, quotes.campingId),
  sql`${quoteCards.idx} = coalesce(${quotes.acceptedCardIdx}, 0)`,
);

function boardWhere(ctx: CampsiteCtx, filters: BoardFilters): SQL | undefined {
  return and(
    quoteFiltersWhere(ctx, filters),
    searchMatchesSql(ctx, filters, BOARD_SEARCH_CAP),
    ne(quotes.progress, "richiesta"),
  );
}

/**
 * Count and euro total of every column under the filters: one grouped pass over the campsite's
 * quotes (not only the loaded pages), on the shown total the triggers keep on each quote, so no
 * card is read; the contacts only when a filter is about them.
 */
export async function boardTotals(
  ctx: CampsiteCtx,
  filters: BoardFilters,
): Promise<Map<BoardProgress, { count: number; totalCents: number }>> {
  const progress = effectiveProgressSql();
  const base = ctx.db
    .select({
      progress,
      count: sql<number>`count(*)::int`,
      totalCents: sql<string>`coalesce(sum(${quotes.shownTotalCents}), 0)::text`,
    })
    .from(quotes)
    .$dynamic();
  const joined =
    filters.nationId !== undefined
      ? base.innerJoin(
          contacts,
          and(
            eq(contacts.id, quotes.contactId),
            eq(contacts.campingId, quotes.campingId),
          ),
        )
      : base;
  // By position: the bound parameters make the expression in GROUP BY a different one.
  const rows = await joined.where(boardWhere(ctx, filters)).groupBy(sql`1`);
  return new Map(
    rows.map((row) => [
      row.progress as BoardProgress,
      { count: row.count, totalCents: Number(row.totalCents) },
    ]),
  );
}

type CardRow = Omit<BoardCard, "daysLeft"> & { position: string };

const DAY_MS = 86_400_000;

/** One column's page, newest first, keyset on (created_at, id) under the (camping_id, progress, created_at, id) index. */
export async function boardColumnPage(
  ctx: CampsiteCtx,
  filters: BoardFilters,
  progress: BoardProgress,
  cursor?: string | null,
): Promise<Page<BoardCard>> {
  const after = decodeCursor(cursor, 2);
  const rows = (await ctx.db
    .select({
      id: quotes.id,
      name: quotes.name,
      progress: effectiveProgressSql(),
      guest: sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`,
      arrival: quoteCards.arrival,
      departure: quoteCards.departure,
      totalCents: quotes.shownTotalCents,
      validUntil: quotes.validUntil,
      readAt: quotes.readAt,
      unreadReplies: sql<number>`(select coalesce(sum(t.unread_count), 0)::int from mailbox_threads t where t.camping_id = ${quotes.campingId} and t.quote_id = ${quotes.id})`,
      openQuestions: sql<number>`(select count(*)::int from quote_questions g where g.camping_id = ${quotes.campingId} and g.quote_id = ${quotes.id}
        and g.author = 'guest' and g.question_id is null and not exists (select 1 from quote_questions a where a.question_id = g.id))`,
      assigneeName: users.name,
      // Full microsecond precision: a JavaScript Date would round to the millisecond and skip rows.
      position: sql<string>`${quotes.createdAt}::text`,
    })
    .from(quotes)
    .innerJoin(
      contacts,
      and(
        eq(contacts.id, quotes.contactId),
        eq(contacts.campingId, quotes.campingId),
      ),
    )
    .leftJoin(quoteCards, shownCard)
    .leftJoin(
      users,
      and(
        eq(users.id, quotes.assigneeId),
        eq(users.campingId, quotes.campingId),
      ),
    )
    .where(
      and(
        boardWhere(ctx, filters),
        effectiveProgressIn([progress]),
        after
          ? sql`(${quotes.createdAt}, ${quotes.id}) < (${String(after[0])}::timestamptz, ${String(after[1])})`
          : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(BOARD_PAGE_SIZE + 1)) as CardRow[];
  const page = toPage(rows, BOARD_PAGE_SIZE, (row) => [row.position, row.id]);
  const now = Date.now();
  return {
    ...page,
    items: page.items.map(({ position: _position, ...card }) => ({
      ...card,
      daysLeft:
        card.validUntil && isExpirable(card.progress)
          ? Math.floor((card.validUntil.getTime() - now) / DAY_MS)
          : null,
    })),
  };
}

/** The whole board: every column's first page and its figures. */
export async function loadBoard(
  ctx: CampsiteCtx,
  filters: BoardFilters,
): Promise<BoardColumn[]> {
  const totals = await boardTotals(ctx, filters);
  const columns: BoardColumn[] = [];
  for (const progress of BOARD_COLUMNS) {
    const figures = totals.get(progress) ?? { count: 0, totalCents: 0 };
    columns.push({
      progress,
      ...figures,
      page:
        figures.count > 0
          ? await boardColumnPage(ctx, filters, progress)
          : { items: [], nextCursor: null },
    });
  }
  return columns;
}
