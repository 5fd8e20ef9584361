import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { quoteCards, quoteProgressEvents, quotes } from '@/db/schema';
import { endOfRomeDay, romeIsoDate } from '@/lib/date-filter';
import { AppError } from '@/lib/errors';
import { bookQuote, checkAvailability } from '@/lib/quotes/booking';
import { cardsOf, findQuote } from '@/lib/quotes/detail';
import { listQuotes } from '@/lib/quotes/queries';
import { acceptForGuest, createQuote, deleteQuote, reopenQuote, updateQuote } from '@/lib/quotes/service';
import { changeProgress, expireDueQuotes } from '@/lib/quotes/transitions';
import { quoteListFiltersSchema } from '@/lib/quotes/validation';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import {
  MOBILE_HOME_CARD,
  MOBILE_HOME_SUBTOTAL_CENTS,
  PITCH_CARD,
  PITCH_SUBTOTAL_CENTS,
  PITCH_UNIT_CENTS,
  makeGuest,
  makeQuotesAccount,
  progressEvents,
  quoteInput,
  quoteRow,
} from '../helpers/quotes';
import { ctxFor, jobCtxFor } from '../helpers/ctx';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

const DAY_MS = 86_400_000;

/** The end of the Rome day 14 days after `since` (or after now, should midnight fall in between). */
function defaultValidity(since: number): Date[] {
  return [since, Date.now()].map((instant) => endOfRomeDay(romeIsoDate(new Date(instant + 14 * DAY_MS))));
}


async function rowsOf(campsiteId: string) {
  const [[quoteCount], [cardCount], [eventCount]] = await Promise.all([
    db.select({ n: count() }).from(quotes).where(eq(quotes.campingId, campsiteId)),
    db.select({ n: count() }).from(quoteCards).where(eq(quoteCards.campingId, campsiteId)),
    db.select({ n: count() }).from(quoteProgressEvents).where(eq(quoteProgressEvents.campingId, campsiteId)),
  ]);
  return { quotes: quoteCount.n, cards: cardCount.n, events: eventCount.n };
}

async function setup(values: Parameters<typeof makeQuotesAccount>[1] = {}) {
  const account = await makeQuotesAccount(db, values);
  const guest = await makeGuest(db, account.tenant);
  const create = (input: Record<string, unknown>) =>
    createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, ...input }), account.platform);
  return { ...account, guest, create };
}

