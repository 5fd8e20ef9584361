import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, quoteRequests, quotes } from '@/db/schema';
import { getOverview } from '@/lib/dashboard/service';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/quotes/progress';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const MINUTE = 60_000;

/** The wall clock in Rome at an instant, as { year, month, day, hour, minute } strings. */
function romeClock(at: Date): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/** Midnight of the 1st of the current month in Rome, as an instant (Rome is UTC+1 or UTC+2). */
function startOfMonthInRome(now = new Date()): Date {
  const { year, month } = romeClock(now);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(Number(year), Number(month) - 1, 1) - offsetHours * 60 * MINUTE);
    const clock = romeClock(candidate);
    if (clock.day === '01' && clock.hour === '00' && clock.minute === '00') return candidate;
  }
  throw new Error('Inizio del mese a Roma non trovato');
}

async function addContact(campingId: string) {
  const [contact] = await db.insert(contacts).values({ campingId, firstName: 'Ospite', lastName: 'Di Prova' }).returning();
  return contact;
}

async function addQuotes(campingId: string, contactId: string, progress: QuoteProgress, howMany: number) {
  for (let i = 0; i < howMany; i++) await db.insert(quotes).values({ campingId, contactId, progress });
}

/** A guest request opens its own quote in progress 'richiesta'. */
async function addRequest(campingId: string, contactId: string, createdAt: Date) {
  const [quote] = await db.insert(quotes).values({ campingId, contactId, progress: 'richiesta' }).returning();
  await db.insert(quoteRequests).values({ campingId, contactId, quoteId: quote.id, createdAt });
}

describe('getOverview', () => {
  it('counts only the tenant’s rows and reports every progress', async () => {
    const mine = await makeCampsite(db);
    const theirs = await makeCampsite(db);
    const guest = await addContact(mine.id);
    await addContact(mine.id);
    await addQuotes(mine.id, guest.id, 'bozza', 2);
    await addQuotes(mine.id, guest.id, 'inviato', 1);
    await addRequest(mine.id, guest.id, new Date());

    // Plenty of rows in the other campsite: none of them may show up.
    const stranger = await addContact(theirs.id);
    for (let i = 0; i < 3; i++) await addContact(theirs.id);
    await addQuotes(theirs.id, stranger.id, 'bozza', 4);
    await addQuotes(theirs.id, stranger.id, 'accettato', 5);
    await addRequest(theirs.id, stranger.id, new Date());
    await addRequest(theirs.id, stranger.id, new Date());

    const overview = await getOverview(db, { campsiteId: mine.id });
    expect(overview.contacts).toBe(2);
    expect(overview.quotes).toBe(4);
    expect(overview.requestsThisMonth).toBe(1);
    expect(overview.quotesThisMonth).toBe(4);
    expect(Object.keys(overview.quotesByProgress).sort()).toEqual([...QUOTE_PROGRESS].sort());
    expect(Object.keys(overview.quotesByProgress)).toHaveLength(10);
    expect(overview.quotesByProgress).toEqual({
      richiesta: 1,
      bozza: 2,
      nuovo: 0,
      inviato: 1,
      letto: 0,
      accettato: 0,
      rifiutato: 0,
      convertito: 0,
      'non convertito': 0,
      scaduto: 0,
    });

    const theirOverview = await getOverview(db, { campsiteId: theirs.id });
    expect(theirOverview).toMatchObject({ contacts: 4, quotes: 11, requestsThisMonth: 2 });
  });

  it('gives zeros and every key for a campsite with nothing yet', async () => {
    const empty = await makeCampsite(db);
    const overview = await getOverview(db, { campsiteId: empty.id });
    expect(overview).toEqual({
      contacts: 0,
      quotes: 0,
      quotesByProgress: Object.fromEntries(QUOTE_PROGRESS.map((progress) => [progress, 0])),
      requestsThisMonth: 0,
      quotesThisMonth: 0,
      acceptanceRate: null,
    });
  });

  it('counts the requests since midnight of the 1st in Rome, not in UTC', async () => {
    const campsite = await makeCampsite(db);
    const guest = await addContact(campsite.id);
    const monthStart = startOfMonthInRome();
    // Half an hour after midnight in Rome is still the previous month in UTC.
    const justAfter = new Date(Math.min(monthStart.getTime() + 30 * MINUTE, Date.now() - MINUTE));
    await addRequest(campsite.id, guest.id, justAfter);
    await addRequest(campsite.id, guest.id, new Date());
    await addRequest(campsite.id, guest.id, new Date(monthStart.getTime() - MINUTE));
    await addRequest(campsite.id, guest.id, new Date(monthStart.getTime() - 40 * 24 * 60 * MINUTE));

    const overview = await getOverview(db, { campsiteId: campsite.id });
    expect(overview.requestsThisMonth).toBe(2);
  });

  it('has no acceptance rate while nothing reached a guest', async () => {
    const campsite = await makeCampsite(db);
    const guest = await addContact(campsite.id);
    await addQuotes(campsite.id, guest.id, 'bozza', 2);
    await addQuotes(campsite.id, guest.id, 'nuovo', 1);
    await addRequest(campsite.id, guest.id, new Date());

    expect((await getOverview(db, { campsiteId: campsite.id })).acceptanceRate).toBeNull();
  });

  it('computes the acceptance rate as (accettato + convertito) over everything sent or later', async () => {
    const campsite = await makeCampsite(db);
    const guest = await addContact(campsite.id);
    // Never sent: not part of the rate.
    await addQuotes(campsite.id, guest.id, 'bozza', 3);
    await addQuotes(campsite.id, guest.id, 'nuovo', 2);
    await addRequest(campsite.id, guest.id, new Date());
    // Sent or later: 8 quotes, 2 of them won.
    await addQuotes(campsite.id, guest.id, 'inviato', 1);
    await addQuotes(campsite.id, guest.id, 'letto', 1);
    await addQuotes(campsite.id, guest.id, 'accettato', 1);
    await addQuotes(campsite.id, guest.id, 'rifiutato', 1);
    await addQuotes(campsite.id, guest.id, 'convertito', 1);
    await addQuotes(campsite.id, guest.id, 'non convertito', 2);
    await addQuotes(campsite.id, guest.id, 'scaduto', 1);
    // Another campsite that wins everything must not lift the rate.
    const other = await makeCampsite(db);
    const otherGuest = await addContact(other.id);
    await addQuotes(other.id, otherGuest.id, 'accettato', 5);

    expect((await getOverview(db, { campsiteId: campsite.id })).acceptanceRate).toBeCloseTo(2 / 8, 10);
    expect((await getOverview(db, { campsiteId: other.id })).acceptanceRate).toBe(1);
  });
});
