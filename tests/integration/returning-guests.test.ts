import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { quoteCards, quoteProgressEvents, quoteRequests, quotes } from '@/db/schema';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { DEMO_CATALOGUES } from '@/lib/booking-platform/demo-catalogue';
import { demoPriceList } from '@/lib/booking-platform/demo-platform';
import { refreshCampsite } from '@/lib/dashboard/refresh';
import { returningConversion } from '@/lib/dashboard/returning';
import { priceCard } from '@/lib/booking-platform/pricing';
import { reproposeLastStay } from '@/lib/quotes/repropose';
import { lastStayOfContact, lastStaysForQuotes } from '@/lib/quotes/returning-guests';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const PARTY = [
  { personTypeId: 'LA-ADULTO', label: 'Adulto', count: 2 },
  { personTypeId: 'LA-BAMBINO', label: 'Bambino (3-11 anni)', count: 1 },
];
/** What last season's booking cost, kept on its card: this year's price must not come from it. */
const LAST_YEAR_TOTAL = 41_234;

type Stay = { arrival: string | null; departure: string | null; typologyId?: string; typologyName?: string; createdAt?: Date };

/** A quote as it would be after a booking (or another ending), written directly: last season's prices are not in this year's list. */
async function insertQuote(campsiteId: string, contactId: string, progress: QuoteProgress, stay: Stay, extra: Partial<typeof quotes.$inferInsert> = {}) {
  const [quote] = await db
    .insert(quotes)
    .values({ campingId: campsiteId, contactId, progress, acceptedCardIdx: progress === 'convertito' ? 0 : null, ...(stay.createdAt ? { createdAt: stay.createdAt } : {}), ...extra })
    .returning();
  if (stay.arrival || stay.typologyId) {
    await db.insert(quoteCards).values({
      campingId: campsiteId,
      quoteId: quote.id,
      idx: 0,
      typologyId: stay.typologyId ?? 'LA-PZ-STD',
      typologyName: stay.typologyName ?? 'Piazzola standard',
      arrival: stay.arrival,
      departure: stay.departure,
      people: PARTY,
      vehicles: [{ id: 'LA-AUTO', label: 'Auto', quantity: 1 }],
      services: [{ id: 'LA-CORRENTE', label: 'Allacciamento elettrico', quantity: 1 }],
      totalCents: LAST_YEAR_TOTAL,
      subtotalCents: LAST_YEAR_TOTAL,
    });
  }
  return quote;
}

/** A request from the public form for a stay in `arrival`'s year: a quote in 'richiesta' and its request row. */
async function insertRequest(campsiteId: string, contactId: string, arrival: string | null, departure: string | null) {
  const quote = await insertQuote(campsiteId, contactId, 'richiesta', { arrival: null, departure: null });
  await db.insert(quoteRequests).values({ campingId: campsiteId, quoteId: quote.id, contactId, arrival, departure, payload: { adulti: 2 } });
  return quote;
}

const BOOKED_2026 = { arrival: '2026-07-11', departure: '2026-07-18' };

async function world() {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { firstName: 'Greta', lastName: 'Bauer' });
  return { ...account, guest, campsiteId: account.campsite.id };
}

