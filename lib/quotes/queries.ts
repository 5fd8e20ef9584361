import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from "drizzle-orm";
import { contacts, quotes } from "@/db/schema";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { tableDateRange, type DateRange } from "@/lib/date-filter";
import {
  decodeCursor,
  DEFAULT_PAGE_SIZE,
  toPage,
  type Page,
} from "@/lib/pagination";
import { escapeLike, searchWords } from "@/lib/search";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { effectiveProgressIn, effectiveProgressSql } from "./expiry";
import { isReturningSql } from "./returning-guests";
import type { QuoteListFilters } from "./validation";

/** The list's filters, and the two only the staff's list (and the dashboard's figures) use. */
export type QuoteListQuery = QuoteListFilters & {
  /** The guest's nationality; 0 is "not given", as the dashboard counts it. */
  nationId?: number;
  /** Returning guests (booked in an earlier season) or first-time guests. */
  guests?: "ritorno" | "nuovi";
  /** «In carico a»: a user's id, or 'nessuno' for quotes nobody follows ('me' is resolved by the page). */
  assignee?: string;
};

export type QuoteListItem = {
  id: string;
  name: string;
  progress: QuoteProgress;
  tags: string[];
  createdAt: Date;
  validUntil: Date | null;
  contact: {
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
  };
  cards: number;
  minTotalCents: number | null;
  maxTotalCents: number | null;
};

/** The patterns of a search: every word must match the quote's name or its guest's (name, e-mail), accent- and case-free. */
function searchPatterns(search: string | undefined): SQL[] {
  return searchWords(search, 5).map(
    (word) => sql`'%' || crm_search_text(${escapeLike(word)}::text) || '%'`,
  );
}

/** A batch of matches never grows past this: a filter that leaves most of them out pages on in steps. */
const MAX_SEARCH_BATCH = 2000;

type Match = { id: string; at: string };

/**
 * The next `wanted` quotes matching every pattern, newest first, strictly before `before`: from
 * crm_quotes_matching (migration 0022), which runs the LIKEs on the trigram indexes as the tables'
 * owner for the scope's campsite only. Under row-level security a LIKE is not LEAKPROOF and could
 * not be an index condition: a word matching nothing read every quote of the campsite.
 */
async function matchingQuotes(
  ctx: CampsiteCtx,
  patterns: SQL[],
  range: DateRange | null,
  before: Match | null,
  wanted: number,
): Promise<Match[]> {
  const result = (await ctx.db.execute(
    sql`select id, created_at::text as at from crm_quotes_matching(${ctx.campsiteId}::text, array[${sql.join(patterns, sql`, `)}]::text[],
      ${range ? range.from.toISOString() : null}::timestamptz, ${range ? range.to.toISOString() : null}::timestamptz,
      ${before?.at ?? null}::timestamptz, ${before?.id ?? null}::text, ${wanted}::int) order by created_at desc, id desc`,
  )) as unknown as { rows?: Match[] } & Match[];
  return result.rows ?? result;
}
/**
 * Every filter of the list but progress, search and page, scoped to the campsite: the list and the
 * board (lib/quotes/board.ts) share it, so the same address filters both the same way.
 */
export function quoteFiltersWhere(
  ctx: CampsiteCtx,
  filters: QuoteListQuery,
): SQL | undefined {
  const range = tableDateRange(filters.dateFrom, filters.dateTo);
  return and(
    eq(quotes.campingId, ctx.campsiteId),
    filters.tag
      ? sql`${quotes.tags} @> ${JSON.stringify([filters.tag])}::jsonb`
      : undefined,
    range
      ? and(gte(quotes.createdAt, range.from), lt(quotes.createdAt, range.to))
      : undefined,
    filters.contactId ? eq(quotes.contactId, filters.contactId) : undefined,
    filters.nationId !== undefined
      ? sql`coalesce(${contacts.nationId}, 0) = ${filters.nationId}`
      : undefined,
    filters.guests
      ? filters.guests === "ritorno"
        ? isReturningSql("quotes", ctx.campsiteId)
        : sql`not ${isReturningSql("quotes", ctx.campsiteId)}`
      : undefined,
    filters.assignee === "nessuno"
      ? isNull(quotes.assigneeId)
      : filters.assignee
        ? eq(quotes.assigneeId, filters.assignee)
        : undefined,
  );
}

