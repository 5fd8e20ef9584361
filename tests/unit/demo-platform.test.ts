import { describe, expect, it } from 'vitest';
import { DemoBookingPlatform } from '@/lib/booking-platform/demo-platform';
import { getBookingPlatform } from '@/lib/booking-platform';
import type { BookingRequest } from '@/lib/booking-platform/types';
import { AppError } from '@/lib/errors';
import { offerDiscount, priceCard } from '@/lib/booking-platform/pricing';

const LAGO = 'DEMO-LAGO-AZZURRO';
const PINETA = 'DEMO-PINETA';

/** Saturdays of summer 2027, as week-long stays. */
const summerWeeks = Array.from({ length: 13 }, (_, i) => {
  const arrival = new Date(Date.UTC(2027, 5, 5 + i * 7));
  const departure = new Date(arrival.getTime() + 7 * 86_400_000);
  return { arrival: arrival.toISOString().slice(0, 10), departure: departure.toISOString().slice(0, 10) };
});

function booking(values: Partial<BookingRequest> = {}): BookingRequest {
  return {
    quoteId: 'Q1',
    cardIdx: 0,
    typologyId: 'LA-MH-CLASSIC',
    arrival: '2027-06-12',
    departure: '2027-06-19',
    people: [{ personTypeId: 'LA-ADULTO', count: 2 }],
    vehicles: [{ id: 'LA-AUTO', quantity: 1 }],
    services: [],
    resourceIds: [],
    totalCents: 70_000,
    guest: { firstName: 'Anna', lastName: 'Rossi', email: 'anna.rossi@example.com', phone: null, languageId: 1 },
    ...values,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('demo booking platform', () => {
  const platform = new DemoBookingPlatform();

  it('is the platform of a process without BOOKING_PLATFORM_URL, one instance per process', () => {
    expect(getBookingPlatform()).toBeInstanceOf(DemoBookingPlatform);
    expect(getBookingPlatform()).toBe(getBookingPlatform());
  });

  it('lists person types by ordinamento, highest first: adults, children, infants', async () => {
    for (const camp of [LAGO, PINETA, null]) {
      const types = await platform.personTypes(camp);
      expect(types.map((type) => type.name)).toEqual(['Adulto', 'Bambino (3-11 anni)', 'Neonato (0-2 anni)']);
      expect(types.map((type) => type.ordinamento)).toEqual([3, 2, 1]);
    }
  });

  it('answers the Lago Azzurro catalogue to an unknown or unlinked campsite', async () => {
    const lago = await platform.typologies(LAGO);
    expect(await platform.typologies(null)).toEqual(lago);
    expect(await platform.typologies('CAMPEGGIO-NUOVO')).toEqual(lago);
    expect((await platform.typologies(PINETA)).map((typology) => typology.id)).toContain('PI-MH-MARINA');
  });

  it('gives a price list the pricing accepts, and three offers', async () => {
    expect(await platform.priceLists(LAGO)).toEqual([{ id: 'LISTINO-2027', name: 'Listino 2027', validFrom: '2027-04-01', validTo: '2027-09-30' }]);
    const priceList = await platform.priceList(LAGO);
    expect(await platform.priceList(LAGO, 'LISTINO-2027')).toEqual(priceList);
    const input = { typologyId: 'LA-MH-CLASSIC', arrival: '2027-07-10', departure: '2027-07-17', people: [{ personTypeId: 'LA-ADULTO', count: 2 }], vehicles: [], services: [] };
    const priced = priceCard(priceList, input);
    expect(priced.lines[0]).toMatchObject({ kind: 'unit', label: 'Casa mobile Classic – alta stagione', quantity: 7, unitCents: 12_500, totalCents: 87_500 });
    expect(priced.totalCents).toBe(87_500 + 2 * 7 * 150);

    const offers = await platform.offers(LAGO);
    expect(offers.map((offer) => offer.name)).toEqual(['Prenota prima −10%', 'Settimana lunga: −5% dalle 7 notti', 'Bassa stagione −50 €']);
    expect(offers.map((offer) => offerDiscount(offer, input).applies)).toEqual([true, true, false]);
    expect((await refusal(platform.priceList(LAGO, 'LISTINO-1999'))).kind).toBe('not_found');
  });

  it('answers availability deterministically, with 2 to 8 free resources', async () => {
    const request = { typologyId: 'LA-PZ-STD', arrival: '2027-07-03', departure: '2027-07-10', people: 3 };
    const first = await platform.availability(LAGO, request);
    expect(await new DemoBookingPlatform().availability(LAGO, request)).toEqual(first);
    expect(first.available).toBe(true);
    expect(first.resources.length).toBeGreaterThanOrEqual(2);
    expect(first.resources.length).toBeLessThanOrEqual(8);
    expect(first.resources[0]?.name).toMatch(/^Piazzola \d+$/);
  });

  it('is sold out only in some peak August weeks', async () => {
    const outcomes: { peak: boolean; available: boolean }[] = [];
    for (const typology of await platform.typologies(LAGO)) {
      for (const week of summerWeeks) {
        const { available, resources } = await platform.availability(LAGO, { typologyId: typology.id, ...week, people: 2 });
        expect(resources.length > 0).toBe(available);
        outcomes.push({ peak: week.arrival >= '2027-07-25' && week.arrival <= '2027-08-28', available });
      }
    }
    expect(outcomes.filter((outcome) => !outcome.peak).every((outcome) => outcome.available)).toBe(true);
    expect(outcomes.some((outcome) => outcome.peak && !outcome.available)).toBe(true);
    expect(outcomes.some((outcome) => outcome.peak && outcome.available)).toBe(true);
  });

  it('is not available out of season or for too many people', async () => {
    expect(await platform.availability(LAGO, { typologyId: 'LA-MH-CLASSIC', arrival: '2027-03-20', departure: '2027-03-27', people: 2 })).toEqual({ available: false, resources: [] });
    expect(await platform.availability(LAGO, { typologyId: 'LA-MH-CLASSIC', arrival: '2027-06-12', departure: '2027-06-19', people: 5 })).toEqual({ available: false, resources: [] });
  });

  it('books a free resource once per quote card, and refuses one that is not free', async () => {
    const { resources } = await platform.availability(LAGO, { typologyId: 'LA-MH-CLASSIC', arrival: '2027-06-12', departure: '2027-06-19', people: 2 });
    const free = resources[0];
    if (!free) throw new Error('no free resource in the demo');
    const reference = await platform.insertBooking(LAGO, booking({ resourceIds: [free.id] }));
    expect(reference.year).toBe(2027);
    expect(reference.number).toMatch(/^\d+$/);
    expect(await platform.insertBooking(LAGO, booking({ resourceIds: [free.id] }))).toEqual(reference);
    expect((await platform.insertBooking(LAGO, booking({ cardIdx: 1, resourceIds: [free.id] }))).number).not.toBe(reference.number);

    // Casa mobile 1 to 12 are the Classic ones; at most 8 are free.
    const taken = Array.from({ length: 12 }, (_, i) => `LA-MH-CLASSIC-${i + 1}`).find((id) => !resources.some((resource) => resource.id === id));
    const error = await refusal(platform.insertBooking(LAGO, booking({ quoteId: 'Q2', resourceIds: [taken as string] })));
    expect(error.kind).toBe('conflict');
    expect(error.message).toMatch(/^Casa mobile \d+ non è disponibile per le date scelte\.$/);
  });

  it('refuses a booking on sold-out dates or with invalid data', async () => {
    const typologies = await platform.typologies(LAGO);
    let soldOut: { typologyId: string; arrival: string; departure: string } | undefined;
    for (const typology of typologies.filter((candidate) => candidate.maxPeople >= 2)) {
      for (const week of summerWeeks) {
        const { available } = await platform.availability(LAGO, { typologyId: typology.id, ...week, people: 2 });
        if (!available && !soldOut) soldOut = { typologyId: typology.id, ...week };
      }
    }
    if (!soldOut) throw new Error('no sold-out week in the demo');
    expect((await refusal(platform.insertBooking(LAGO, booking({ quoteId: 'Q3', ...soldOut })))).kind).toBe('conflict');
    const noAdult = await refusal(platform.insertBooking(LAGO, booking({ quoteId: 'Q4', people: [{ personTypeId: 'LA-BAMBINO', count: 1 }] })));
    expect(noAdult).toMatchObject({ kind: 'bad_request', message: 'Serve almeno un adulto.' });
  });

  it('lists the operators and creates newsletter lists', async () => {
    expect((await platform.usersData(PINETA)).map((user) => user.email)).toEqual(['reception@villaggiopineta.example']);
    const first = await platform.createNewsletterList(LAGO, 'Clienti 2026');
    const second = await platform.createNewsletterList(LAGO, 'Clienti 2026');
    expect(first.listId).not.toBe(second.listId);
    expect((await refusal(platform.createNewsletterList(LAGO, '  '))).message).toBe('Il nome della lista è obbligatorio.');
  });
});
