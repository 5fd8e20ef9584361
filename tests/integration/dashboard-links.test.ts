import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, mailOutbox, quoteCards, quoteRequests, quotes, users } from '@/db/schema';
import { seedDemo } from '@/db/seed/index';
import { parseContactListParams } from '@/lib/contacts/list-params';
import { listContacts } from '@/lib/contacts/search';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { dashboardFigures } from '@/lib/dashboard/figure-registry';
import { refreshCampsite } from '@/lib/dashboard/refresh';
import { getDashboard } from '@/lib/dashboard/service';
import { parseOutboxListParams } from '@/lib/mail/outbox-list-params';
import { listOutbox } from '@/lib/mail/outbox-view';
import { parseQuoteListParams } from '@/lib/quotes/list-params';
import { listQuotes } from '@/lib/quotes/queries';
import { parseRequestListParams } from '@/lib/quotes/request-list-params';
import { listRequests } from '@/lib/quotes/requests';
import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

type Page<T> = { items: T[]; nextCursor: string | null };

/** Every row of every page, following the list's own cursor as "Pagina successiva" does. */
async function walk<T>(read: (cursor: string | null) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/**
 * What the staff sees after clicking a figure: the page at the link's path reads the link's query
 * with the same parser the page uses, and lists every row. The ids of the rows, so that a sum of
 * money can be checked over exactly them. A path with no list here fails the test.
 */
async function followLink(ctx: CampsiteCtx, href: string): Promise<{ list: string; ids: string[] }> {
  const url = new URL(href, 'http://crm.test');
  const params: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    params[key] = values.length > 1 ? values : values[0];
  }
  switch (url.pathname) {
    case '/preventivi': {
      const filters = parseQuoteListParams(params);
      const rows = await walk((cursor) => listQuotes(ctx, { ...filters, cursor: cursor ?? undefined, limit: 100 }));
      return { list: 'quotes', ids: rows.map((row) => row.id) };
    }
    case '/clienti': {
      const filters = parseContactListParams(params);
      const rows = await walk((cursor) => listContacts(ctx, { ...filters, cursor, limit: 100 }));
      return { list: 'contacts', ids: rows.map((row) => row.id) };
    }
    case '/richieste': {
      const filters = parseRequestListParams(params);
      const rows = await walk((cursor) => listRequests(ctx, { ...filters, cursor, limit: 100 }));
      return { list: 'requests', ids: rows.map((row) => row.quoteId) };
    }
    case '/mail': {
      const filters = parseOutboxListParams(params);
      const rows = await walk((cursor) => listOutbox(ctx, { ...filters, cursor }));
      return { list: 'mails', ids: rows.map((row) => row.id) };
    }
    default:
      throw new Error(`La cifra porta a ${href}, una pagina che questo test non sa contare: aggiungila a followLink.`);
  }
}

const sumOf = async (column: 'max' | 'accepted', quoteIds: string[]) => {
  if (quoteIds.length === 0) return 0;
  const ids = sql.join(quoteIds.map((id) => sql`${id}`), sql`, `);
  const card =
    column === 'max'
      ? sql`(select max(c.total_cents) from quote_cards c where c.quote_id = q.id)`
      : sql`(select c.total_cents from quote_cards c where c.quote_id = q.id and c.idx = q.accepted_card_idx)`;
  const result = (await db.execute(sql`select coalesce(sum(${card}), 0)::float8 as total from quotes q where q.id in (${ids})`)) as unknown as { rows?: { total: number }[] } | { total: number }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return Number(rows[0].total);
};

/** Follows every figure of the dashboard's registry to its list and counts (or sums) what it shows. */
async function expectEveryLinkCountsItsFigure(campsiteId: string, comparison: 'mese' | 'stagione' | 'anno', bucket: 'giorno' | 'settimana' | 'mese' = 'giorno') {
  const ctx = ctxFor(db, { campsiteId });
  const dashboard = await getDashboard(ctx, new Date(), { comparison, bucket });
  const figures = dashboardFigures(dashboard);
  const mismatches: string[] = [];
  for (const figure of figures) {
    const { ids } = await followLink(ctx, figure.href);
    const shown = figure.unit === 'count' ? ids.length : await sumOf(figure.key.endsWith('proposedCents') ? 'max' : 'accepted', ids);
    if (shown !== figure.value) mismatches.push(`${figure.key} = ${figure.value}, ${figure.href} ne mostra ${shown}`);
  }
  expect(mismatches).toEqual([]);
  return figures;
}

const pick = <T,>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)];
const DAY = 86_400_000;

