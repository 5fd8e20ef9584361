import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { contacts, quotes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { tableDateRange } from '@/lib/date-filter';
import { decodeCursor, DEFAULT_PAGE_SIZE, toPage, type Page } from '@/lib/pagination';
import { escapeLike, searchWords } from '@/lib/search';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { effectiveProgressIn, effectiveProgressSql } from './expiry';
import { isReturningSql } from './returning-guests';
import type { QuoteListFilters } from './validation';

/** The list's filters, and the two only the staff's list (and the dashboard's figures) use. */
export type QuoteListQuery = QuoteListFilters & {
  /** The guest's nationality; 0 is "not given", as the dashboard counts it. */
  nationId?: number;
  /** Returning guests (booked in an earlier season) or first-time guests. */
  guests?: 'ritorno' | 'nuovi';
};

export type QuoteListItem = {
  id: string;
  name: string;
  progress: QuoteProgress;
  tags: string[];
  createdAt: Date;
  validUntil: Date | null;
  contact: { id: string; firstName: string; lastName: string; email: string | null };
  cards: number;
  minTotalCents: number | null;
  maxTotalCents: number | null;
};

/** Every word must match the quote's name or its guest (name, e-mail), accent- and case-free. */
function textFilter(search: string | undefined): SQL | undefined {
  const words = searchWords(search, 5).map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return sql`(${quotes.searchText} like crm_search_text(${pattern}) or ${contacts.searchText} like crm_search_text(${pattern}))`;
  });
  return words.length ? and(...words) : undefined;
}

/** The quote list: newest first, keyset-paged, every condition scoped to the campsite. */
export async function listQuotes(ctx: CampsiteCtx, filters: QuoteListQuery): Promise<Page<QuoteListItem>> {
  const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
  const range = tableDateRange(filters.dateFrom, filters.dateTo);
  const progress = filters.progress ?? [];
  const cursor = decodeCursor(filters.cursor, 2);
  const rows = await ctx.db
    .select({
      id: quotes.id,
      name: quotes.name,
      progress: effectiveProgressSql(),
      tags: quotes.tags,
      createdAt: quotes.createdAt,
      validUntil: quotes.validUntil,
      contact: { id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email },
      cards: sql<number>`(select count(*)::int from quote_cards c where c.quote_id = ${quotes.id})`,
      minTotalCents: sql<number | null>`(select min(c.total_cents)::int from quote_cards c where c.quote_id = ${quotes.id})`,
      maxTotalCents: sql<number | null>`(select max(c.total_cents)::int from quote_cards c where c.quote_id = ${quotes.id})`,
      // Full microsecond precision: a JavaScript Date would round to the millisecond and skip rows.
      position: sql<string>`${quotes.createdAt}::text`,
    })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .where(
      and(
        eq(quotes.campingId, ctx.campsiteId),
        effectiveProgressIn(progress),
        filters.tag ? sql`${quotes.tags} @> ${JSON.stringify([filters.tag])}::jsonb` : undefined,
        range ? and(gte(quotes.createdAt, range.from), lt(quotes.createdAt, range.to)) : undefined,
        filters.contactId ? eq(quotes.contactId, filters.contactId) : undefined,
        filters.nationId !== undefined ? sql`coalesce(${contacts.nationId}, 0) = ${filters.nationId}` : undefined,
        filters.guests ? (filters.guests === 'ritorno' ? isReturningSql('quotes', ctx.campsiteId) : sql`not ${isReturningSql('quotes', ctx.campsiteId)}`) : undefined,
        textFilter(filters.search),
        cursor ? sql`(${quotes.createdAt}, ${quotes.id}) < (${String(cursor[0])}::timestamptz, ${String(cursor[1])})` : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit + 1);
  const page = toPage(rows, limit, (row) => [row.position, row.id]);
  return { ...page, items: page.items.map(({ position: _position, ...item }) => item) };
}