describe('createQuote', () => {
  it('prices each card from the demo price list, saves it as nuovo and records who created it', async () => {
    const { tenant, user, campsite, guest, create } = await setup();
    const before = Date.now();
    const quote = await create({ name: 'Estate 2027', saveAs: 'nuovo', tags: ['Famiglia'], cards: [PITCH_CARD, MOBILE_HOME_CARD] });

    expect(quote).toMatchObject({ campingId: campsite.id, contactId: guest.id, ownerId: user.id, name: 'Estate 2027', progress: 'nuovo', tags: ['Famiglia'], version: 0 });
    // No validity given: the default 14 days, to the end of that day in Rome.
    expect(defaultValidity(before)).toContainEqual(quote.validUntil);

    const cards = await cardsOf(ctxFor(db, tenant), quote.id);
    expect(cards.map((card) => card.idx)).toEqual([0, 1]);
    const [pitch, mobileHome] = cards;
    expect(pitch).toMatchObject({
      typologyId: 'LA-PZ-STD',
      typologyName: 'Piazzola standard',
      priceListId: 'LISTINO-2027',
      subtotalCents: PITCH_SUBTOTAL_CENTS,
      totalCents: PITCH_SUBTOTAL_CENTS,
      offerId: null,
    });
    expect(pitch.priceLines).toMatchObject([
      { kind: 'unit', label: 'Piazzola standard – media stagione', quantity: 3, unitCents: 2400, totalCents: 7200 },
      { kind: 'unit', label: 'Piazzola standard – alta stagione', quantity: 2, unitCents: 3000, totalCents: 6000 },
      { kind: 'person', label: 'Adulto × 5 notti', quantity: 10, unitCents: 1050, totalCents: 10_500 },
      { kind: 'person', label: 'Bambino (3-11 anni) × 5 notti', quantity: 5, unitCents: 650, totalCents: 3250 },
      { kind: 'vehicle', label: 'Auto × 5 notti', quantity: 5, unitCents: 500, totalCents: 2500 },
      { kind: 'service', label: 'Cane × 5 notti', quantity: 5, unitCents: 500, totalCents: 2500 },
      { kind: 'service', label: 'Allacciamento elettrico × 5 notti', quantity: 5, unitCents: 400, totalCents: 2000 },
      { kind: 'tax', label: 'Imposta di soggiorno', quantity: 10, unitCents: 150, totalCents: 1500 },
    ]);
    expect(pitch.people).toMatchObject([
      { personTypeId: 'LA-ADULTO', count: 2, label: 'Adulto' },
      { personTypeId: 'LA-BAMBINO', count: 1, label: 'Bambino (3-11 anni)' },
      { personTypeId: 'LA-NEONATO', count: 1, label: 'Neonato (0-2 anni)' },
    ]);

    expect(mobileHome).toMatchObject({ typologyName: 'Casa mobile Classic', subtotalCents: MOBILE_HOME_SUBTOTAL_CENTS, totalCents: MOBILE_HOME_SUBTOTAL_CENTS });
    expect(mobileHome.priceLines).toMatchObject([
      { kind: 'unit', label: 'Casa mobile Classic – alta stagione', quantity: 7, unitCents: 12_500, totalCents: 87_500 },
      { kind: 'service', label: 'Kit biancheria', quantity: 2, unitCents: 1500, totalCents: 3000 },
      { kind: 'service', label: 'Pulizia finale', quantity: 1, unitCents: 6000, totalCents: 6000 },
      { kind: 'tax', label: 'Imposta di soggiorno', quantity: 14, unitCents: 150, totalCents: 2100 },
    ]);

    const events = await progressEvents(db, quote.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ campingId: campsite.id, fromProgress: null, toProgress: 'nuovo', actorKind: 'staff', actorUserId: user.id });
  });

  it('never takes prices from the input', async () => {
    const { tenant, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [{ ...PITCH_CARD, totalCents: 1, subtotalCents: 1, priceLines: [] }] });
    const [card] = await cardsOf(ctxFor(db, tenant), quote.id);
    expect(card.totalCents).toBe(PITCH_SUBTOTAL_CENTS);
  });

  it('saves an empty name as «undefined»', async () => {
    const { create } = await setup();
    expect((await create({ name: '', saveAs: 'nuovo', cards: [PITCH_CARD] })).name).toBe('undefined');
    expect((await create({ name: '   ', cards: [] })).name).toBe('undefined');
  });

  it('keeps incomplete cards of a draft without a price', async () => {
    const { tenant, create } = await setup();
    const quote = await create({ saveAs: 'bozza', cards: [{ typologyId: 'LA-MH-CLASSIC' }, { arrival: '2027-07-01', departure: '2027-07-05' }, PITCH_CARD] });
    expect(quote.progress).toBe('bozza');
    const cards = await cardsOf(ctxFor(db, tenant), quote.id);
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatchObject({ typologyId: 'LA-MH-CLASSIC', typologyName: 'Casa mobile Classic', arrival: null, priceLines: [], subtotalCents: 0, totalCents: 0 });
    expect(cards[1]).toMatchObject({ typologyId: null, arrival: '2027-07-01', departure: '2027-07-05', priceLines: [], totalCents: 0 });
    expect(cards[2].totalCents).toBe(PITCH_SUBTOTAL_CENTS);
    expect((await progressEvents(db, quote.id)).map((event) => [event.fromProgress, event.toProgress])).toEqual([[null, 'bozza']]);
  });

  it('refuses a nuovo with an incomplete card or without cards, in Italian, writing nothing', async () => {
    const { campsite, create } = await setup();
    const incomplete = await failure(create({ saveAs: 'nuovo', cards: [PITCH_CARD, { typologyId: 'LA-MH-CLASSIC', arrival: '2027-07-10' }] }));
    expect(incomplete.kind).toBe('bad_request');
    expect(incomplete.message).toBe('Scheda 2: scegli tipologia, date e almeno un ospite, oppure salva come bozza.');
    expect(incomplete.details).toEqual({ card: 1 });

    const noGuests = await failure(create({ saveAs: 'nuovo', cards: [{ ...PITCH_CARD, people: [{ personTypeId: 'LA-ADULTO', count: 0 }] }] }));
    expect(noGuests.message).toBe('Scheda 1: scegli tipologia, date e almeno un ospite, oppure salva come bozza.');

    const empty = await failure(create({ saveAs: 'nuovo', cards: [] }));
    expect(empty.kind).toBe('bad_request');
    expect(empty.message).toBe('Aggiungi almeno una scheda, oppure salva come bozza.');

    const past = await failure(create({ saveAs: 'nuovo', validUntil: '2020-01-01', cards: [PITCH_CARD] }));
    expect(past.message).toBe('La data di validità è già passata: scegline una futura.');

    expect(await rowsOf(campsite.id)).toEqual({ quotes: 0, cards: 0, events: 0 });
  });

  it('refuses a card the price list cannot price, naming the card', async () => {
    const { campsite, create } = await setup();
    const outOfSeason = await failure(create({ saveAs: 'nuovo', cards: [PITCH_CARD, { ...PITCH_CARD, arrival: '2027-03-30', departure: '2027-04-02' }] }));
    expect(outOfSeason.kind).toBe('bad_request');
    expect(outOfSeason.message).toBe('Scheda 2: Le date dal 30/03/2027 al 01/04/2027 sono fuori stagione.');
    const tooMany = await failure(create({ saveAs: 'nuovo', cards: [{ ...MOBILE_HOME_CARD, people: [{ personTypeId: 'LA-ADULTO', count: 5 }] }] }));
    expect(tooMany.message).toBe('Scheda 1: «Casa mobile Classic» ospita al massimo 4 persone.');
    expect((await rowsOf(campsite.id)).quotes).toBe(0);
  });
});