/** Quotes, requests, contacts and mails scattered over two years, some well outside any period. */
async function busyCampsite(size: number) {
  const campsite = await makeCampsite(db);
  const guests = await db
    .insert(contacts)
    .values(Array.from({ length: Math.ceil(size / 3) }, () => ({ campingId: campsite.id, firstName: 'Ospite', nationId: pick([1, 2, 3, 5, null]), createdAt: new Date(Date.now() - Math.random() * 700 * DAY) })))
    .returning();
  for (let i = 0; i < size; i++) {
    const progress = pick(QUOTE_PROGRESS);
    const won = progress === 'accettato' || progress === 'convertito';
    const [quote] = await db
      .insert(quotes)
      .values({ campingId: campsite.id, contactId: pick(guests).id, progress, createdAt: new Date(Date.now() - Math.random() * 800 * DAY), acceptedCardIdx: won ? 1 : null, validUntil: Math.random() < 0.3 ? new Date(Date.now() - DAY) : null })
      .returning();
    const cards = Math.floor(Math.random() * 3);
    if (cards) await db.insert(quoteCards).values(Array.from({ length: cards }, (_, idx) => ({ campingId: campsite.id, quoteId: quote.id, idx, totalCents: Math.floor(Math.random() * 300_000) })));
    // Requests reach back 90 days: some fall inside the dashboard's 30 days, some before.
    if (progress === 'richiesta' || Math.random() < 0.2) {
      await db.insert(quoteRequests).values({ campingId: campsite.id, quoteId: quote.id, contactId: quote.contactId, createdAt: new Date(Date.now() - Math.random() * 90 * DAY) });
    }
  }
  // One guest certainly returning in every period (the random ones may miss the shortest): booked two seasons ago, asking again today.
  const [returning] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Ospite di ritorno' }).returning();
  await db.insert(quotes).values([
    { campingId: campsite.id, contactId: returning.id, progress: 'convertito', createdAt: new Date(Date.now() - 730 * DAY) },
    { campingId: campsite.id, contactId: returning.id, progress: 'inviato', createdAt: new Date() },
  ]);
  await db.insert(mailOutbox).values(
    Array.from({ length: 40 }, (_, i) => ({
      campingId: campsite.id,
      idempotencyKey: `${campsite.id}-${i}`,
      kind: 'prova',
      fromAddress: 'crm@example.test',
      recipients: ['ospite@example.test'],
      subject: 'Prova',
      html: '<p>Prova</p>',
      status: pick(['sent', 'captured', 'pending', 'failed'] as const),
      sentAt: new Date(Date.now() - Math.random() * 100 * DAY),
    })),
  );
  // Newsletters the demo kept in the outbox: neither the figure nor its list counts them.
  await db.insert(mailOutbox).values(
    Array.from({ length: 5 }, (_, i) => ({
      campingId: campsite.id,
      idempotencyKey: `${campsite.id}-newsletter-${i}`,
      kind: 'newsletter',
      fromAddress: 'crm@example.test',
      recipients: ['ospite@example.test'],
      subject: 'Novità',
      html: '<p>Novità</p>',
      status: 'captured' as const,
      sentAt: new Date(Date.now() - Math.random() * 20 * DAY),
    })),
  );
  return campsite;
}

describe('every dashboard figure opens the list that counts it', () => {
  it('on a busy campsite, for every period: each link lists exactly its figure, and no other campsite', async () => {
    const [mine, theirs] = [await busyCampsite(150), await busyCampsite(60)];
    await refreshCampsite(db, mine.id);
    await refreshCampsite(db, theirs.id);
    const figures = await expectEveryLinkCountsItsFigure(mine.id, 'stagione');
    // The registry reaches every kind of figure the page shows.
    const keys = figures.map((figure) => figure.key);
    for (const expected of ['contacts', 'quotes.total', 'mails.thisMonth', 'mails.lastMonth', 'requests.total', 'quotes.value.proposedCents', 'returning.returning.quotes', 'returning.firstTime.won', 'seasons.0.quotes']) {
      expect(keys).toContain(expected);
    }
    expect(keys.some((key) => /^nations\.\d+\.contacts$/.test(key))).toBe(true);
    expect(keys.some((key) => /^nationConversion\.nations\.\d+\.reached$/.test(key))).toBe(true);
    // The figures are not all zero: the links are tried on real rows.
    expect(dashboard(figures, 'requests.total')).toBeGreaterThan(0);
    expect(dashboard(figures, 'mails.thisMonth') + dashboard(figures, 'mails.lastMonth')).toBeGreaterThan(0);
    expect(dashboard(figures, 'returning.returning.quotes')).toBeGreaterThan(0);
    await expectEveryLinkCountsItsFigure(mine.id, 'mese', 'settimana');
    await expectEveryLinkCountsItsFigure(mine.id, 'anno', 'mese');
    await expectEveryLinkCountsItsFigure(theirs.id, 'stagione');
  });

  it('on the demo campsite', async () => {
    await seedDemo(db, { now: new Date() });
    const [admin] = await db.select({ campingId: users.campingId }).from(users).where(eq(users.email, 'admin@lagoazzurro.test'));
    await refreshCampsite(db, admin.campingId);
    await expectEveryLinkCountsItsFigure(admin.campingId, 'stagione');
  });
});

const dashboard = (figures: { key: string; value: number }[], key: string) => figures.find((figure) => figure.key === key)?.value ?? 0;