/**
 * The board's search: the quote ids among the `cap` newest matches of every word (the same
 * indexed crm_quotes_matching the list pages through), or undefined without a search.
 */
export function searchMatchesSql(
  ctx: CampsiteCtx,
  filters: QuoteListQuery,
  cap: number,
): SQL | undefined {
  const patterns = searchPatterns(filters.search);
  if (patterns.length === 0) return undefined;
  const range = tableDateRange(filters.dateFrom, filters.dateTo);
  return sql`${quotes.id} in (select m.id from crm_quotes_matching(${ctx.campsiteId}::text, array[${sql.join(patterns, sql`, `)}]::text[],
    ${range ? range.from.toISOString() : null}::timestamptz, ${range ? range.to.toISOString() : null}::timestamptz, null::timestamptz, null::text, ${cap}::int) m)`;
}

/** The quote list: newest first, keyset-paged, every condition scoped to the campsite. */
export async function listQuotes(
  ctx: CampsiteCtx,
  filters: QuoteListQuery,
): Promise<Page<QuoteListItem>> {
  const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
  const range = tableDateRange(filters.dateFrom, filters.dateTo);
  const progress = filters.progress ?? [];
  const cursor = decodeCursor(filters.cursor, 2);
  const where = and(
    quoteFiltersWhere(ctx, filters),
    effectiveProgressIn(progress),
  );
  const patterns = searchPatterns(filters.search);
  let rows: ListRow[];
  if (patterns.length === 0) {
    rows = await listRows(
      ctx,
      and(
        where,
        cursor
          ? sql`(${quotes.createdAt}, ${quotes.id}) < (${String(cursor[0])}::timestamptz, ${String(cursor[1])})`
          : undefined,
      ),
      limit + 1,
    );
  } else {
    // The matches come in batches in the list's order; the other filters and the policy apply to
    // each batch here, and a batch they thin out is followed by a larger one from its last match.
    rows = [];
    let before: Match | null = cursor
      ? { at: String(cursor[0]), id: String(cursor[1]) }
      : null;
    let wanted = limit + 1;
    for (;;) {
      const found = await matchingQuotes(ctx, patterns, range, before, wanted);
      if (found.length > 0)
        rows.push(
          ...(await listRows(
            ctx,
            and(
              where,
              inArray(
                quotes.id,
                found.map((match) => match.id),
              ),
            ),
            limit + 1 - rows.length,
          )),
        );
      if (rows.length > limit || found.length < wanted) break;
      before = found[found.length - 1];
      wanted = Math.min(wanted * 4, MAX_SEARCH_BATCH);
    }
  }
  const page = toPage(rows, limit, (row) => [row.position, row.id]);
  return {
    ...page,
    items: page.items.map(({ position: _position, ...item }) => item),
  };
}

type ListRow = QuoteListItem & { position: string };

/** One page's rows of the list, newest first. */
function listRows(
  ctx: CampsiteCtx,
  where: SQL | undefined,
  count: number,
): Promise<ListRow[]> {
  return ctx.db
    .select({
      id: quotes.id,
      name: quotes.name,
      progress: effectiveProgressSql(),
      tags: quotes.tags,
      createdAt: quotes.createdAt,
      validUntil: quotes.validUntil,
      contact: {
        id: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
      },
      cards: sql<number>`(select count(*)::int from quote_cards c where c.quote_id = ${quotes.id})`,
      minTotalCents: sql<
        number | null
      >`(select min(c.total_cents)::int from quote_cards c where c.quote_id = ${quotes.id})`,
      maxTotalCents: sql<
        number | null
      >`(select max(c.total_cents)::int from quote_cards c where c.quote_id = ${quotes.id})`,
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
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(count) as Promise<ListRow[]>;
}