describe('who is a returning guest', () => {
  it('a guest who booked in an earlier season: the last stay with its dates, accommodation, unit and party', async () => {
    const { campsiteId, guest } = await world();
    await insertQuote(campsiteId, guest.id, 'convertito', { arrival: '2025-07-12', departure: '2025-07-19' }, { resources: ['LA-PZ-STD-3'] });
    const booked = await insertQuote(campsiteId, guest.id, 'convertito', BOOKED_2026, { resources: ['LA-PZ-STD-12'] });
    const request = await insertRequest(campsiteId, guest.id, '2027-07-17', '2027-07-24');

    const stays = await lastStaysForQuotes(ctxFor(db, { campsiteId }), { quoteIds: [request.id] });
    expect(stays.get(request.id)).toEqual({
      quoteId: booked.id,
      contactId: guest.id,
      year: 2026,
      ...BOOKED_2026,
      nights: 7,
      typologyId: 'LA-PZ-STD',
      typologyName: 'Piazzola standard',
      resources: [{ id: 'LA-PZ-STD-12', label: 'Piazzola 12' }],
      people: PARTY,
      vehicles: [{ id: 'LA-AUTO', quantity: 1 }],
      services: [{ id: 'LA-CORRENTE', quantity: 1 }],
    });
    // The 2026 booking itself is returning too, thanks to 2025; the contact's page sees 2026.
    expect((await lastStaysForQuotes(ctxFor(db, { campsiteId }), { quoteIds: [booked.id] })).get(booked.id)?.year).toBe(2025);
    expect((await lastStayOfContact(ctxFor(db, { campsiteId }), { contactId: guest.id, beforeYear: 2027 }))?.quoteId).toBe(booked.id);
  });

  it('not for a booking in the same season, a refused or never-booked quote last year, or a first quote', async () => {
    const { campsiteId, guest, tenant } = await world();
    await insertQuote(campsiteId, guest.id, 'convertito', { arrival: '2027-05-01', departure: '2027-05-04' });
    await insertQuote(campsiteId, guest.id, 'rifiutato', BOOKED_2026);
    await insertQuote(campsiteId, guest.id, 'accettato', BOOKED_2026);
    await insertQuote(campsiteId, guest.id, 'non convertito', BOOKED_2026);
    const request = await insertRequest(campsiteId, guest.id, '2027-07-17', '2027-07-24');
    const newcomer = await makeGuest(db, tenant, { firstName: 'Nuovo' });
    const first = await insertRequest(campsiteId, newcomer.id, '2027-07-17', '2027-07-24');
    expect((await lastStaysForQuotes(ctxFor(db, { campsiteId }), { quoteIds: [request.id, first.id] })).size).toBe(0);
  });

  it('not for a booking at another campsite, and never across campsites', async () => {
    const mine = await world();
    const theirs = await world();
    // The same person is a guest of both campsites, with a booking only at the other one.
    const twin = await makeGuest(db, theirs.tenant, { firstName: 'Greta', lastName: 'Bauer', email: mine.guest.email ?? undefined });
    await insertQuote(theirs.campsiteId, twin.id, 'convertito', BOOKED_2026);
    const request = await insertRequest(mine.campsiteId, mine.guest.id, '2027-07-17', '2027-07-24');
    expect((await lastStaysForQuotes(ctxFor(db, { campsiteId: mine.campsiteId }), { quoteIds: [request.id] })).size).toBe(0);

    const theirRequest = await insertRequest(theirs.campsiteId, twin.id, '2027-07-17', '2027-07-24');
    expect((await lastStaysForQuotes(ctxFor(db, { campsiteId: theirs.campsiteId }), { quoteIds: [theirRequest.id] })).size).toBe(1);
    // Their quote asked for under my campsite: absent.
    expect((await lastStaysForQuotes(ctxFor(db, { campsiteId: mine.campsiteId }), { quoteIds: [theirRequest.id] })).size).toBe(0);
    expect(await lastStayOfContact(ctxFor(db, { campsiteId: mine.campsiteId }), { contactId: twin.id, beforeYear: 2030 })).toBeNull();
  });

  it('a booking without dates counts from the day it was made', async () => {
    const { campsiteId, guest } = await world();
    await insertQuote(campsiteId, guest.id, 'convertito', { arrival: null, departure: null, createdAt: new Date('2026-03-02T10:00:00Z') });
    const request = await insertRequest(campsiteId, guest.id, '2027-07-17', '2027-07-24');
    expect((await lastStaysForQuotes(ctxFor(db, { campsiteId }), { quoteIds: [request.id] })).get(request.id)).toMatchObject({ year: 2026, arrival: null, nights: null });
  });
});

const cardsOf = (quoteId: string) => db.select().from(quoteCards).where(eq(quoteCards.quoteId, quoteId));