describe('discounts and offers', () => {
  const discounted = (onlyOnUnit?: boolean) => ({ ...PITCH_CARD, discountBasisPoints: 1000, ...(onlyOnUnit === undefined ? {} : { discountOnlyOnUnit: onlyOnUnit }) });

  it('applies scontoSoloSuUnita: 10% of the unit lines only, or 10% of the subtotal', async () => {
    const { tenant, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [discounted(true), discounted(false)] });
    const [onUnit, onSubtotal] = await cardsOf(ctxFor(db, tenant), quote.id);
    expect(onUnit).toMatchObject({ discountOnlyOnUnit: true, discountBasisPoints: 1000, subtotalCents: PITCH_SUBTOTAL_CENTS, totalCents: PITCH_SUBTOTAL_CENTS - 1320 });
    expect(PITCH_UNIT_CENTS / 10).toBe(1320);
    expect(onSubtotal).toMatchObject({ discountOnlyOnUnit: false, discountBasisPoints: 1000, subtotalCents: PITCH_SUBTOTAL_CENTS, totalCents: PITCH_SUBTOTAL_CENTS - 3395 });
    // 10% of everything but the tourist tax (15.00 €), which is the municipality's.
    expect((PITCH_SUBTOTAL_CENTS - 1500) / 10).toBe(3395);
  });

  it('takes the campsite’s discountOnlyOnUnit when the card does not say', async () => {
    const onUnit = await setup({ discountOnlyOnUnit: true });
    const [first] = await cardsOf(ctxFor(db, onUnit.tenant), (await onUnit.create({ saveAs: 'nuovo', cards: [discounted()] })).id);
    expect(first).toMatchObject({ discountOnlyOnUnit: true, totalCents: 34_130 });

    const onTotal = await setup({ discountOnlyOnUnit: false });
    const [second] = await cardsOf(ctxFor(db, onTotal.tenant), (await onTotal.create({ saveAs: 'nuovo', cards: [discounted()] })).id);
    expect(second).toMatchObject({ discountOnlyOnUnit: false, totalCents: 32_055 });

    // The card's own choice wins over the campsite's.
    const [third] = await cardsOf(ctxFor(db, onUnit.tenant), (await onUnit.create({ saveAs: 'nuovo', cards: [discounted(false)] })).id);
    expect(third.totalCents).toBe(32_055);
  });

  it('a fixed amount wins over the percentage', async () => {
    const { tenant, create } = await setup();
    const [card] = await cardsOf(ctxFor(db, tenant), (await create({ saveAs: 'nuovo', cards: [{ ...discounted(false), discountCents: 2000 }] })).id);
    expect(card.totalCents).toBe(PITCH_SUBTOTAL_CENTS - 2000);
  });

  it('an offer on the whole stay follows the campsite’s «Sconto solo sull’unità»; one on the accommodation keeps to it', async () => {
    // The campsite discounts only the accommodation: «Settimana lunga» takes 5% of 875.00 €, not
    // of the linen, the cleaning or the tourist tax.
    const onUnit = await setup({ discountOnlyOnUnit: true });
    const [long] = await cardsOf(ctxFor(db, onUnit.tenant), (await onUnit.create({ saveAs: 'nuovo', cards: [{ ...MOBILE_HOME_CARD, offerId: 'SETTIMANA-LUNGA-2027' }] })).id);
    expect(long).toMatchObject({ discountOnlyOnUnit: true, subtotalCents: MOBILE_HOME_SUBTOTAL_CENTS, totalCents: MOBILE_HOME_SUBTOTAL_CENTS - 4375 });
    // The card's own switch, off, opens it to everything but the tax.
    const [opened] = await cardsOf(ctxFor(db, onUnit.tenant), (await onUnit.create({ saveAs: 'nuovo', cards: [{ ...MOBILE_HOME_CARD, offerId: 'SETTIMANA-LUNGA-2027', discountOnlyOnUnit: false }] })).id);
    expect(opened).toMatchObject({ discountOnlyOnUnit: false, totalCents: MOBILE_HOME_SUBTOTAL_CENTS - 4825 });

    // «Prenota prima» is on the accommodation whatever the campsite or the card say: 10% of 875.00 €.
    const onTotal = await setup({ discountOnlyOnUnit: false });
    const [early] = await cardsOf(ctxFor(db, onTotal.tenant), (await onTotal.create({ saveAs: 'nuovo', cards: [{ ...MOBILE_HOME_CARD, offerId: 'PRENOTA-PRIMA-2027', discountOnlyOnUnit: false }] })).id);
    expect(early).toMatchObject({ discountOnlyOnUnit: true, totalCents: MOBILE_HOME_SUBTOTAL_CENTS - 8750 });
  });

  it('applies an offer that fits the stay and refuses one that does not, with its reason', async () => {
    const { tenant, campsite, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [{ ...MOBILE_HOME_CARD, offerId: 'SETTIMANA-LUNGA-2027' }] });
    const [card] = await cardsOf(ctxFor(db, tenant), quote.id);
    // 5% of the whole stay but the tourist tax (21.00 €), from seven nights.
    expect(card).toMatchObject({ offerId: 'SETTIMANA-LUNGA-2027', offerName: 'Settimana lunga: −5% dalle 7 notti', totalCents: MOBILE_HOME_SUBTOTAL_CENTS - 4825 });
    expect(Math.round((MOBILE_HOME_SUBTOTAL_CENTS - 2100) * 0.05)).toBe(4825);

    const short = await failure(create({ saveAs: 'nuovo', cards: [{ ...PITCH_CARD, offerId: 'SETTIMANA-LUNGA-2027' }] }));
    expect(short.kind).toBe('bad_request');
    expect(short.message).toBe('Scheda 1: L\'offerta «Settimana lunga: −5% dalle 7 notti» richiede almeno 7 notti.');
    const wrongTypology = await failure(create({ saveAs: 'nuovo', cards: [MOBILE_HOME_CARD, { ...PITCH_CARD, arrival: '2027-05-03', departure: '2027-05-08', offerId: 'BASSA-STAGIONE-2027' }] }));
    expect(wrongTypology.message).toBe('Scheda 2: L\'offerta «Bassa stagione −50 €» non vale per questa tipologia.');
    const wrongDates = await failure(create({ saveAs: 'nuovo', cards: [{ ...MOBILE_HOME_CARD, offerId: 'BASSA-STAGIONE-2027' }] }));
    expect(wrongDates.message).toBe('Scheda 1: L\'offerta «Bassa stagione −50 €» vale per le notti dal 01/04/2027 al 31/05/2027.');
    const unknown = await failure(create({ saveAs: 'nuovo', cards: [{ ...PITCH_CARD, offerId: 'NON-ESISTE' }] }));
    expect(unknown.message).toBe('Scheda 1: L’offerta scelta non esiste più: scegline un’altra.');
    expect((await rowsOf(campsite.id)).quotes).toBe(1);
  });
});

