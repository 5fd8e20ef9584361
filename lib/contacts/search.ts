import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { contacts, languages, nations } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { tableDateRange } from '@/lib/date-filter';
import { decodeCursor, DEFAULT_PAGE_SIZE, exactTimestamp, MAX_PAGE_SIZE, toPage, type CursorValue, type Page } from '@/lib/pagination';
import { escapeLike, searchWords } from '@/lib/search';
import type { ContactSort } from './validation';

export type ContactRow = typeof contacts.$inferSelect;
/** A contact with the names of its language and nation, as lists and details show it. */
export type ContactListItem = ContactRow & { languageName: string | null; nationName: string | null };

/** nationId: the contact's nationality, 0 for "not given" (as the dashboard counts it). */
export type ContactSearch = { search?: string | null; dateFrom?: string | null; dateTo?: string | null; nationId?: number | null };


const PHONE_LIKE = /^[0-9+\s().\-/]+$/;
const MAX_WORDS = 8;

/** One word of a search: its text in search_text, or its digits in phone_digits; null where not searched. */
type SearchWord = { text: string | null; digits: string | null };

/**
 * Contacts matching every word, read on the trigram indexes even inside a campsite's scope. Under
 * row-level security a LIKE, not being LEAKPROOF, cannot be an index condition, and the search
 * read every contact of the campsite; crm_contacts_matching (migration 0020) runs the LIKEs as the
 * tables' owner and returns the addresses (ctid) of the scope's campsite's matches only. This
 * query reads them by a TID scan, so its policy still applies to every row.
 */
function matching(words: SearchWord[]): SQL {
  const texts = words.map((word) => (word.text === null ? sql`null` : sql`'%' || crm_search_text(${escapeLike(word.text)}::text) || '%'`));
  const phones = words.map((word) => (word.digits === null ? sql`null` : sql`${`%${word.digits}%`}::text`));
  return sql`${contacts}.ctid = any(array(select found from crm_contacts_matching(array[${sql.join(texts, sql`, `)}]::text[], array[${sql.join(phones, sql`, `)}]::text[]) found))`;
}

/** The words of a search box: each in search_text (name, surname, e-mail, lower-case and accent-free), or for a word of phone characters also its digits in phone_digits. */
function searchWordsOf(term: string | null | undefined): SearchWord[] {
  return searchWords(term, MAX_WORDS).map((word) => {
    const digits = word.replace(/\D/g, '');
    return { text: word, digits: PHONE_LIKE.test(word) && digits.length >= 2 ? digits : null };
  });
}

/** One condition, every word required (searchWordsOf); both columns have trigram indexes. */
export function searchCondition(term: string | null | undefined): SQL | undefined {
  const words = searchWordsOf(term);
  return words.length === 0 ? undefined : matching(words);
}

/** The campsite, the text search and the table date filter (spec section 5) on date_creation. */
export function contactConditions(campsiteId: string, filters: ContactSearch): SQL {
  const range = tableDateRange(filters.dateFrom, filters.dateTo);
  return and(
    eq(contacts.campingId, campsiteId),
    searchCondition(filters.search),
    range ? gte(contacts.createdAt, range.from) : undefined,
    range ? lt(contacts.createdAt, range.to) : undefined,
    filters.nationId === undefined || filters.nationId === null ? undefined : sql`coalesce(${contacts.nationId}, 0) = ${filters.nationId}`,
  )!;
}

type SortKey = {
  /** What rows are ordered and compared by. */
  expr: SQL;
  direction: 'asc' | 'desc';
  /** The value stored in the cursor, read with the row (exact: timestamps keep their microseconds). */
  cursorValue: SQL;
  /** The cursor value back as an SQL parameter of the key's type. */
  param: (value: CursorValue) => SQL;
};

