import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, ne, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { bookingAttempts, campsites, contacts, quoteCards, quoteProgressEvents, quoteRequests, quotes, users } from '@/db/schema';
import { createContact, deleteContact, getContact, listContacts, updateContact } from '@/lib/contacts/service';
import { contactInputSchema, contactPatchSchema } from '@/lib/contacts/validation';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { bookQuote, checkAvailability, markNotConverted, recordAttempt } from '@/lib/quotes/booking';
import { cardsOf, getQuoteDetail } from '@/lib/quotes/detail';
import { listQuotes } from '@/lib/quotes/queries';
import { listRequests, refuseQuote } from '@/lib/quotes/requests';
import { acceptForGuest, createQuote, deleteQuote, reopenQuote, updateQuote } from '@/lib/quotes/service';
import { quoteListFiltersSchema } from '@/lib/quotes/validation';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { callApi, loginViaApi, type Dispatch } from '../helpers/legacy-api';
import { MOBILE_HOME_CARD, PINETA_PITCH_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput, unique } from '../helpers/quotes';
import { ctxFor } from '../helpers/ctx';

/**
 * Isolation cases told by hand, for the contacts and quotes: a search by what a user would type,
 * a quote pointed at a foreign contact or card, the services the server actions call. The walk of
 * every route and every action with every foreign id is tenant-isolation-routes.test.ts and
 * tenant-isolation-actions.test.ts.
 */

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const DAY_MS = 86_400_000;

/** Two campsites: Lago Azzurro (the victim) full of data, Villaggio Pineta (the caller) with some of its own. */
async function twoCampsites() {
  const tag = unique();
  const lago = await makeQuotesAccount(db, { name: `Camping Lago Azzurro ${tag}`, platformCampId: 'DEMO-LAGO-AZZURRO' });
  const pineta = await makeQuotesAccount(db, { name: `Villaggio Pineta ${tag}`, platformCampId: 'DEMO-PINETA' });

  const phone = () => `3${String(randomInt(100_000_000, 999_999_999))}`;
  const laGuests = [
    await makeGuest(db, lago.tenant, { firstName: `Azzurra${tag}`, lastName: `Lagorio${tag}`, email: `azzurra.${tag}@lagoazzurro.example`, phonePrefix: '+39', phone: phone() }),
    await makeGuest(db, lago.tenant, { firstName: `Celeste${tag}`, lastName: `Riva${tag}`, email: `celeste.${tag}@lagoazzurro.example`, phonePrefix: '+39', phone: phone() }),
  ];
  const [first, second] = laGuests;
  const laQuote = (contactId: string, name: string, saveAs: 'nuovo' | 'bozza', cards: unknown[]) =>
    createQuote(ctxFor(db, lago.tenant), quoteInput({ contactId, name: `${name} ${tag}`, saveAs, cards }), lago.platform);

  const open = await laQuote(first.id, 'Vacanza Azzurra', 'nuovo', [PITCH_CARD, MOBILE_HOME_CARD]);
  await recordAttempt(ctxFor(db, lago.tenant), open.id, { cardIdx: 0, outcome: 'failed', error: 'Pagamento non riuscito' });
  const draft = await laQuote(second.id, 'Bozza Azzurra', 'bozza', [{ typologyId: 'LA-PZ-LAGO' }]);
  const accepted = await laQuote(first.id, 'Accettato Azzurro', 'nuovo', [PITCH_CARD, MOBILE_HOME_CARD]);
  await acceptForGuest(ctxFor(db, lago.tenant), accepted.id, 1);
  const booked = await laQuote(first.id, 'Prenotato Azzurro', 'nuovo', [MOBILE_HOME_CARD]);
  const { resources } = await checkAvailability(ctxFor(db, lago.tenant), lago.platform, booked.id, 0);
  await bookQuote(ctxFor(db, lago.tenant), lago.platform, booked.id, { cardIdx: 0, resourceIds: [resources[0].id] });
  const refused = await laQuote(second.id, 'Rifiutato Azzurro', 'nuovo', [PITCH_CARD]);
  await refuseQuote(ctxFor(db, lago.tenant), refused.id, `Motivo azzurro ${tag}`);
  // Past its validity but not expired yet: only a Lago Azzurro run may expire it.
  const overdue = await laQuote(second.id, 'Scaduto Azzurro', 'nuovo', [PITCH_CARD]);
  await db.update(quotes).set({ validUntil: new Date(Date.now() - DAY_MS) }).where(eq(quotes.id, overdue.id));
  const [request] = await db.insert(quotes).values({ campingId: lago.campsite.id, contactId: second.id, name: `Richiesta Azzurra ${tag}`, progress: 'richiesta' }).returning();
  const [requestRow] = await db
    .insert(quoteRequests)
    .values({ campingId: lago.campsite.id, quoteId: request.id, contactId: second.id, arrival: '2027-07-01', departure: '2027-07-08', message: `Messaggio azzurro ${tag}` })
    .returning();
  const laQuotes = { open, draft, accepted, booked, refused, overdue, request };

  const pinetaGuest = await makeGuest(db, pineta.tenant, { firstName: 'Pino', lastName: 'Pinetti', email: `pino.${tag}@villaggiopineta.example` });
  const pinetaQuote = await createQuote(ctxFor(db, pineta.tenant), quoteInput({ contactId: pinetaGuest.id, name: 'Vacanza in pineta', saveAs: 'nuovo', cards: [PINETA_PITCH_CARD] }), pineta.platform);
  const [pinetaRequest] = await db.insert(quotes).values({ campingId: pineta.campsite.id, contactId: pinetaGuest.id, progress: 'richiesta' }).returning();
  await db.insert(quoteRequests).values({ campingId: pineta.campsite.id, quoteId: pinetaRequest.id, contactId: pinetaGuest.id, message: 'Richiesta in pineta' });

  const laCards = await db.select().from(quoteCards).where(eq(quoteCards.campingId, lago.campsite.id));
  const laEvents = await db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.campingId, lago.campsite.id));
  const laAttempts = await db.select().from(bookingAttempts).where(eq(bookingAttempts.campingId, lago.campsite.id));
  expect(laAttempts.length).toBe(2);

  /** Everything that identifies Lago Azzurro's data: none of it may reach a Pineta user. */
  const secrets = [
    lago.campsite.id,
    lago.campsite.name,
    lago.user.id,
    lago.user.email,
    ...laGuests.flatMap((guest) => [guest.id, guest.email!, guest.firstName, guest.lastName, guest.phone!]),
    ...Object.values(laQuotes).flatMap((quote) => [quote.id, quote.name]),
    ...laCards.map((card) => card.id),
    ...laEvents.map((event) => event.id),
    ...laAttempts.map((attempt) => attempt.id),
    requestRow.id,
    requestRow.message,
    `Motivo azzurro ${tag}`,
  ];
  expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 8)).toBe(true);

  return { tag, lago, pineta, laGuests, laQuotes, laCards, requestRow, pinetaGuest, pinetaQuote, pinetaRequest, secrets };
}