describe('tags and contacts', () => {
  it('refuses tags the campsite has not defined', async () => {
    const { campsite, create } = await setup();
    const error = await failure(create({ saveAs: 'bozza', tags: ['Famiglia', 'Sconosciuta'] }));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe('Etichette non previste dal campeggio: Sconosciuta.');
    expect((await rowsOf(campsite.id)).quotes).toBe(0);
  });

  it('refuses a contact of another campsite as not found, writing nothing anywhere', async () => {
    const mine = await setup();
    const theirs = await setup();
    const before = [await rowsOf(mine.campsite.id), await rowsOf(theirs.campsite.id)];
    const error = await failure(
      createQuote(ctxFor(db, mine.tenant), quoteInput({ contactId: theirs.guest.id, saveAs: 'nuovo', cards: [PITCH_CARD] }), mine.platform),
    );
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('Cliente non trovato: sceglilo di nuovo.');
    expect([await rowsOf(mine.campsite.id), await rowsOf(theirs.campsite.id)]).toEqual(before);
  });
});

describe('updateQuote', () => {
  it('keeps the ids of the cards it names, deletes the others, renumbers in input order and bumps the version', async () => {
    const { tenant, platform, guest, create } = await setup();
    const quote = await create({ name: 'Tre schede', saveAs: 'nuovo', cards: [PITCH_CARD, MOBILE_HOME_CARD, { ...PITCH_CARD, typologyId: 'LA-PZ-LAGO' }] });
    const [a, b, c] = await cardsOf(ctxFor(db, tenant), quote.id);

    const updated = await updateQuote(
      ctxFor(db, tenant),
      quote.id,
      quoteInput({
        contactId: guest.id,
        name: 'Due schede e una nuova',
        saveAs: 'nuovo',
        cards: [
          { ...PITCH_CARD, typologyId: 'LA-PZ-LAGO', id: c.id },
          { ...MOBILE_HOME_CARD, typologyId: 'LA-BG-OLIVO' },
          { ...PITCH_CARD, id: a.id, people: [{ personTypeId: 'LA-ADULTO', count: 1 }] },
        ],
      }),
      platform,
    );
    expect(updated).toMatchObject({ id: quote.id, name: 'Due schede e una nuova', progress: 'nuovo', version: quote.version + 1 });

    const cards = await cardsOf(ctxFor(db, tenant), quote.id);
    expect(cards.map((card) => [card.idx, card.typologyId])).toEqual([
      [0, 'LA-PZ-LAGO'],
      [1, 'LA-BG-OLIVO'],
      [2, 'LA-PZ-STD'],
    ]);
    expect(cards[0].id).toBe(c.id);
    expect(cards[2].id).toBe(a.id);
    expect([a.id, b.id, c.id]).not.toContain(cards[1].id);
    // The kept card is priced again from its new content: one adult, no child.
    expect(cards[2].totalCents).toBe(PITCH_UNIT_CENTS + 5 * 1050 + 2500 + 2500 + 2000 + 5 * 150);
    expect(await db.select().from(quoteCards).where(eq(quoteCards.id, b.id))).toEqual([]);
    // Same progress: no new event.
    expect(await progressEvents(db, quote.id)).toHaveLength(1);
  });

  it('refuses a card id that is not one of the quote’s cards', async () => {
    const { tenant, platform, guest, create } = await setup();
    const one = await create({ saveAs: 'nuovo', cards: [PITCH_CARD] });
    const other = await create({ saveAs: 'nuovo', cards: [MOBILE_HOME_CARD] });
    const [otherCard] = await cardsOf(ctxFor(db, tenant), other.id);
    const error = await failure(updateQuote(ctxFor(db, tenant), one.id, quoteInput({ contactId: guest.id, saveAs: 'nuovo', cards: [{ ...PITCH_CARD, id: otherCard.id }] }), platform));
    expect(error.kind).toBe('bad_request');
    expect((await cardsOf(ctxFor(db, tenant), other.id))[0]).toEqual(otherCard);
  });

  it('refuses the second of two concurrent edits of the same version', async () => {
    const { tenant, platform, guest, create } = await setup();
    const quote = await create({ name: 'Originale', saveAs: 'nuovo', cards: [PITCH_CARD] });
    const edit = (name: string) => updateQuote(ctxFor(db, tenant), quote.id, quoteInput({ contactId: guest.id, name, saveAs: 'nuovo', cards: [PITCH_CARD] }), platform);
    const results = await Promise.allSettled([edit('Modifica di Anna'), edit('Modifica di Luca')]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(AppError);
    expect(lost[0].reason).toMatchObject({ kind: 'conflict', message: expect.stringContaining('Qualcun altro ha modificato il preventivo') });
    const stored = await findQuote(ctxFor(db, tenant), quote.id);
    expect(stored.version).toBe(quote.version + 1);
    expect(stored.name).toBe((won[0] as PromiseFulfilledResult<{ name: string }>).value.name);
    expect(await cardsOf(ctxFor(db, tenant), quote.id)).toHaveLength(1);
  });

  it('refuses to edit an accepted or a converted quote', async () => {
    const { tenant, platform, guest, create } = await setup();
    const input = quoteInput({ contactId: guest.id, name: 'Cambiato', saveAs: 'nuovo', cards: [MOBILE_HOME_CARD] });

    const accepted = await create({ name: 'Accettato', saveAs: 'nuovo', cards: [PITCH_CARD] });
    await acceptForGuest(ctxFor(db, tenant), accepted.id, 0);
    const lockedByGuest = await failure(updateQuote(ctxFor(db, tenant), accepted.id, input, platform));
    expect(lockedByGuest.kind).toBe('conflict');
    expect(lockedByGuest.message).toBe('Il cliente ha già accettato questo preventivo: non si può più modificare. Se serve, crea un nuovo preventivo.');

    const booked = await create({ name: 'Prenotato', saveAs: 'nuovo', cards: [PITCH_CARD] });
    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, booked.id, 0);
    await bookQuote(ctxFor(db, tenant), platform, booked.id, { cardIdx: 0, resourceIds: [resources[0].id] });
    const lockedByBooking = await failure(updateQuote(ctxFor(db, tenant), booked.id, input, platform));
    expect(lockedByBooking.kind).toBe('conflict');
    expect(lockedByBooking.message).toBe('Il preventivo è già diventato una prenotazione: non si può più modificare.');

    for (const [quote, name] of [
      [accepted, 'Accettato'],
      [booked, 'Prenotato'],
    ] as const) {
      const stored = await findQuote(ctxFor(db, tenant), quote.id);
      expect(stored.name).toBe(name);
      expect((await cardsOf(ctxFor(db, tenant), quote.id)).map((card) => card.typologyId)).toEqual(['LA-PZ-STD']);
    }
  });

  it('turns a request saved as nuovo into nuovo, with an event', async () => {
    const { tenant, user, campsite, platform, guest } = await setup();
    const [request] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, name: 'Richiesta dal sito', progress: 'richiesta' }).returning();
    const saved = await updateQuote(ctxFor(db, tenant), request.id, quoteInput({ contactId: guest.id, name: 'Richiesta dal sito', saveAs: 'nuovo', cards: [PITCH_CARD] }), platform);
    expect(saved.progress).toBe('nuovo');
    const events = await progressEvents(db, request.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromProgress: 'richiesta', toProgress: 'nuovo', actorKind: 'staff', actorUserId: user.id });
    expect((await cardsOf(ctxFor(db, tenant), request.id))[0].totalCents).toBe(PITCH_SUBTOTAL_CENTS);
  });

  it('refuses a request saved as nuovo while a card is incomplete, and leaves it a request', async () => {
    const { tenant, campsite, platform, guest } = await setup();
    const [request] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, progress: 'richiesta' }).returning();
    const error = await failure(updateQuote(ctxFor(db, tenant), request.id, quoteInput({ contactId: guest.id, saveAs: 'nuovo', cards: [{ typologyId: 'LA-PZ-STD' }] }), platform));
    expect(error.message).toBe('Scheda 1: scegli tipologia, date e almeno un ospite, oppure salva come bozza.');
    expect((await findQuote(ctxFor(db, tenant), request.id)).progress).toBe('richiesta');
  });

  // Spec: 'nuovo' means complete (at least one card, every card priced). Saving an expired quote
  // as a draft must not make it 'nuovo' with a card the guest would see without a price.
  it('never makes an expired quote nuovo with an incomplete card when it is saved as a draft', async () => {
    const { tenant, platform, guest, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [PITCH_CARD] });
    await db.update(quotes).set({ validUntil: new Date(Date.now() - DAY_MS) }).where(eq(quotes.id, quote.id));
    await expireDueQuotes(jobCtxFor(db, tenant.campsiteId));
    expect((await findQuote(ctxFor(db, tenant), quote.id)).progress).toBe('scaduto');

    const future = romeIsoDate(new Date(Date.now() + 30 * DAY_MS));
    const draft = quoteInput({ contactId: guest.id, saveAs: 'bozza', validUntil: future, cards: [{ typologyId: 'LA-PZ-STD' }] });
    // Refusing the save is acceptable; saving it must not produce an incomplete 'nuovo'.
    await updateQuote(ctxFor(db, tenant), quote.id, draft, platform).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
    const stored = await findQuote(ctxFor(db, tenant), quote.id);
    const unpriced = (await cardsOf(ctxFor(db, tenant), quote.id)).filter((card) => card.totalCents <= 0).length;
    expect({ progress: stored.progress, unpriced }).not.toEqual({ progress: 'nuovo', unpriced: 1 });
  });
});

