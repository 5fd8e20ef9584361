import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, mailOutbox, quoteCards, quoteRequests, quotes, users } from '@/db/schema';
import { seedDemo } from '@/db/seed/index';
import { refreshChangedCampsites, refreshCampsite } from '@/lib/dashboard/refresh';
import { getDashboard, type Dashboard } from '@/lib/dashboard/service';
import { listQuotes } from '@/lib/quotes/queries';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
};
const one = async (query: ReturnType<typeof sql>) => Number(Object.values((await rows<Record<string, unknown>>(query))[0])[0] ?? 0);

/** The oracle: plain SQL on the base tables, written without the aggregates. */
const effective = (at: Date) =>
  sql.raw(`case when q.progress in ('nuovo','inviato','letto') and q.valid_until < '${at.toISOString()}'::timestamptz then 'scaduto' else q.progress end`);
const romeDate = (column: string) => sql.raw(`(${column} at time zone 'Europe/Rome')::date`);
const REACHED = sql.raw(`('inviato','letto','accettato','rifiutato','convertito','non convertito','scaduto')`);

async function expectFiguresMatchSql(campsiteId: string, dashboard: Dashboard, at: Date) {
  expect(dashboard.contacts.value).toBe(await one(sql`select count(*) from contacts where camping_id = ${campsiteId}`));
  const byProgress = await rows<{ p: QuoteProgress; n: number }>(
    sql`select ${effective(at)} as p, count(*)::int as n from quotes q where q.camping_id = ${campsiteId} group by 1`,
  );
  for (const progress of QUOTE_PROGRESS) {
    expect(dashboard.quotes.byProgress[progress].value, progress).toBe(byProgress.find((row) => row.p === progress)?.n ?? 0);
  }
  expect(dashboard.quotes.total.value).toBe(await one(sql`select count(*) from quotes where camping_id = ${campsiteId}`));
  const maxCard = sql`(select max(c.total_cents) from quote_cards c where c.quote_id = q.id)`;
  const acceptedCard = sql`(select c.total_cents from quote_cards c where c.quote_id = q.id and c.idx = q.accepted_card_idx)`;
  expect(dashboard.quotes.value.proposedCents.value).toBe(
    await one(sql`select coalesce(sum(${maxCard}), 0) from quotes q where q.camping_id = ${campsiteId} and ${effective(at)} in ${REACHED}`),
  );
  expect(dashboard.quotes.value.acceptedCents.value).toBe(
    await one(sql`select coalesce(sum(${acceptedCard}), 0) from quotes q where q.camping_id = ${campsiteId} and q.progress in ('accettato','convertito')`),
  );
  expect(dashboard.quotes.value.convertedCents.value).toBe(
    await one(sql`select coalesce(sum(${acceptedCard}), 0) from quotes q where q.camping_id = ${campsiteId} and q.progress = 'convertito'`),
  );
  const rome = sql.raw(`(now() at time zone 'Europe/Rome')`);
  const sent = (months: number) =>
    one(sql`select count(*) from mail_outbox where camping_id = ${campsiteId} and status in ('sent','captured')
      and date_trunc('month', sent_at at time zone 'Europe/Rome') = date_trunc('month', ${rome}) - make_interval(months => ${months})`);
  expect(dashboard.mails.thisMonth.value).toBe(await sent(0));
  expect(dashboard.mails.lastMonth.value).toBe(await sent(1));
  for (const side of [dashboard.conversion.current, dashboard.conversion.previous]) {
    const inRange = sql`q.camping_id = ${campsiteId} and ${romeDate('q.created_at')} between ${side.range.from}::date and ${side.range.to}::date`;
    expect(side.reached.value).toBe(await one(sql`select count(*) from quotes q where ${inRange} and ${effective(at)} in ${REACHED}`));
    expect(side.won.value).toBe(await one(sql`select count(*) from quotes q where ${inRange} and q.progress in ('accettato','convertito')`));
  }
  const nations = await rows<{ nation: number; n: number }>(
    sql`select coalesce(nation_id, 0) as nation, count(*)::int as n from contacts where camping_id = ${campsiteId} group by 1`,
  );
  expect(Object.fromEntries(dashboard.nations.map((row) => [row.nationId, row.contacts.value]))).toEqual(Object.fromEntries(nations.map((row) => [row.nation, row.n])));
  const nc = dashboard.nationConversion.range;
  const byNation = await rows<{ nation: number; reached: number; won: number }>(
    sql`select coalesce(ct.nation_id, 0) as nation, count(*) filter (where ${effective(at)} in ${REACHED})::int as reached,
      count(*) filter (where q.progress in ('accettato','convertito'))::int as won
    from quotes q join contacts ct on ct.id = q.contact_id
    where q.camping_id = ${campsiteId} and ${romeDate('q.created_at')} between ${nc.from}::date and ${nc.to}::date group by 1`,
  );
  expect(Object.fromEntries(dashboard.nationConversion.nations.map((row) => [row.nationId, [row.reached.value, row.won.value]]))).toEqual(
    Object.fromEntries(byNation.filter((row) => row.reached > 0).map((row) => [row.nation, [row.reached, row.won]])),
  );
  const range = dashboard.requests.range;
  expect(dashboard.requests.total.value).toBe(
    await one(sql`select count(*) from quote_requests where camping_id = ${campsiteId} and ${romeDate('created_at')} between ${range.from}::date and ${range.to}::date`),
  );
  for (const season of dashboard.seasons) {
    expect(season.quotes.value).toBe(
      await one(sql`select count(*) from quotes q where q.camping_id = ${campsiteId} and ${romeDate('q.created_at')} between ${season.range.from}::date and least(${season.range.to}::date, ${romeDate('now()')})`),
    );
  }
}

