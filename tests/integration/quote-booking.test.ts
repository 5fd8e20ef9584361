import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { bookingAttempts } from '@/db/schema';
import { bookQuote, checkAvailability, markNotConverted, recordAttempt } from '@/lib/quotes/booking';
import { findQuote } from '@/lib/quotes/detail';
import { acceptForGuest, createQuote } from '@/lib/quotes/service';
import { deleteContact } from '@/lib/contacts/service';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { MOBILE_HOME_CARD, MOBILE_HOME_SUBTOTAL_CENTS, PITCH_CARD, makeGuest, makeQuotesAccount, progressEvents, quoteInput } from '../helpers/quotes';
import { ctxFor } from '../helpers/ctx';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});


async function setup(saveAs: 'nuovo' | 'bozza' = 'nuovo', cards: unknown[] = [PITCH_CARD, MOBILE_HOME_CARD]) {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant, { firstName: 'Greta', lastName: 'Bauer', phonePrefix: '+49', phone: '1715550199' });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Vacanza', saveAs, cards }), account.platform);
  return { ...account, guest, quote };
}

const attemptsOf = (quoteId: string) => db.select().from(bookingAttempts).where(eq(bookingAttempts.quoteId, quoteId));

describe('checkAvailability', () => {
  it('answers the free units of a complete card’s accommodation for its dates', async () => {
    const { tenant, platform, quote } = await setup();
    const availability = await checkAvailability(ctxFor(db, tenant), platform, quote.id, 1);
    expect(availability.available).toBe(true);
    expect(availability.resources.length).toBeGreaterThan(0);
    for (const resource of availability.resources) {
      expect(resource.id).toMatch(/^LA-MH-CLASSIC-(\d+)$/);
      expect(resource.name).toBe(`Casa mobile ${resource.id.split('-').at(-1)}`);
    }
    // The platform is asked for the card's own stay and number of guests.
    expect(availability).toEqual(
      await platform.availability(null, { typologyId: 'LA-MH-CLASSIC', arrival: MOBILE_HOME_CARD.arrival, departure: MOBILE_HOME_CARD.departure, people: 4 }),
    );
    // Asking does not change the quote.
    expect((await findQuote(ctxFor(db, tenant), quote.id)).progress).toBe('nuovo');
  });

  it('refuses a card that does not exist', async () => {
    const { tenant, platform, quote } = await setup();
    expect(await failure(checkAvailability(ctxFor(db, tenant), platform, quote.id, 5))).toMatchObject({ kind: 'not_found', message: 'Scheda non trovata.' });
  });
});