describe('expireDueQuotes and reopenQuote', () => {
  it('expires nuovo, inviato and letto quotes past their validity with a system event, once', async () => {
    const { tenant, campsite, create } = await setup();
    const make = async (name: string) => create({ name, saveAs: 'nuovo', cards: [PITCH_CARD] });
    const nuovo = await make('nuovo');
    const inviato = await make('inviato');
    await changeProgress(jobCtxFor(db, campsite.id), { quoteId: inviato.id, to: 'inviato', actor: 'staff', userId: tenant.userId });
    const letto = await make('letto');
    await changeProgress(jobCtxFor(db, campsite.id), { quoteId: letto.id, to: 'inviato', actor: 'system' });
    await changeProgress(jobCtxFor(db, campsite.id), { quoteId: letto.id, to: 'letto', actor: 'guest' });
    const accettato = await make('accettato');
    await acceptForGuest(ctxFor(db, tenant), accettato.id, 0);
    const bozza = await create({ name: 'bozza', saveAs: 'bozza', cards: [PITCH_CARD] });
    const stillValid = await make('ancora valido');

    const yesterday = new Date(Date.now() - DAY_MS);
    await db
      .update(quotes)
      .set({ validUntil: yesterday })
      .where(inArray(quotes.id, [nuovo.id, inviato.id, letto.id, accettato.id, bozza.id]));

    const storedProgress = async (id: string) => (await db.select({ progress: quotes.progress }).from(quotes).where(eq(quotes.id, id)))[0].progress;
    const progressOf = async (id: string) => (await findQuote(ctxFor(db, tenant), id)).progress;
    // Before the job runs, the staff already see the three as expired; the rows still say otherwise.
    expect([await progressOf(nuovo.id), await progressOf(inviato.id), await progressOf(letto.id)]).toEqual(['scaduto', 'scaduto', 'scaduto']);
    expect(await storedProgress(letto.id)).toBe('letto');
    const dueBefore = await listQuotes(ctxFor(db, tenant), quoteListFiltersSchema.parse({ progress: ['scaduto'] }));
    expect(dueBefore.items.map((item) => item.id).sort()).toEqual([nuovo.id, inviato.id, letto.id].sort());
    const waiting = await listQuotes(ctxFor(db, tenant), quoteListFiltersSchema.parse({ progress: ['nuovo', 'inviato', 'letto', 'accettato'] }));
    expect(waiting.items.map((item) => item.id).sort()).toEqual([stillValid.id, accettato.id].sort());

    expect((await expireDueQuotes(jobCtxFor(db, campsite.id))).sort()).toEqual([nuovo.id, inviato.id, letto.id].sort());
    expect(await storedProgress(letto.id)).toBe('scaduto');
    expect(await progressOf(nuovo.id)).toBe('scaduto');
    expect(await progressOf(inviato.id)).toBe('scaduto');
    expect(await progressOf(letto.id)).toBe('scaduto');
    expect(await progressOf(accettato.id)).toBe('accettato');
    expect(await progressOf(bozza.id)).toBe('bozza');
    expect(await progressOf(stillValid.id)).toBe('nuovo');

    for (const [quote, from] of [
      [nuovo, 'nuovo'],
      [inviato, 'inviato'],
      [letto, 'letto'],
    ] as const) {
      const last = (await progressEvents(db, quote.id)).at(-1);
      expect(last).toMatchObject({ fromProgress: from, toProgress: 'scaduto', actorKind: 'system', actorUserId: null });
    }
    const eventsAfterFirstRun = (await rowsOf(campsite.id)).events;

    expect(await expireDueQuotes(jobCtxFor(db, campsite.id))).toEqual([]);
    expect((await rowsOf(campsite.id)).events).toBe(eventsAfterFirstRun);
    expect(await progressOf(accettato.id)).toBe('accettato');
  });

  it('reopens an expired quote as nuovo with a validity in the future', async () => {
    const { tenant, user, campsite, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [PITCH_CARD] });
    await db.update(quotes).set({ validUntil: new Date(Date.now() - 3 * DAY_MS) }).where(eq(quotes.id, quote.id));
    await expireDueQuotes(jobCtxFor(db, campsite.id));
    const before = Date.now();
    const reopened = await reopenQuote(ctxFor(db, tenant), quote.id);
    expect(reopened.progress).toBe('nuovo');
    expect(reopened.validUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(defaultValidity(before)).toContainEqual(reopened.validUntil);
    expect((await progressEvents(db, quote.id)).at(-1)).toMatchObject({ fromProgress: 'scaduto', toProgress: 'nuovo', actorKind: 'staff', actorUserId: user.id });
    // Not expired again by the next run.
    expect(await expireDueQuotes(jobCtxFor(db, campsite.id))).toEqual([]);
  });

  it('reopens a quote past its validity before the job recorded it: the history shows the expiry, then the reopening', async () => {
    const { tenant, campsite, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [PITCH_CARD] });
    const expiredAt = new Date(Date.now() - 2 * DAY_MS);
    await db.update(quotes).set({ validUntil: expiredAt }).where(eq(quotes.id, quote.id));
    expect((await reopenQuote(ctxFor(db, tenant), quote.id)).progress).toBe('nuovo');
    const [expiry, reopening] = (await progressEvents(db, quote.id)).slice(-2);
    expect(expiry).toMatchObject({ fromProgress: 'nuovo', toProgress: 'scaduto', actorKind: 'system' });
    expect(reopening).toMatchObject({ fromProgress: 'scaduto', toProgress: 'nuovo', actorKind: 'staff' });
    expect(await expireDueQuotes(jobCtxFor(db, campsite.id))).toEqual([]);
  });

  it('reopens a refused quote whose cards are not all priced as a draft, never as nuovo', async () => {
    const { tenant, create } = await setup();
    const quote = await create({ saveAs: 'bozza', cards: [{ typologyId: 'LA-PZ-STD' }] });
    await changeProgress(jobCtxFor(db, tenant.campsiteId), { quoteId: quote.id, to: 'rifiutato', actor: 'staff' });
    expect((await reopenQuote(ctxFor(db, tenant), quote.id)).progress).toBe('bozza');
  });

  it('refuses a save made from a version someone else has changed since', async () => {
    const { tenant, guest, platform, create } = await setup();
    const quote = await create({ name: 'Prima', saveAs: 'nuovo', cards: [PITCH_CARD] });
    const opened = quote.version;
    await updateQuote(ctxFor(db, tenant), quote.id, quoteInput({ contactId: guest.id, name: 'Del collega', saveAs: 'nuovo', cards: [PITCH_CARD], expectedVersion: opened }), platform);
    const stale = await failure(
      updateQuote(ctxFor(db, tenant), quote.id, quoteInput({ contactId: guest.id, name: 'Mia', saveAs: 'nuovo', cards: [PITCH_CARD], expectedVersion: opened }), platform),
    );
    expect(stale.kind).toBe('conflict');
    expect((await findQuote(ctxFor(db, tenant), quote.id)).name).toBe('Del collega');
  });

  it('refuses to reopen a quote that is still open', async () => {
    const { tenant, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [PITCH_CARD] });
    expect((await failure(reopenQuote(ctxFor(db, tenant), quote.id))).kind).toBe('conflict');
  });
});

