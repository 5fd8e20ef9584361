import { and, desc, eq, like, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '@/db/client';
import { contacts, quotes } from '@/db/schema';
import { tenantTransaction } from '@/db/tenant-scope';
import { listQuotes, type QuoteListQuery } from '@/lib/quotes/queries';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { insertContacts } from '../helpers/contacts';
import { jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

/**
 * The quotes list's search inside a campsite's scope, as production runs it: the matches come from
 * crm_quotes_matching (migration 0022) on the trigram indexes in batches, and must page exactly as
 * the plain LIKE over the whole list did, with every other filter and never another campsite's row.
 */

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const rows = async <T>(handle: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await handle.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
};

const GUESTS = [
  { firstName: 'Jürgen', lastName: 'Müller', email: 'jm@example.de' },
  { firstName: 'Niccolò', lastName: 'Rossi', email: 'rossi@example.it' },
  { firstName: 'Zoë', lastName: 'Bianchi', email: 'zoe_b@example.it' },
  { firstName: 'Anna', lastName: 'Verdi', email: null },
];
const NAMES = ['Piazzola lago', 'Bungalow Rossini', 'Tenda 100%', 'Muller famiglia', 'Roulotte'];
const PROGRESS: QuoteProgress[] = ['bozza', 'inviato', 'letto', 'accettato'];

async function campsiteWithQuotes() {
  const campsite = await makeCampsite(db);
  const guests = await insertContacts(db, campsite.id, GUESTS);
  const start = Date.UTC(2026, 0, 1);
  const values = Array.from({ length: 160 }, (_, index) => ({
    campingId: campsite.id,
    contactId: guests[index % guests.length].id,
    name: `${NAMES[(index * 7) % NAMES.length]} ${index}`,
    progress: PROGRESS[(index * 3) % PROGRESS.length],
    tags: index % 5 === 0 ? ['Famiglia'] : [],
    // Pairs share their instant: the id must break the tie across pages.
    createdAt: new Date(start + Math.floor(index / 2) * 3_600_000),
  }));
  await db.insert(quotes).values(values);
  return campsite;
}

/** The plain query the search replaced: every word LIKE the quote's or the guest's text, newest first. */
async function plain(campsiteId: string, search: string, progress?: QuoteProgress[], tag?: string): Promise<string[]> {
  const words = search.trim().split(/\s+/).map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const found = await db
    .select({ id: quotes.id })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .where(
      and(
        eq(quotes.campingId, campsiteId),
        progress ? sql`${quotes.progress} in ${progress}` : undefined,
        tag ? sql`${quotes.tags} @> ${JSON.stringify([tag])}::jsonb` : undefined,
        ...words.map((pattern) => or(like(quotes.searchText, sql`crm_search_text(${pattern})`), like(contacts.searchText, sql`crm_search_text(${pattern})`))),
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return found.map((row) => row.id);
}

/** Every page of the list in turn, by its cursor. */
async function allPages(handle: DbOrTx, campsiteId: string, filters: QuoteListQuery): Promise<{ ids: string[]; pages: number }> {
  const ctx = jobCtxFor(handle as unknown as Database, campsiteId);
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listQuotes(ctx, { ...filters, cursor });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids, pages };
}

const CASES: { search: string; progress?: QuoteProgress[]; tag?: string }[] = [
  { search: 'muller' },
  { search: 'MÜLLER' },
  { search: 'ro' },
  { search: 'rossi' },
  { search: 'rossi bungalow' },
  { search: 'ro', progress: ['inviato'] },
  { search: 'niccolo', progress: ['accettato'], tag: 'Famiglia' },
  { search: '100%' },
  { search: 'zoe_' },
  { search: 'zzzz' },
];

describe('quote search inside the campsite scope', () => {
  it('pages exactly as the plain query, with the other filters, on no sequential scan, never another campsite’s quotes', async () => {
    const mine = await campsiteWithQuotes();
    await campsiteWithQuotes();
    // Read before the scope: on PGlite its one connection is the scope's until it ends.
    const expected = await Promise.all(CASES.map(({ search, progress, tag }) => plain(mine.id, search, progress, tag)));
    expect(expected[2].length).toBeGreaterThan(14);
    await tenantTransaction(db, mine.id, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [before] = await rows<{ seq: number }>(tx, sql`select (pg_stat_get_xact_numscans('quotes'::regclass) + pg_stat_get_xact_numscans('contacts'::regclass))::int as seq`);
      for (const [index, { search, progress, tag }] of CASES.entries()) {
        // The plain query's rows are mine.id's only: equal lists never hold another campsite's quote.
        const found = await allPages(tx, mine.id, { search, progress, tag, limit: 7 });
        expect(found.ids, search).toEqual(expected[index]);
        expect(found.pages, search).toBe(Math.max(1, Math.ceil(expected[index].length / 7)));
      }
      const [after] = await rows<{ seq: number }>(tx, sql`select (pg_stat_get_xact_numscans('quotes'::regclass) + pg_stat_get_xact_numscans('contacts'::regclass))::int as seq`);
      expect(after.seq - before.seq).toBe(0);
    });
  });

  it('returns nothing for another campsite named inside the scope, and outside a scope what the owner may read', async () => {
    const mine = await campsiteWithQuotes();
    const theirs = await campsiteWithQuotes();
    await tenantTransaction(db, mine.id, async (tx) => {
      const found = await rows<{ n: number }>(tx, sql`select count(*)::int as n from crm_quotes_matching(${theirs.id}::text, array['%muller%']::text[], null, null, null, null, 100)`);
      expect(found[0].n).toBe(0);
    });
    const unscoped = await allPages(db, theirs.id, { search: 'muller', limit: 25 });
    expect(unscoped.ids).toEqual(await plain(theirs.id, 'muller'));
    expect(unscoped.ids.length).toBeGreaterThan(0);
  });
});