const textParam = (value: CursorValue) => sql`${String(value ?? '')}::text`;
const idKey: SortKey = { expr: sql`${contacts.id}`, direction: 'asc', cursorValue: sql`${contacts.id}`, param: textParam };
const createdKey = (direction: 'asc' | 'desc'): SortKey => ({
  expr: sql`${contacts.createdAt}`,
  direction,
  cursorValue: exactTimestamp(contacts.createdAt),
  param: (value) => sql`${String(value ?? '')}::timestamptz`,
});
const lowerKey = (column: SQL): SortKey => ({ expr: column, direction: 'asc', cursorValue: column, param: textParam });

/**
 * The orders of the list. 'recenti' walks the (camping_id, created_at, id) index backwards,
 * 'meno-recenti' forwards, 'nome' the (camping_id, lower(last_name), lower(first_name), id) one.
 * Contacts without an e-mail come last in the e-mail order.
 */
const SORT_KEYS: Record<ContactSort, SortKey[]> = {
  // Keep every key of an order in one direction: afterCursor compares them as one row.
  recenti: [createdKey('desc'), { ...idKey, direction: 'desc' }],
  'meno-recenti': [createdKey('asc'), idKey],
  nome: [lowerKey(sql`lower(${contacts.lastName})`), lowerKey(sql`lower(${contacts.firstName})`), idKey],
  email: [
    { expr: sql`(case when ${contacts.email} is null then 1 else 0 end)`, direction: 'asc', cursorValue: sql`(case when ${contacts.email} is null then 1 else 0 end)`, param: (value) => sql`${Number(value)}::int` },
    lowerKey(sql`coalesce(lower(${contacts.email}), '')`),
    idKey,
  ],
};

/** The ORDER BY of a sort, for a query that walks the whole list at once (the export's COPY). */
export function contactOrder(sort: ContactSort): SQL[] {
  return SORT_KEYS[sort].map((key) => (key.direction === 'asc' ? sql`${key.expr} asc` : sql`${key.expr} desc`));
}

/**
 * Rows strictly after the cursor in the sort order. Every order sorts all its keys one way, so this
 * is a row comparison, (k1, k2, …) > (v1, v2, …), which the index bounds at any depth; the
 * equivalent (k1 > v1) or (k1 = v1 and k2 > v2) … made PostgreSQL filter every row before the cursor.
 */
function afterCursor(keys: SortKey[], values: CursorValue[]): SQL {
  const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
  const left = row(keys.map((key) => key.expr));
  const right = row(keys.map((key, index) => key.param(values[index])));
  return keys[0].direction === 'asc' ? sql`${left} > ${right}` : sql`${left} < ${right}`;
}