describe('listQuotes', () => {
  async function listing() {
    const account = await setup();
    const rossi = account.guest;
    const mueller = await makeGuest(db, account.tenant, { firstName: 'Jürgen', lastName: 'Müller' });
    const city = await account.create({ name: 'Vacanza in Città', saveAs: 'nuovo', tags: ['Famiglia'], cards: [PITCH_CARD] });
    const lake = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: mueller.id, name: 'Weekend al lago', saveAs: 'bozza' }), account.platform);
    const august = await account.create({ name: 'Ferragosto', saveAs: 'nuovo', tags: ['Last minute', 'Famiglia'], cards: [MOBILE_HOME_CARD, PITCH_CARD] });
    await changeProgress(jobCtxFor(db, account.campsite.id), { quoteId: august.id, to: 'inviato', actor: 'staff' });
    return { ...account, rossi, mueller, city, lake, august };
  }
  const list = (tenant: { campsiteId: string }, filters: Record<string, unknown>) => listQuotes(ctxFor(db, tenant), quoteListFiltersSchema.parse(filters));
  const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name).sort();

  it('filters by progress and by tag, and shows the contact and the card totals', async () => {
    const { tenant, mueller } = await listing();
    expect(names(await list(tenant, {}))).toEqual(['Ferragosto', 'Vacanza in Città', 'Weekend al lago']);
    expect(names(await list(tenant, { progress: ['bozza', 'inviato'] }))).toEqual(['Ferragosto', 'Weekend al lago']);
    expect(names(await list(tenant, { progress: ['nuovo'] }))).toEqual(['Vacanza in Città']);
    expect(names(await list(tenant, { tag: 'Famiglia' }))).toEqual(['Ferragosto', 'Vacanza in Città']);
    expect(names(await list(tenant, { tag: 'Last minute' }))).toEqual(['Ferragosto']);
    expect(names(await list(tenant, { tag: 'Famiglia', progress: ['nuovo'] }))).toEqual(['Vacanza in Città']);

    const page = await list(tenant, { contactId: mueller.id });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ name: 'Weekend al lago', progress: 'bozza', cards: 0, minTotalCents: null, contact: { id: mueller.id, firstName: 'Jürgen', lastName: 'Müller' } });
    const [august] = (await list(tenant, { tag: 'Last minute' })).items;
    expect(august).toMatchObject({ cards: 2, minTotalCents: PITCH_SUBTOTAL_CENTS, maxTotalCents: MOBILE_HOME_SUBTOTAL_CENTS });
  });

  it('searches the quote name and the contact name, without accents or case', async () => {
    const { tenant } = await listing();
    expect(names(await list(tenant, { search: 'citta' }))).toEqual(['Vacanza in Città']);
    expect(names(await list(tenant, { search: 'CITTÀ' }))).toEqual(['Vacanza in Città']);
    expect(names(await list(tenant, { search: 'muller' }))).toEqual(['Weekend al lago']);
    expect(names(await list(tenant, { search: 'jurgen' }))).toEqual(['Weekend al lago']);
    expect(names(await list(tenant, { search: 'rossi' }))).toEqual(['Ferragosto', 'Vacanza in Città']);
    // Every word must match, in the quote or in its contact.
    expect(names(await list(tenant, { search: 'rossi ferragosto' }))).toEqual(['Ferragosto']);
    expect(names(await list(tenant, { search: 'muller ferragosto' }))).toEqual([]);
    // LIKE wildcards are searched literally.
    expect(names(await list(tenant, { search: '%' }))).toEqual([]);
    expect(names(await list(tenant, { search: '_' }))).toEqual([]);
  });

  it('filters by creation day in Rome: no dates all, a start only that day, both an inclusive range', async () => {
    const { tenant, city, lake, august } = await listing();
    const at = async (id: string, iso: string) => db.update(quotes).set({ createdAt: new Date(iso) }).where(eq(quotes.id, id));
    await at(city.id, '2026-03-01T10:00:00Z'); // 1 March in Rome
    await at(lake.id, '2026-03-02T23:30:00Z'); // 3 March, 00:30 in Rome
    await at(august.id, '2026-03-05T08:00:00Z'); // 5 March

    expect((await list(tenant, {})).items.map((item) => item.name)).toEqual(['Ferragosto', 'Weekend al lago', 'Vacanza in Città']);
    expect(names(await list(tenant, { dateFrom: '01/03/2026' }))).toEqual(['Vacanza in Città']);
    expect(names(await list(tenant, { dateFrom: '02/03/2026' }))).toEqual([]);
    expect(names(await list(tenant, { dateFrom: '03/03/2026' }))).toEqual(['Weekend al lago']);
    expect(names(await list(tenant, { dateFrom: '01/03/2026', dateTo: '03/03/2026' }))).toEqual(['Vacanza in Città', 'Weekend al lago']);
    expect(names(await list(tenant, { dateFrom: '3/3/2026', dateTo: '05/03/2026' }))).toEqual(['Ferragosto', 'Weekend al lago']);
    expect(names(await list(tenant, { dateFrom: '05/03/2026', dateTo: '05/03/2026' }))).toEqual(['Ferragosto']);

    const invalid = await failure(list(tenant, { dateFrom: '31/02/2026' }));
    expect(invalid).toMatchObject({ kind: 'bad_request', message: 'Data iniziale non valida: usa il formato gg/mm/aaaa.' });
    const reversed = await failure(list(tenant, { dateFrom: '05/03/2026', dateTo: '01/03/2026' }));
    expect(reversed).toMatchObject({ kind: 'bad_request', message: 'La data finale precede quella iniziale.' });
  });

  it('pages by keyset: every quote exactly once, newest first, even with equal creation times', async () => {
    const { tenant, create } = await setup();
    const made = [];
    for (let i = 0; i < 8; i++) made.push(await create({ name: `Pagina ${i}`, saveAs: 'bozza' }));
    // Three share one instant, two another: the id breaks the tie.
    const same = new Date('2026-05-10T09:00:00.123456Z');
    await db.update(quotes).set({ createdAt: same }).where(inArray(quotes.id, made.slice(0, 3).map((quote) => quote.id)));
    await db.update(quotes).set({ createdAt: new Date('2026-05-11T09:00:00Z') }).where(inArray(quotes.id, made.slice(3, 5).map((quote) => quote.id)));

    const seen: { id: string; createdAt: Date }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(tenant, { limit: 3, cursor });
      seen.push(...page.items);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
      expect(pages).toBeLessThan(10);
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((item) => item.id).sort()).toEqual(made.map((quote) => quote.id).sort());
    expect(new Set(seen.map((item) => item.id)).size).toBe(8);
    for (let i = 1; i < seen.length; i++) {
      const [prev, next] = [seen[i - 1], seen[i]];
      const ordered = prev.createdAt.getTime() > next.createdAt.getTime() || (prev.createdAt.getTime() === next.createdAt.getTime() && prev.id > next.id);
      expect(ordered, `position ${i}`).toBe(true);
    }
    expect((await failure(list(tenant, { cursor: 'non-un-cursore' }))).kind).toBe('bad_request');
  });

  it('shows only the campsite’s own quotes', async () => {
    const mine = await listing();
    const theirs = await listing();
    const page = await list(mine.tenant, { limit: 100 });
    expect(page.items.map((item) => item.id).sort()).toEqual([mine.city.id, mine.lake.id, mine.august.id].sort());
    expect((await list(mine.tenant, { contactId: theirs.rossi.id })).items).toEqual([]);
  });
});