type World = Awaited<ReturnType<typeof twoCampsites>>;

/** Every row of a campsite in the tables of the two domains, in a stable order. */
async function snapshot(campsiteId: string) {
  const byCamping = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).sort((a, b) => a.id.localeCompare(b.id));
  return {
    campsite: await db.select().from(campsites).where(eq(campsites.id, campsiteId)),
    users: await byCamping(db.select().from(users).where(eq(users.campingId, campsiteId))),
    contacts: await byCamping(db.select().from(contacts).where(eq(contacts.campingId, campsiteId))),
    quotes: await byCamping(db.select().from(quotes).where(eq(quotes.campingId, campsiteId))),
    quoteCards: await byCamping(db.select().from(quoteCards).where(eq(quoteCards.campingId, campsiteId))),
    quoteProgressEvents: await byCamping(db.select().from(quoteProgressEvents).where(eq(quoteProgressEvents.campingId, campsiteId))),
    bookingAttempts: await byCamping(db.select().from(bookingAttempts).where(eq(bookingAttempts.campingId, campsiteId))),
    quoteRequests: await byCamping(db.select().from(quoteRequests).where(eq(quoteRequests.campingId, campsiteId))),
  };
}

/** Rows of any other campsite that point at a Lago Azzurro contact, quote or user: there must be none. */
async function foreignReferences(world: World) {
  const camp = world.lago.campsite.id;
  const contactIds = world.laGuests.map((guest) => guest.id);
  const quoteIds = Object.values(world.laQuotes).map((quote) => quote.id);
  const counted = async (rows: Promise<{ n: number }[]>) => (await rows)[0].n;
  return {
    quotes: await counted(
      db
        .select({ n: count() })
        .from(quotes)
        .where(and(ne(quotes.campingId, camp), or(inArray(quotes.contactId, contactIds), eq(quotes.ownerId, world.lago.user.id)))),
    ),
    contacts: await counted(db.select({ n: count() }).from(contacts).where(and(ne(contacts.campingId, camp), eq(contacts.ownerId, world.lago.user.id)))),
    quoteCards: await counted(db.select({ n: count() }).from(quoteCards).where(and(ne(quoteCards.campingId, camp), inArray(quoteCards.quoteId, quoteIds)))),
    quoteProgressEvents: await counted(
      db
        .select({ n: count() })
        .from(quoteProgressEvents)
        .where(and(ne(quoteProgressEvents.campingId, camp), or(inArray(quoteProgressEvents.quoteId, quoteIds), eq(quoteProgressEvents.actorUserId, world.lago.user.id)))),
    ),
    bookingAttempts: await counted(db.select({ n: count() }).from(bookingAttempts).where(and(ne(bookingAttempts.campingId, camp), inArray(bookingAttempts.quoteId, quoteIds)))),
    quoteRequests: await counted(
      db
        .select({ n: count() })
        .from(quoteRequests)
        .where(and(ne(quoteRequests.campingId, camp), or(inArray(quoteRequests.quoteId, quoteIds), inArray(quoteRequests.contactId, contactIds)))),
    ),
  };
}