describe('bookQuote', () => {
  it('books an available unit: convertito, booking number, accepted card, an ok attempt and a staff event', async () => {
    const { tenant, user, campsite, platform, quote } = await setup();
    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, quote.id, 1);
    const chosen = resources[0].id;
    const booked = await bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 1, resourceIds: [chosen] });

    expect(booked).toMatchObject({ id: quote.id, progress: 'convertito', bookingYear: 2027, bookingNumber: expect.stringMatching(/^\d+$/), acceptedCardIdx: 1, resources: [chosen] });
    expect(booked.acceptedAt).toBeInstanceOf(Date);
    expect(booked.version).toBe(quote.version + 1);

    const attempts = await attemptsOf(quote.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ campingId: campsite.id, userId: user.id, cardIdx: 1, outcome: 'ok', error: null, response: { year: 2027, number: booked.bookingNumber } });
    expect(attempts[0].request).toMatchObject({
      quoteId: quote.id,
      cardIdx: 1,
      typologyId: 'LA-MH-CLASSIC',
      arrival: '2027-07-10',
      departure: '2027-07-17',
      resourceIds: [chosen],
      totalCents: MOBILE_HOME_SUBTOTAL_CENTS,
      guest: { firstName: 'Greta', lastName: 'Bauer' },
    });

    const last = (await progressEvents(db, quote.id)).at(-1);
    expect(last).toMatchObject({ fromProgress: 'nuovo', toProgress: 'convertito', actorKind: 'staff', actorUserId: user.id, note: `Prenotazione ${booked.bookingNumber}/2027` });

    // A converted quote is not booked twice.
    expect((await failure(bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 1, resourceIds: [chosen] }))).kind).toBe('conflict');
    expect(await attemptsOf(quote.id)).toHaveLength(1);
  });

  it('refuses an unavailable unit: a failed attempt is recorded, the quote stays; then it can be closed as non convertito', async () => {
    const { tenant, user, platform, quote } = await setup();
    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, quote.id, 0);
    const free = new Set(resources.map((resource) => resource.id));
    const taken = Array.from({ length: 40 }, (_, i) => `LA-PZ-STD-${i + 1}`).find((id) => !free.has(id))!;
    expect(taken).toBeDefined();

    const error = await failure(bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: [taken] }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(`Piazzola ${taken.split('-').at(-1)} non è disponibile per le date scelte.`);

    const stored = await findQuote(ctxFor(db, tenant), quote.id);
    expect(stored).toMatchObject({ progress: 'nuovo', version: quote.version, bookingNumber: null, bookingYear: null, acceptedCardIdx: null });
    const attempts = await attemptsOf(quote.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ outcome: 'failed', cardIdx: 0, userId: user.id, error: error.message, response: null });
    expect(await progressEvents(db, quote.id)).toHaveLength(1);

    const closed = await markNotConverted(ctxFor(db, tenant), quote.id, 'Il cliente ha scelto un’altra struttura');
    expect(closed.progress).toBe('non convertito');
    expect((await progressEvents(db, quote.id)).at(-1)).toMatchObject({
      fromProgress: 'nuovo',
      toProgress: 'non convertito',
      actorKind: 'staff',
      actorUserId: user.id,
      note: 'Il cliente ha scelto un’altra struttura',
    });
  });

  it('refuses to book without a unit', async () => {
    const { tenant, platform, quote } = await setup();
    expect(await failure(bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: [] }))).toMatchObject({
      kind: 'bad_request',
      message: 'Scegli la piazzola o l’alloggio da prenotare.',
    });
    expect(await attemptsOf(quote.id)).toEqual([]);
  });

  it('refuses to book, or check, a draft', async () => {
    const { tenant, platform, quote } = await setup('bozza');
    const booking = await failure(bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: ['LA-PZ-STD-1'] }));
    expect(booking).toMatchObject({ kind: 'conflict', message: 'Un preventivo «bozza» non si può prenotare.' });
    expect((await failure(checkAvailability(ctxFor(db, tenant), platform, quote.id, 0))).kind).toBe('conflict');
    expect(await attemptsOf(quote.id)).toEqual([]);
    expect((await findQuote(ctxFor(db, tenant), quote.id)).progress).toBe('bozza');
  });

  it('books only the card the guest accepted', async () => {
    const { tenant, platform, quote } = await setup();
    const accepted = await acceptForGuest(ctxFor(db, tenant), quote.id, 1);
    expect(accepted).toMatchObject({ progress: 'accettato', acceptedCardIdx: 1 });

    const wrong = await failure(bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: ['LA-PZ-STD-1'] }));
    expect(wrong).toMatchObject({ kind: 'bad_request', message: 'Il cliente ha accettato la scheda 2: prenota quella.' });
    expect((await failure(checkAvailability(ctxFor(db, tenant), platform, quote.id, 0))).kind).toBe('bad_request');
    expect(await attemptsOf(quote.id)).toEqual([]);

    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, quote.id, 1);
    const booked = await bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 1, resourceIds: [resources[0].id] });
    expect(booked).toMatchObject({ progress: 'convertito', acceptedCardIdx: 1, acceptedAt: accepted.acceptedAt });
    expect((await progressEvents(db, quote.id)).map((event) => [event.fromProgress, event.toProgress])).toEqual([
      [null, 'nuovo'],
      ['nuovo', 'accettato'],
      ['accettato', 'convertito'],
    ]);
  });

  it('books a quote closed as non convertito after a failed attempt', async () => {
    const { tenant, platform, quote } = await setup();
    await markNotConverted(ctxFor(db, tenant), quote.id, null);
    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, quote.id, 0);
    const booked = await bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: [resources[0].id] });
    expect(booked.progress).toBe('convertito');
  });
});

describe('recordAttempt', () => {
  it('records an attempt made elsewhere without moving the quote', async () => {
    const { tenant, user, quote } = await setup();
    await recordAttempt(ctxFor(db, tenant), quote.id, { cardIdx: 0, outcome: 'failed', error: 'Carta rifiutata' });
    const attempts = await attemptsOf(quote.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ cardIdx: 0, outcome: 'failed', error: 'Carta rifiutata', userId: user.id });
    expect((await findQuote(ctxFor(db, tenant), quote.id)).progress).toBe('nuovo');
  });
});

describe('a booked guest', () => {
  it('cannot be deleted: the booking and its number stay', async () => {
    const { tenant, platform, quote, guest } = await setup();
    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, quote.id, 0);
    await bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: [resources[0].id] });
    expect(await failure(deleteContact(ctxFor(db, tenant), guest.id))).toMatchObject({ kind: 'conflict' });
    expect((await findQuote(ctxFor(db, tenant), quote.id)).bookingNumber).toBeTruthy();
  });
});