describe('deleteQuote', () => {
  it('deletes a quote with its cards and events, but not one that became a booking', async () => {
    const { tenant, campsite, platform, create } = await setup();
    const quote = await create({ saveAs: 'nuovo', cards: [PITCH_CARD, MOBILE_HOME_CARD] });
    await deleteQuote(ctxFor(db, tenant), quote.id);
    expect(await quoteRow(db, campsite.id, quote.id)).toBeUndefined();
    expect(await db.select().from(quoteCards).where(eq(quoteCards.quoteId, quote.id))).toEqual([]);
    expect(await progressEvents(db, quote.id)).toEqual([]);
    expect((await failure(deleteQuote(ctxFor(db, tenant), quote.id))).kind).toBe('not_found');

    const booked = await create({ saveAs: 'nuovo', cards: [PITCH_CARD] });
    const { resources } = await checkAvailability(ctxFor(db, tenant), platform, booked.id, 0);
    await bookQuote(ctxFor(db, tenant), platform, booked.id, { cardIdx: 0, resourceIds: [resources[0].id] });
    const error = await failure(deleteQuote(ctxFor(db, tenant), booked.id));
    expect(error).toMatchObject({ kind: 'conflict', message: 'Un preventivo diventato prenotazione non si può eliminare.' });
    expect((await quoteRow(db, campsite.id, booked.id))?.progress).toBe('convertito');
    expect(await db.select({ n: count() }).from(quoteCards).where(and(eq(quoteCards.quoteId, booked.id)))).toEqual([{ n: 1 }]);
  });
});