describe('Riproponi l’anno scorso', () => {
  it('fills the request’s quote with last year’s stay in the same week of the request’s year, priced from this year’s list, once', async () => {
    const { campsiteId, guest, tenant, platform } = await world();
    await insertQuote(campsiteId, guest.id, 'convertito', BOOKED_2026, { resources: ['LA-PZ-STD-12'] });
    const request = await insertRequest(campsiteId, guest.id, '2027-08-01', '2027-08-05');

    const result = await reproposeLastStay(ctxFor(db, tenant), platform, { contactId: guest.id, quoteId: request.id });
    expect(result).toMatchObject({ quoteId: request.id, contactId: guest.id, fromYear: 2026, created: true });
    const [card, ...others] = await cardsOf(request.id);
    expect(others).toEqual([]);
    // Saturday 11/07/2026 (week 28) → Saturday 17/07/2027, seven nights.
    const input = {
      typologyId: 'LA-PZ-STD',
      arrival: '2027-07-17',
      departure: '2027-07-24',
      people: [
        { personTypeId: 'LA-ADULTO', count: 2 },
        { personTypeId: 'LA-BAMBINO', count: 1 },
      ],
      vehicles: [{ id: 'LA-AUTO', quantity: 1 }],
      services: [{ id: 'LA-CORRENTE', quantity: 1 }],
    };
    const expected = priceCard(demoPriceList(DEMO_CATALOGUES['lago-azzurro']), input);
    expect(card).toMatchObject({ typologyId: 'LA-PZ-STD', arrival: input.arrival, departure: input.departure, totalCents: expected.totalCents, priceListId: 'LISTINO-2027' });
    expect(card.people.map(({ personTypeId, count }) => ({ personTypeId, count }))).toEqual(input.people);
    expect(card.totalCents).not.toBe(LAST_YEAR_TOTAL);

    // The unit: kept when the platform says it is free for the new dates, else left out and said.
    const free = (await platform.availability(null, { typologyId: 'LA-PZ-STD', arrival: input.arrival, departure: input.departure, people: 3 })).resources.some(
      (resource) => resource.id === 'LA-PZ-STD-12',
    );
    expect(result.resource).toEqual({ label: 'Piazzola 12', status: free ? 'free' : 'taken' });
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, request.id));
    expect(quote.resources).toEqual(free ? ['LA-PZ-STD-12'] : []);
    expect(quote.progress).toBe('richiesta');

    // A second click finds the card and adds nothing.
    const again = await reproposeLastStay(ctxFor(db, tenant), platform, { contactId: guest.id, quoteId: request.id });
    expect(again).toMatchObject({ quoteId: request.id, created: false });
    expect(await cardsOf(request.id)).toHaveLength(1);
    // Two clicks at once: still one card.
    await Promise.all([1, 2].map(() => reproposeLastStay(ctxFor(db, tenant), platform, { contactId: guest.id, quoteId: request.id })));
    expect(await cardsOf(request.id)).toHaveLength(1);
  });

  it('from the contact’s page: a new draft in the next season whose week is still ahead, and only one', async () => {
    const { campsiteId, guest, tenant, platform } = await world();
    await insertQuote(campsiteId, guest.id, 'convertito', BOOKED_2026);
    const now = new Date('2026-11-27T10:00:00Z');
    const result = await reproposeLastStay(ctxFor(db, tenant), platform, { contactId: guest.id }, now);
    expect(result).toMatchObject({ fromYear: 2026, created: true, resource: null });
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, result.quoteId));
    expect(quote).toMatchObject({ contactId: guest.id, progress: 'bozza', campingId: campsiteId, name: 'Stay 2027 – Greta Bauer' });
    // The title is the guest's page's heading: a guest without a language reads English (issue 27).
    expect(await cardsOf(quote.id)).toMatchObject([{ arrival: '2027-07-17', departure: '2027-07-24', typologyId: 'LA-PZ-STD' }]);
    const events = await db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.quoteId, quote.id));
    expect(events).toMatchObject([{ toProgress: 'bozza', note: 'Bozza creata dal soggiorno del 2026' }]);

    const again = await reproposeLastStay(ctxFor(db, tenant), platform, { contactId: guest.id }, now);
    expect(again).toMatchObject({ quoteId: quote.id, created: false });
    expect(await db.select().from(quotes).where(and(eq(quotes.contactId, guest.id), eq(quotes.progress, 'bozza')))).toHaveLength(1);
  });

  it('refuses with a clear message and changes nothing when the accommodation is not in this year’s list', async () => {
    const { campsiteId, guest, tenant, platform } = await world();
    await insertQuote(campsiteId, guest.id, 'convertito', { ...BOOKED_2026, typologyId: 'LA-YURTA', typologyName: 'Yurta mongola' });
    const request = await insertRequest(campsiteId, guest.id, '2027-07-17', '2027-07-24');
    const [before] = await db.select().from(quotes).where(eq(quotes.id, request.id));
    expect(await failure(reproposeLastStay(ctxFor(db, tenant), platform, { contactId: guest.id, quoteId: request.id }))).toMatchObject({
      kind: 'bad_request',
      message: '«Yurta mongola» non è nel listino «Listino 2027»: prepara il preventivo scegliendo un’altra sistemazione.',
    });
    expect(await cardsOf(request.id)).toEqual([]);
    expect((await db.select().from(quotes).where(eq(quotes.id, request.id)))[0]).toEqual(before);
  });

  it('refuses a guest with no earlier booking, and another campsite’s quote or guest', async () => {
    const mine = await world();
    const theirs = await world();
    const request = await insertRequest(mine.campsiteId, mine.guest.id, '2027-07-17', '2027-07-24');
    expect(await failure(reproposeLastStay(ctxFor(db, mine.tenant), mine.platform, { contactId: mine.guest.id, quoteId: request.id }))).toMatchObject({
      kind: 'bad_request',
      message: 'Il cliente non ha soggiorni prenotati in una stagione precedente.',
    });
    await insertQuote(mine.campsiteId, mine.guest.id, 'convertito', BOOKED_2026);
    expect(await failure(reproposeLastStay(ctxFor(db, theirs.tenant), theirs.platform, { contactId: mine.guest.id, quoteId: request.id }))).toMatchObject({ kind: 'not_found' });
    expect(await failure(reproposeLastStay(ctxFor(db, theirs.tenant), theirs.platform, { contactId: mine.guest.id }))).toMatchObject({ kind: 'not_found' });
    expect(await cardsOf(request.id)).toEqual([]);
  });
});