const NO_FOREIGN_REFERENCES = { quotes: 0, contacts: 0, quoteCards: 0, quoteProgressEvents: 0, bookingAttempts: 0, quoteRequests: 0 };

describe('tenant isolation through the legacy API', () => {
  it('answers empty lists and no file rows when Pineta filters by Lago Azzurro’s contact, name, e-mail or phone', async () => {
    const world = await twoCampsites();
    const token = await loginViaApi(dispatch, world.pineta.user.email);
    const call = (path: string, body: unknown) => callApi(dispatch, 'POST', path, { token, body });
    const [guest] = world.laGuests;

    expect((await call('/getQuote/lazy', { contactId: guest.id })).json).toEqual({ items: [], nextCursor: null });
    expect((await call('/getQuote/lazy', { search: world.laQuotes.open.name })).json).toEqual({ items: [], nextCursor: null });
    expect((await call('/quoteQuery', { contact: guest.id })).json).toEqual([]);
    expect((await call('/quoteQuery', { search: guest.lastName })).json).toEqual([]);
    expect((await call('/contactQuery', { email: guest.email })).json).toEqual([]);
    expect((await call('/contactQuery', { telefono: guest.phone })).json).toEqual([]);
    expect((await call('/getContact/lazy', { search: guest.lastName })).json).toEqual({ items: [], nextCursor: null, total: 0, totalCapped: false });

    const csv = await call('/exportContacts', { search: guest.lastName });
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toHaveLength(1);
    const everything = await call('/exportContacts', {});
    expect(everything.text).toContain(world.pinetaGuest.email!);
    for (const secret of world.secrets) expect(everything.text).not.toContain(secret);

    const allQuotes = JSON.parse((await call('/getQuote/all', {})).text) as { _id: string }[];
    expect(allQuotes.map((quote) => quote._id).sort()).toEqual([world.pinetaQuote.id, world.pinetaRequest.id].sort());
    const allContacts = JSON.parse((await call('/getContact/all', {})).text) as { _id: string }[];
    expect(allContacts.map((contact) => contact._id)).toEqual([world.pinetaGuest.id]);
  });

  it('refuses a Pineta quote that points at a Lago Azzurro contact or card, and changes nothing', async () => {
    const world = await twoCampsites();
    const token = await loginViaApi(dispatch, world.pineta.user.email);
    const call = (path: string, body: unknown) => callApi(dispatch, 'POST', path, { token, body });
    const before = await snapshot(world.lago.campsite.id);
    const pinetaBefore = await snapshot(world.pineta.campsite.id);
    const scheda = { tipologia: 'PI-PZ-PINETA', arrivo: PINETA_PITCH_CARD.arrival, partenza: PINETA_PITCH_CARD.departure, persone: [{ id: 'PI-ADULTO', quantita: 2 }] };

    const added = await call('/addQuote', { contact: world.laGuests[0].id, name: 'Furto', progress: 'nuovo', schede: [scheda] });
    expect(added.status, added.text).toBe(404);
    for (const path of [`/editQuote/${world.pinetaQuote.id}`, `/editQuoteNoDate/${world.pinetaQuote.id}`]) {
      const edited = await call(path, { contact: world.laGuests[0].id, name: 'Spostato' });
      expect(edited.status, edited.text).toBe(404);
      const card = await call(path, { schede: [{ ...scheda, _id: world.laCards[0].id }] });
      expect(card.status, card.text).toBe(400);
      for (const secret of world.secrets) expect(`${edited.text}${card.text}`).not.toContain(secret);
    }

    expect(await snapshot(world.pineta.campsite.id)).toEqual(pinetaBefore);
    expect(await snapshot(world.lago.campsite.id)).toEqual(before);
    expect(await foreignReferences(world)).toEqual(NO_FOREIGN_REFERENCES);
  });
});