/** Every row of every page of the quote list with these filters, as the staff would see them. */
async function listAll(campsiteId: string, filters: Parameters<typeof listQuotes>[1]) {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await listQuotes(ctxFor(db, { campsiteId }), { ...filters, cursor });
    count += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}

const pick = <T,>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)];
const DAY = 86_400_000;

async function randomCampsite(size: number) {
  const campsite = await makeCampsite(db);
  const guests = await db
    .insert(contacts)
    .values(Array.from({ length: Math.ceil(size / 3) }, () => ({ campingId: campsite.id, firstName: 'Ospite', nationId: pick([1, 2, 3, 5, null]), createdAt: new Date(Date.now() - Math.random() * 700 * DAY) })))
    .returning();
  for (let i = 0; i < size; i++) {
    const progress = pick(QUOTE_PROGRESS);
    const won = progress === 'accettato' || progress === 'convertito';
    const createdAt = new Date(Date.now() - Math.random() * 800 * DAY);
    const [quote] = await db
      .insert(quotes)
      .values({ campingId: campsite.id, contactId: pick(guests).id, progress, createdAt, acceptedCardIdx: won ? 1 : null, validUntil: Math.random() < 0.3 ? new Date(Date.now() - DAY) : null })
      .returning();
    const cards = Math.floor(Math.random() * 3);
    if (cards) await db.insert(quoteCards).values(Array.from({ length: cards }, (_, idx) => ({ campingId: campsite.id, quoteId: quote.id, idx, totalCents: Math.floor(Math.random() * 300_000) })));
    if (progress === 'richiesta') await db.insert(quoteRequests).values({ campingId: campsite.id, quoteId: quote.id, contactId: quote.contactId, createdAt: new Date(Date.now() - Math.random() * 60 * DAY) });
  }
  await db.insert(mailOutbox).values(
    Array.from({ length: 20 }, (_, i) => ({
      campingId: campsite.id,
      idempotencyKey: `${campsite.id}-${i}`,
      kind: 'prova',
      fromAddress: 'crm@example.test',
      recipients: ['ospite@example.test'],
      subject: 'Prova',
      html: '<p>Prova</p>',
      status: pick(['sent', 'captured', 'pending', 'failed'] as const),
      sentAt: new Date(Date.now() - Math.random() * 70 * DAY),
    })),
  );
  return campsite;
}

describe('dashboard figures', () => {
  it('equal plain SQL on the base tables on a random dataset, and never count another campsite', async () => {
    const [mine, theirs] = [await randomCampsite(120), await randomCampsite(60)];
    const now = new Date();
    await refreshCampsite(db, mine.id, now);
    await refreshCampsite(db, theirs.id, now);
    for (const comparison of ['mese', 'stagione', 'anno'] as const) {
      await expectFiguresMatchSql(mine.id, await getDashboard(ctxFor(db, { campsiteId: mine.id }), now, { comparison }), now);
    }
    await expectFiguresMatchSql(theirs.id, await getDashboard(ctxFor(db, { campsiteId: theirs.id }), now, { bucket: 'mese' }), now);
  });

  it('equal plain SQL and the quote list on the demo data', async () => {
    const now = new Date();
    await seedDemo(db, { now });
    const [admin] = await db.select({ campingId: users.campingId }).from(users).where(eq(users.email, 'admin@lagoazzurro.test'));
    await refreshCampsite(db, admin.campingId, now);
    const dashboard = await getDashboard(ctxFor(db, { campsiteId: admin.campingId }), now);
    await expectFiguresMatchSql(admin.campingId, dashboard, now);
    for (const progress of QUOTE_PROGRESS) {
      expect(await listAll(admin.campingId, { progress: [progress] }), progress).toBe(dashboard.quotes.byProgress[progress].value);
    }
    expect(dashboard.quotes.byProgress.inviato.href).toBe('/preventivi?stato=inviato');
    const current = dashboard.conversion.current;
    const [, query] = current.reached.href.split('?');
    const params = new URLSearchParams(query);
    const listed = await listAll(admin.campingId, { progress: params.getAll('stato') as QuoteProgress[], dateFrom: params.get('dal')!, dateTo: params.get('al')! });
    expect(listed).toBe(current.reached.value);
  });

  it('shows the last rebuild until the job or forceUpdate rebuilds the changed campsites only', async () => {
    const changed = await makeCampsite(db);
    const untouched = await makeCampsite(db);
    const guest = (await db.insert(contacts).values({ campingId: changed.id }).returning())[0];
    await refreshCampsite(db, changed.id);
    await refreshCampsite(db, untouched.id);
    const before = await getDashboard(ctxFor(db, { campsiteId: untouched.id }));
    await db.insert(quotes).values({ campingId: changed.id, contactId: guest.id, progress: 'inviato' });
    expect((await getDashboard(ctxFor(db, { campsiteId: changed.id }))).quotes.byProgress.inviato.value).toBe(0);
    const done = await refreshChangedCampsites(db, 1000);
    expect(done).toContain(changed.id);
    expect(done).not.toContain(untouched.id);
    expect((await getDashboard(ctxFor(db, { campsiteId: changed.id }))).quotes.byProgress.inviato.value).toBe(1);
    expect((await getDashboard(ctxFor(db, { campsiteId: untouched.id }))).refreshedAt).toEqual(before.refreshedAt);
    expect(await refreshChangedCampsites(db, 1000)).not.toContain(changed.id);
  });
});