describe('dashboard: returning against first-time guests', () => {
  it('counts the period’s quotes by their guest and the conversion of each', async () => {
    const { campsiteId, guest, tenant } = await world();
    const now = new Date();
    const long = new Date('2024-01-15T10:00:00Z');
    // Two returning guests (bookings made long ago, outside the period) with three quotes in it, one won.
    const other = await makeGuest(db, tenant, { firstName: 'Hans' });
    await insertQuote(campsiteId, guest.id, 'convertito', { ...BOOKED_2026, createdAt: long });
    await insertQuote(campsiteId, other.id, 'convertito', { arrival: '2025-06-01', departure: '2025-06-08', createdAt: long });
    await insertRequest(campsiteId, guest.id, '2027-07-17', '2027-07-24');
    await insertQuote(campsiteId, guest.id, 'accettato', { arrival: '2027-07-17', departure: '2027-07-24' });
    await insertQuote(campsiteId, other.id, 'inviato', { arrival: '2027-06-01', departure: '2027-06-08' });
    // Three first-time guests' quotes, one booked; a booking in the same season does not make a returning guest.
    const newcomers = await Promise.all([1, 2].map((n) => makeGuest(db, tenant, { firstName: `Nuovo ${n}` })));
    await insertQuote(campsiteId, newcomers[0].id, 'convertito', { arrival: '2027-07-01', departure: '2027-07-08' });
    await insertQuote(campsiteId, newcomers[0].id, 'bozza', { arrival: '2027-08-01', departure: '2027-08-08' });
    await insertRequest(campsiteId, newcomers[1].id, '2027-07-17', '2027-07-24');

    // Read from the aggregates, as every figure: the job's rebuild comes first.
    await refreshCampsite(db, campsiteId, now);
    const figures = await returningConversion(ctxFor(db, { campsiteId }), 'mese', now);
    const counts = (group: typeof figures.returning) => ({ guests: group.guests, quotes: group.quotes.value, won: group.won.value, rate: group.rate });
    expect(counts(figures.returning)).toEqual({ guests: 2, quotes: 3, won: 1, rate: 1 / 3 });
    expect(counts(figures.firstTime)).toEqual({ guests: 2, quotes: 3, won: 1, rate: 1 / 3 });
    // Each figure opens the quotes of its own guests (tests/integration/dashboard-links.test.ts counts them).
    expect(figures.returning.quotes.href).toContain('ospiti=ritorno');
    expect(figures.firstTime.won.href).toContain('ospiti=nuovi');
    // Another campsite's figures are its own.
    const empty = await world();
    await refreshCampsite(db, empty.campsiteId, now);
    expect(counts((await returningConversion(ctxFor(db, { campsiteId: empty.campsiteId }), 'mese', now)).returning)).toEqual({ guests: 0, quotes: 0, won: 0, rate: null });
  });
});