describe('tenant isolation in the services the server actions call', () => {
  it('refuses, or answers empty, every call of a Pineta user with Lago Azzurro ids, and changes nothing', async () => {
    const world = await twoCampsites();
    const { pineta, laGuests, laQuotes, laCards, pinetaGuest, pinetaQuote } = world;
    const tenant = pineta.tenant;
    const platform = pineta.platform;
    const before = await snapshot(world.lago.campsite.id);
    const [guest] = laGuests;
    const notFound = async (promise: Promise<unknown>, label: string) => expect((await failure(promise)).kind, label).toBe('not_found');

    // Contacts.
    await notFound(getContact(ctxFor(db, tenant), guest.id), 'getContact');
    await notFound(updateContact(ctxFor(db, tenant), guest.id, contactPatchSchema.parse({ firstName: 'Rubato' })), 'updateContact');
    await notFound(deleteContact(ctxFor(db, tenant), guest.id), 'deleteContact');
    expect((await listContacts(ctxFor(db, tenant), { search: guest.lastName })).items).toEqual([]);
    expect((await listContacts(ctxFor(db, tenant), { search: guest.email })).items).toEqual([]);
    // The same address is a different guest in another campsite: created in Pineta, Lago Azzurro untouched.
    const twin = await createContact(ctxFor(db, tenant), contactInputSchema.parse({ firstName: 'Omonimo', email: guest.email }));
    expect(twin.campingId).toBe(pineta.campsite.id);
    expect(twin.id).not.toBe(guest.id);

    // Quotes.
    const pinetaInput = quoteInput({ contactId: pinetaGuest.id, name: 'Cambiato', saveAs: 'nuovo', cards: [PINETA_PITCH_CARD] });
    await notFound(createQuote(ctxFor(db, tenant), quoteInput({ contactId: guest.id, saveAs: 'nuovo', cards: [PINETA_PITCH_CARD] }), platform), 'createQuote with their contact');
    for (const quote of Object.values(laQuotes)) {
      const label = `${quote.name} (${quote.progress})`;
      await notFound(getQuoteDetail(ctxFor(db, tenant), quote.id), `getQuoteDetail ${label}`);
      await notFound(updateQuote(ctxFor(db, tenant), quote.id, pinetaInput, platform), `updateQuote ${label}`);
      await notFound(deleteQuote(ctxFor(db, tenant), quote.id), `deleteQuote ${label}`);
      await notFound(acceptForGuest(ctxFor(db, tenant), quote.id, 0), `acceptForGuest ${label}`);
      await notFound(reopenQuote(ctxFor(db, tenant), quote.id), `reopenQuote ${label}`);
      await notFound(refuseQuote(ctxFor(db, tenant), quote.id, 'Rifiutato da fuori'), `refuseQuote ${label}`);
      await notFound(checkAvailability(ctxFor(db, tenant), platform, quote.id, 0), `checkAvailability ${label}`);
      await notFound(bookQuote(ctxFor(db, tenant), platform, quote.id, { cardIdx: 0, resourceIds: ['LA-PZ-STD-1'] }), `bookQuote ${label}`);
      await notFound(markNotConverted(ctxFor(db, tenant), quote.id, 'Chiuso da fuori'), `markNotConverted ${label}`);
      await notFound(recordAttempt(ctxFor(db, tenant), quote.id, { outcome: 'ok' }), `recordAttempt ${label}`);
      expect(await cardsOf(ctxFor(db, tenant), quote.id), `cardsOf ${label}`).toEqual([]);
    }
    // Pineta's own quote moved to their contact, or given one of their cards.
    await notFound(updateQuote(ctxFor(db, tenant), pinetaQuote.id, { ...pinetaInput, contactId: guest.id }, platform), 'updateQuote to their contact');
    const card = await failure(updateQuote(ctxFor(db, tenant), pinetaQuote.id, { ...pinetaInput, cards: [{ ...pinetaInput.cards[0], id: laCards[0].id }] }, platform));
    expect(card.kind).toBe('bad_request');

    const listed = await listQuotes(ctxFor(db, tenant), quoteListFiltersSchema.parse({ contactId: guest.id }));
    expect(listed).toEqual({ items: [], nextCursor: null });
    expect((await listQuotes(ctxFor(db, tenant), quoteListFiltersSchema.parse({ search: laQuotes.open.name }))).items).toEqual([]);
    const everything = await listQuotes(ctxFor(db, tenant), quoteListFiltersSchema.parse({ limit: 100 }));
    expect(everything.items.map((item) => item.id).sort()).toEqual([pinetaQuote.id, world.pinetaRequest.id].sort());
    const requests = await listRequests(ctxFor(db, tenant), { scope: 'all', limit: 100 });
    expect(requests.items.map((item) => item.quoteId)).toEqual([world.pinetaRequest.id]);

    // Pineta's own quote is as it was.
    const [own] = await db.select().from(quotes).where(eq(quotes.id, pinetaQuote.id)).orderBy(asc(quotes.id));
    expect(own).toMatchObject({ contactId: pinetaGuest.id, name: 'Vacanza in pineta', version: pinetaQuote.version });

    expect(await snapshot(world.lago.campsite.id)).toEqual(before);
    expect(await foreignReferences(world)).toEqual(NO_FOREIGN_REFERENCES);
  });
});