export function clampLimit(limit: number | undefined, max = MAX_PAGE_SIZE): number {
  if (!limit || !Number.isFinite(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(1, Math.floor(limit)), max);
}

/**
 * One keyset page: never OFFSET, so page 400 costs what page 1 costs. The export and the
 * streamed legacy list call it with larger pages than the screen's.
 */
export async function fetchContactPage(
  db: DbOrTx,
  where: SQL,
  sort: ContactSort,
  cursor: string | null | undefined,
  limit: number,
): Promise<Page<ContactListItem>> {
  const keys = SORT_KEYS[sort];
  const position = decodeCursor(cursor, keys.length);
  // The page is read from contacts alone, so the planner walks the sort index and stops after
  // `limit` rows; joining the two small reference tables here made it sort the whole campsite.
  const rows = await db
    .select({
      contact: contacts,
      cursorValues: sql<CursorValue[]>`json_build_array(${sql.join(
        keys.map((key) => key.cursorValue),
        sql`, `,
      )})`,
    })
    .from(contacts)
    .where(position ? and(where, afterCursor(keys, position)) : where)
    .orderBy(...contactOrder(sort))
    .limit(limit + 1);
  const names = await referenceNames(db);
  const page = toPage(rows, limit, (row) => parseCursorValues(row.cursorValues));
  return {
    items: page.items.map((row) => ({
      ...row.contact,
      languageName: row.contact.languageId === null ? null : (names.languages.get(row.contact.languageId) ?? null),
      nationName: row.contact.nationId === null ? null : (names.nations.get(row.contact.nationId) ?? null),
    })),
    nextCursor: page.nextCursor,
  };
}

/** json_build_array comes back parsed from postgres.js and as text from some drivers. */
function parseCursorValues(value: unknown): CursorValue[] {
  const values = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return (values as unknown[]).map((item) => (typeof item === 'number' || item === null ? item : String(item)));
}

export type ContactListOptions = ContactSearch & { sort?: ContactSort; cursor?: string | null; limit?: number };

/** The campsite's contacts, filtered, sorted and paged by keyset; the names of language and nation included. */
export async function listContacts(ctx: CampsiteCtx, options: ContactListOptions = {}): Promise<Page<ContactListItem>> {
  return fetchContactPage(ctx.db, contactConditions(ctx.campsiteId, options), options.sort ?? 'recenti', options.cursor, clampLimit(options.limit));
}

/** Past this many, lists say "oltre 10.000": counting 200,000 rows on every page costs more than the page. */
export const COUNT_CAP = 10_000;

export type CappedCount = { count: number; capped: boolean };

/** How many contacts pass the filters (the cursor does not count), up to COUNT_CAP. */
export async function countContacts(ctx: CampsiteCtx, filters: ContactSearch = {}): Promise<CappedCount> {
  const matching = ctx.db.select({ one: sql`1` }).from(contacts).where(contactConditions(ctx.campsiteId, filters)).limit(COUNT_CAP + 1).as('matching');
  const [row] = await ctx.db.select({ value: count() }).from(matching);
  return { count: Math.min(row.value, COUNT_CAP), capped: row.value > COUNT_CAP };
}

/** Every page of the filtered list in turn, for the export and the streamed legacy list; memory stays one page. */
export async function* walkContacts(ctx: CampsiteCtx, filters: ContactSearch & { sort?: ContactSort }, pageSize = 1000): AsyncGenerator<ContactListItem[]> {
  const where = contactConditions(ctx.campsiteId, filters);
  let cursor: string | null = null;
  do {
    const page = await fetchContactPage(ctx.db, where, filters.sort ?? 'recenti', cursor, pageSize);
    if (page.items.length > 0) yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

export type ContactQuery = { email?: string; search?: string; telefono?: string };
export const CONTACT_QUERY_LIMIT = 50;

/** The legacy contactQuery: e-mail (exact, any case), free text and telephone digits, all that are given. */
export async function queryContacts(ctx: CampsiteCtx, query: ContactQuery): Promise<ContactListItem[]> {
  const digits = query.telefono?.replace(/\D/g, '') ?? '';
  // The telephone is one more word, searched in phone_digits only.
  const words = [...searchWordsOf(query.search), ...(query.telefono && digits ? [{ text: null, digits }] : [])];
  const where = and(
    eq(contacts.campingId, ctx.campsiteId),
    query.email ? sql`lower(${contacts.email}) = lower(${query.email.trim()}::text)` : undefined,
    words.length > 0 ? matching(words) : undefined,
    query.telefono && !digits ? sql`false` : undefined,
  )!;
  const page = await fetchContactPage(ctx.db, where, 'nome', null, CONTACT_QUERY_LIMIT);
  return page.items;
}

type ReferenceNames = { languages: Map<number, string>; nations: Map<number, string> };
let referenceCache: Promise<ReferenceNames> | undefined;

/** Languages and nations are shared reference data (migration 0001): read once per process. */
function referenceNames(db: DbOrTx): Promise<ReferenceNames> {
  referenceCache ??= Promise.all([
    db.select({ id: languages.id, name: languages.name }).from(languages),
    db.select({ id: nations.id, name: nations.name }).from(nations),
  ]).then(([languageRows, nationRows]) => ({
    languages: new Map(languageRows.map((row) => [row.id, row.name])),
    nations: new Map(nationRows.map((row) => [row.id, row.name])),
  }));
  referenceCache.catch(() => {
    referenceCache = undefined;
  });
  return referenceCache;
}
