import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { bookingAttempts, quotes } from '@/db/schema';
import { endOfRomeDay, romeIsoDate } from '@/lib/date-filter';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { legacyQuoteSchema } from '@/lib/legacy-api/shapes/quote';
import type { z } from '@/lib/validation';
import { useTestDatabase } from '../helpers/db';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';
import { makeGuest, makeQuotesAccount, progressEvents } from '../helpers/quotes';

type LegacyQuote = z.infer<typeof legacyQuoteSchema>;

/** A calendar day (yyyy-mm-dd, Rome) some days from now. */
const inDays = (days: number) => romeIsoDate(new Date(Date.now() + days * 86_400_000));

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function account(values: Parameters<typeof makeQuotesAccount>[1] = {}) {
  const made = await makeQuotesAccount(db, values);
  const guest = await makeGuest(db, made.tenant, { firstName: 'Lucia', lastName: 'Bianchi' });
  const token = await loginViaApi(dispatch, made.user.email);
  const call = (path: string, body?: unknown) => callApi(dispatch, 'POST', path, { token, body });
  return { ...made, guest, token, call };
}

/** The pitch stay of the quotes tests, in the legacy field names. */
const PITCH_SCHEDA = {
  tipologia: 'LA-PZ-STD',
  arrivo: '2027-06-28',
  partenza: '2027-07-03',
  persone: [
    { id: 'LA-ADULTO', quantita: 2 },
    { id: 'LA-BAMBINO', quantita: 1 },
    { id: 'LA-NEONATO', quantita: 1 },
  ],
  mezzi: [{ id: 'LA-AUTO', quantita: 1 }],
  servizi: [
    { id: 'LA-CANE', quantita: 1 },
    { id: 'LA-CORRENTE', quantita: 1 },
  ],
  scontoPercentuale: 10,
  scontoSoloSuUnita: true,
};

const MOBILE_HOME_SCHEDA = {
  tipologia: 'LA-MH-CLASSIC',
  arrivo: '2027-07-10',
  partenza: '2027-07-17',
  persone: [{ id: 'LA-ADULTO', quantita: 2 }],
  servizi: [{ id: 'LA-PULIZIA', quantita: 1 }],
};

async function addQuote(call: (path: string, body?: unknown) => ReturnType<typeof callApi>, body: Record<string, unknown>): Promise<LegacyQuote> {
  const answer = await call('/addQuote', body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as LegacyQuote;
}

describe('/addQuote and /getQuote/{id}', () => {
  it('creates a priced quote from legacy schede and answers the legacy shape, money in euros', async () => {
    const { call, campsite, user, guest } = await account();
    const created = await addQuote(call, { name: 'Estate al lago', contact: guest.id, progress: 'nuovo', tags: ['Famiglia'], lingua: 1, schede: [PITCH_SCHEDA, MOBILE_HOME_SCHEDA] });

    expect(created).toMatchObject({
      _id: expect.any(String),
      name: 'Estate al lago',
      contact: guest.id,
      owner: user.id,
      camping: campsite.id,
      __v: 0,
      progress: 'nuovo',
      lingua: 1,
      tags: ['Famiglia'],
      accettata: null,
      annoPratica: null,
      numeroPratica: null,
      risorse: [],
    });
    expect(created.date_creation).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(created.scadenza).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(created.schede).toHaveLength(2);
    const [pitch, mobileHome] = created.schede;
    expect(pitch).toMatchObject({
      _id: expect.any(String),
      idx: 0,
      tipologia: 'LA-PZ-STD',
      nomeTipologia: 'Piazzola standard',
      arrivo: '2027-06-28',
      partenza: '2027-07-03',
      listino: 'LISTINO-2027',
      offerta: null,
      subtotale: 354.5,
      sconto: 0,
      scontoPercentuale: 10,
      scontoApplicato: 13.2,
      scontoSoloSuUnita: true,
      totale: 341.3,
      testo: '',
      immagini: [],
    });
    expect(pitch.persone).toEqual([
      { id: 'LA-ADULTO', nome: 'Adulto', quantita: 2 },
      { id: 'LA-BAMBINO', nome: 'Bambino (3-11 anni)', quantita: 1 },
      { id: 'LA-NEONATO', nome: 'Neonato (0-2 anni)', quantita: 1 },
    ]);
    expect(pitch.mezzi).toEqual([{ id: 'LA-AUTO', nome: 'Auto', quantita: 1 }]);
    expect(pitch.righe[0]).toEqual({ tipo: 'unit', descrizione: 'Piazzola standard – media stagione', quantita: 3, prezzoUnitario: 24, totale: 72 });
    expect(pitch.righe.at(-1)).toEqual({ tipo: 'tax', descrizione: 'Imposta di soggiorno', quantita: 10, prezzoUnitario: 1.5, totale: 15 });
    expect(pitch.righe.reduce((sum, line) => sum + line.totale, 0)).toBeCloseTo(354.5, 2);
    // 7 × 125 + 60 + 2 × 7 × 1.50
    expect(mobileHome).toMatchObject({ idx: 1, nomeTipologia: 'Casa mobile Classic', subtotale: 956, sconto: 0, totale: 956 });

    const read = await call(`/getQuote/${created._id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual(created);

    const events = await progressEvents(db, created._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromProgress: null, toProgress: 'nuovo', actorKind: 'staff', actorUserId: user.id });
  });

  it('saves a draft by default, an empty name as «undefined», and refuses what the quote rules refuse', async () => {
    const { call, guest } = await account();
    const draft = await addQuote(call, { contact: guest.id, name: '', schede: [{ tipologia: 'LA-PZ-STD' }] });
    expect(draft).toMatchObject({ name: 'undefined', progress: 'bozza' });
    expect(draft.schede[0]).toMatchObject({ tipologia: 'LA-PZ-STD', arrivo: null, totale: 0, righe: [] });

    expect(expectErrorAnswer(await call('/addQuote', { contact: guest.id, progress: 'nuovo', schede: [] }), 400)).toBe(
      'Aggiungi almeno una scheda, oppure salva come bozza.',
    );
    expect(expectErrorAnswer(await call('/addQuote', { contact: guest.id, tags: ['Ignota'] }), 400)).toBe('Etichette non previste dal campeggio: Ignota.');
    expectErrorAnswer(await call('/addQuote', { contact: '', schede: [] }), 400);
    expect(expectErrorAnswer(await call('/addQuote', { contact: 'cliente-che-non-esiste' }), 404)).toBe('Cliente non trovato: sceglilo di nuovo.');
    expectErrorAnswer(await call('/addQuote', { contact: guest.id, schede: [{ tipologia: 'LA-PZ-STD', arrivo: '28/06/2027' }] }), 400);
    expect(expectErrorAnswer(await call('/getQuote/preventivo-che-non-esiste'), 404)).toBe('Preventivo non trovato.');
  });
});

describe('/editQuote/{id} and /editQuoteNoDate/{id}', () => {
  it('ignores _id, __v, owner, camping and date_creation of the body and keeps the validity when scadenza is absent', async () => {
    const { call, guest, campsite, user } = await account();
    const other = await makeQuotesAccount(db);
    const created = await addQuote(call, { name: 'Prima', contact: guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA] });
    const { scadenza: _scadenza, ...withoutValidity } = created;

    const answer = await call(`/editQuote/${created._id}`, {
      ...withoutValidity,
      _id: 'un-altro-id',
      __v: 42,
      owner: other.user.id,
      camping: other.campsite.id,
      date_creation: '2001-01-01T00:00:00.000Z',
      name: 'Seconda',
      schede: [{ _id: created.schede[0]._id, ...PITCH_SCHEDA, persone: [{ id: 'LA-ADULTO', quantita: 1 }] }, MOBILE_HOME_SCHEDA],
    });
    expect(answer.status, answer.text).toBe(200);
    const edited = answer.json as LegacyQuote;
    expect(edited).toMatchObject({
      _id: created._id,
      __v: created.__v + 1,
      owner: user.id,
      camping: campsite.id,
      date_creation: created.date_creation,
      scadenza: created.scadenza,
      name: 'Seconda',
      contact: guest.id,
      progress: 'nuovo',
    });
    // The card named by _id keeps it (its public link), the new one gets its own.
    expect(edited.schede.map((card) => card.idx)).toEqual([0, 1]);
    expect(edited.schede[0]._id).toBe(created.schede[0]._id);
    expect(edited.schede[1]._id).not.toBe(created.schede[0]._id);
    // One adult, no child: 132 + 52.50 + 25 + 25 + 20 + 7.50, less 10% of the pitch.
    expect(edited.schede[0]).toMatchObject({ subtotale: 262, totale: 248.8 });

    const stored = await db.select().from(quotes).where(eq(quotes.id, created._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ campingId: campsite.id, ownerId: user.id, version: 1 });

    // Sending scadenza changes it.
    const newValidity = inDays(40);
    const later = await call(`/editQuote/${created._id}`, { scadenza: newValidity });
    expect(later.status, later.text).toBe(200);
    expect((later.json as LegacyQuote).scadenza).toBe(endOfRomeDay(newValidity).toISOString());
    expect((later.json as LegacyQuote).schede).toHaveLength(2);
  });

  it('/editQuoteNoDate keeps scadenza even when the body sends one', async () => {
    const { call, guest } = await account();
    const validity = inDays(30);
    const created = await addQuote(call, { name: 'Con data', contact: guest.id, progress: 'nuovo', scadenza: validity, schede: [PITCH_SCHEDA] });
    expect(created.scadenza).toBe(endOfRomeDay(validity).toISOString());
    const answer = await call(`/editQuoteNoDate/${created._id}`, { ...created, scadenza: inDays(90), name: 'Rinominato' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ name: 'Rinominato', scadenza: created.scadenza, __v: created.__v + 1 });
  });

  it('refuses to edit an accepted quote and answers 404 for an unknown one', async () => {
    const { call, guest } = await account();
    const created = await addQuote(call, { contact: guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA] });
    await db.update(quotes).set({ progress: 'accettato', acceptedCardIdx: 0 }).where(eq(quotes.id, created._id));
    expect(expectErrorAnswer(await call(`/editQuote/${created._id}`, { name: 'No' }), 409)).toContain('Il cliente ha già accettato');
    expectErrorAnswer(await call('/editQuote/non-esiste', { name: 'No' }), 404);
  });
});

describe('/getQuote/lazy, /getQuote/all and /quoteQuery', () => {
  async function several() {
    const made = await account();
    const second = await makeGuest(db, made.tenant, { firstName: 'Pál', lastName: 'Kovács' });
    const created: LegacyQuote[] = [];
    for (const word of ['Alba', 'Brezza', 'Cielo', 'Duna', 'Estate']) created.push(await addQuote(made.call, { name: `Preventivo ${word}`, contact: made.guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA] }));
    created.push(await addQuote(made.call, { name: 'Bozza di Pál', contact: second.id }));
    return { ...made, second, created };
  }

  it('/getQuote/lazy pages by nextCursor, every quote once, with the list filters', async () => {
    const { call, created, second } = await several();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await call('/getQuote/lazy', { limit: 4, ...(cursor ? { cursor } : {}) });
      expect(answer.status, answer.text).toBe(200);
      const page = answer.json as { items: Record<string, unknown>[]; nextCursor: string | null };
      seen.push(...page.items.map((item) => item._id as string));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect([...seen].sort()).toEqual(created.map((quote) => quote._id).sort());

    const kovacs = await call('/getQuote/lazy', { search: 'kovacs' });
    const items = (kovacs.json as { items: Record<string, unknown>[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Bozza di Pál', progress: 'bozza', contact: second.id, cliente: { _id: second.id, nome: 'Pál', cognome: 'Kovács' }, schede: 0 });
    const priced = await call('/getQuote/lazy', { progress: ['nuovo'], limit: 1 });
    expect((priced.json as { items: Record<string, unknown>[] }).items[0]).toMatchObject({ progress: 'nuovo', schede: 1, totaleMinimo: 341.3, totaleMassimo: 341.3 });
  });

  it('/getQuote/all streams every quote of the campsite as one JSON array', async () => {
    const { call, created } = await several();
    await account(); // another campsite, with its own guest
    const answer = await call('/getQuote/all');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('application/json');
    const all = JSON.parse(answer.text) as LegacyQuote[];
    expect(all.map((quote) => quote._id).sort()).toEqual(created.map((quote) => quote._id).sort());
    const byId = new Map(all.map((quote) => [quote._id, quote]));
    for (const quote of created) expect(byId.get(quote._id)).toEqual(quote);
  });

  it('/quoteQuery finds by contact, progress and text', async () => {
    const { call, created, second, guest } = await several();
    const byContact = await call('/quoteQuery', { contact: second.id });
    expect(byContact.status, byContact.text).toBe(200);
    expect((byContact.json as LegacyQuote[]).map((quote) => quote.name)).toEqual(['Bozza di Pál']);
    const byProgress = (await call('/quoteQuery', { progress: 'nuovo' })).json as LegacyQuote[];
    expect(byProgress.map((quote) => quote._id).sort()).toEqual(created.slice(0, 5).map((quote) => quote._id).sort());
    expect(byProgress[0].schede[0].totale).toBe(341.3);
    const byText = (await call('/quoteQuery', { search: 'preventivo brezza' })).json as LegacyQuote[];
    expect(byText.map((quote) => quote.name)).toEqual(['Preventivo Brezza']);
    expect(((await call('/quoteQuery', { contact: guest.id, progress: 'bozza' })).json as LegacyQuote[])).toEqual([]);
  });
});

describe('booking through the legacy calls', () => {
  it('/richiestaDisp and /inserisciPrenotazione end in convertito', async () => {
    const { call, guest } = await account();
    const created = await addQuote(call, { contact: guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA, MOBILE_HOME_SCHEDA] });
    const availability = await call(`/richiestaDisp/${created._id}`, { idx: 1 });
    expect(availability.status, availability.text).toBe(200);
    const { disponibile, risorse } = availability.json as { disponibile: boolean; risorse: { id: string; nome: string }[] };
    expect(disponibile).toBe(true);
    expect(risorse.length).toBeGreaterThan(0);
    expect(risorse[0]).toEqual({ id: expect.stringMatching(/^LA-MH-CLASSIC-\d+$/), nome: expect.stringMatching(/^Casa mobile \d+$/) });

    const booked = await call(`/inserisciPrenotazione/${created._id}`, { risorse: [risorse[0].id], idx: 1 });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.json).toMatchObject({ _id: created._id, progress: 'convertito', accettata: 1, risorse: [risorse[0].id], annoPratica: 2027, numeroPratica: expect.stringMatching(/^\d+$/) });
    const attempts = await db.select().from(bookingAttempts).where(eq(bookingAttempts.quoteId, created._id));
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['ok']);

    // Already converted: no second booking, and it cannot be deleted.
    expectErrorAnswer(await call(`/inserisciPrenotazione/${created._id}`, { risorse: [risorse[0].id], idx: 1 }), 409);
    expect(expectErrorAnswer(await call(`/deleteQuote/${created._id}`), 409)).toBe('Un preventivo diventato prenotazione non si può eliminare.');
  });

  it('/inserisciPrenotazione needs at least one resource, and a draft cannot be booked', async () => {
    const { call, guest } = await account();
    const created = await addQuote(call, { contact: guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA] });
    expectErrorAnswer(await call(`/inserisciPrenotazione/${created._id}`, { risorse: [] }), 400);
    const draft = await addQuote(call, { contact: guest.id, schede: [PITCH_SCHEDA] });
    expect(expectErrorAnswer(await call(`/richiestaDisp/${draft._id}`), 409)).toBe('Un preventivo «bozza» non si può prenotare.');
    expectErrorAnswer(await call(`/inserisciPrenotazione/${draft._id}`, { risorse: ['LA-PZ-STD-1'] }), 409);
  });

  it('/addAttempt records an attempt made elsewhere', async () => {
    const { call, guest, user } = await account();
    const created = await addQuote(call, { contact: guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA] });
    const answer = await call(`/addAttempt/${created._id}`, { idx: 0, esito: 'ko', errore: 'Pagamento non riuscito', risposta: { codice: 'E42' } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    const attempts = await db.select().from(bookingAttempts).where(eq(bookingAttempts.quoteId, created._id));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ cardIdx: 0, outcome: 'failed', error: 'Pagamento non riuscito', response: { codice: 'E42' }, userId: user.id });
    expectErrorAnswer(await call('/addAttempt/non-esiste', { esito: 'ok' }), 404);
  });

  it('/deleteQuote deletes the quote', async () => {
    const { call, guest } = await account();
    const created = await addQuote(call, { contact: guest.id, schede: [PITCH_SCHEDA] });
    const answer = await call(`/deleteQuote/${created._id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expectErrorAnswer(await call(`/getQuote/${created._id}`), 404);
    expectErrorAnswer(await call(`/deleteQuote/${created._id}`), 404);
  });
});

describe('the booking platform catalogue', () => {
  it('answers the Lago Azzurro demo catalogue to a campsite not linked to the platform', async () => {
    const { call } = await account();
    const people = await call('/cv/api/tipiPersona');
    expect(people.status, people.text).toBe(200);
    const list = people.json as { id: string; nome: string; ordinamento: number }[];
    expect(list.map((person) => person.ordinamento)).toEqual([3, 2, 1]);
    expect(list.map((person) => person.id)).toEqual(['LA-ADULTO', 'LA-BAMBINO', 'LA-NEONATO']);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].ordinamento).toBeGreaterThanOrEqual(list[i].ordinamento);

    const typologies = (await call('/cv/api/tipologie')).json as { id: string; prenotabileOnline: boolean }[];
    expect(typologies.map((typology) => typology.id)).toEqual(['LA-PZ-STD', 'LA-PZ-LAGO', 'LA-MH-CLASSIC', 'LA-MH-FAMILY', 'LA-BG-OLIVO', 'LA-GL-SAFARI']);
    const online = (await call('/tipologieBOL')).json as { id: string }[];
    expect(online.map((typology) => typology.id)).toEqual(typologies.filter((typology) => typology.prenotabileOnline).map((typology) => typology.id));
    expect(online.map((typology) => typology.id)).not.toContain('LA-PZ-LAGO');

    expect((await call('/cv/api/mezzi')).json).toEqual([
      { id: 'LA-AUTO', nome: 'Auto' },
      { id: 'LA-CAMPER', nome: 'Camper' },
      { id: 'LA-MOTO', nome: 'Moto' },
    ]);
    expect(((await call('/cv/api/servizi')).json as { id: string; unita: string }[]).map((service) => [service.id, service.unita])).toEqual([
      ['LA-CANE', 'per-night'],
      ['LA-CORRENTE', 'per-night'],
      ['LA-BIANCHERIA', 'per-stay'],
      ['LA-PULIZIA', 'per-stay'],
    ]);
    expect((await call('/getListini')).json).toEqual([{ id: 'LISTINO-2027', nome: 'Listino 2027', validoDal: '2027-04-01', validoAl: '2027-09-30' }]);
    const priceList = (await call('/getListino')).json as { id: string; touristTaxCents: number; typologies: { typologyId: string }[] };
    expect(priceList).toMatchObject({ id: 'LISTINO-2027', touristTaxCents: 150 });
    expect(priceList.typologies).toHaveLength(6);
    expect((await call('/getListino', { id: 'LISTINO-2027' })).json).toEqual(priceList);
    expectErrorAnswer(await call('/getListino', { id: 'LISTINO-1999' }), 404);

    const offers = (await call('/getOfferta')).json as Record<string, unknown>[];
    expect(offers.map((offer) => offer.id)).toEqual(['PRENOTA-PRIMA-2027', 'SETTIMANA-LUNGA-2027', 'BASSA-STAGIONE-2027']);
    expect(offers[0]).toMatchObject({ scontoPercentuale: 10, sconto: null, soloSuUnita: true, nottiMinime: 1 });
    expect(offers[2]).toMatchObject({ scontoPercentuale: null, sconto: 50, soloSuUnita: false, nottiMinime: 3 });

    expect(((await call('/cv/api/utentiData')).json as { email: string }[]).map((operator) => operator.email)).toEqual([
      'reception@lagoazzurro.example',
      'giulia.bianchi@lagoazzurro.example',
    ]);
  });

  it('answers each campsite its own catalogue, whatever camp the body names', async () => {
    const pineta = await account({ platformCampId: 'DEMO-PINETA' });
    const lago = await account({ platformCampId: 'DEMO-LAGO-AZZURRO' });
    const body = { camp: 'DEMO-LAGO-AZZURRO', camping: lago.campsite.id };
    expect(((await pineta.call('/cv/api/tipiPersona', body)).json as { id: string }[]).map((person) => person.id)).toEqual(['PI-ADULTO', 'PI-BAMBINO', 'PI-NEONATO']);
    expect(((await pineta.call('/cv/api/tipologie', body)).json as { id: string }[]).every((typology) => typology.id.startsWith('PI-'))).toBe(true);
    expect(((await pineta.call('/tipologieBOL', body)).json as { id: string }[]).map((typology) => typology.id)).not.toContain('PI-PZ-MARE');
    expect(((await pineta.call('/cv/api/mezzi', body)).json as { id: string }[]).map((vehicle) => vehicle.id)).toEqual(['PI-AUTO', 'PI-CAMPER', 'PI-MOTO']);
    expect(((await pineta.call('/cv/api/servizi', body)).json as { id: string }[]).every((service) => service.id.startsWith('PI-'))).toBe(true);
    expect(((await pineta.call('/getListino', body)).json as { touristTaxCents: number }).touristTaxCents).toBe(100);
    expect(((await pineta.call('/getOfferta', body)).json as { tipologie: string[] | null }[])[2].tipologie).toEqual(['PI-MH-MARINA', 'PI-MH-DELUXE', 'PI-BG-DUNA', 'PI-GL-PINEA']);
    expect((await pineta.call('/cv/api/utentiData', body)).json).toEqual([{ id: 'PI-OP-1', nome: 'Reception Villaggio Pineta', email: 'reception@villaggiopineta.example' }]);
    expect(((await lago.call('/cv/api/tipiPersona')).json as { id: string }[])[0].id).toBe('LA-ADULTO');

    // A Pineta quote is priced from Pineta's list (June is mid season), and Lago Azzurro's ids are unknown there.
    const created = await addQuote(pineta.call, {
      contact: pineta.guest.id,
      progress: 'nuovo',
      schede: [{ tipologia: 'PI-PZ-PINETA', arrivo: '2027-06-10', partenza: '2027-06-14', persone: [{ id: 'PI-ADULTO', quantita: 2 }] }],
    });
    // 4 × 26 + 2 × 4 × 9.50 + 2 × 4 × 1.00
    expect(created.schede[0]).toMatchObject({ nomeTipologia: 'Piazzola in pineta', subtotale: 188, totale: 188 });
    expectErrorAnswer(await pineta.call('/addQuote', { contact: pineta.guest.id, progress: 'nuovo', schede: [PITCH_SCHEDA] }), 400);
  });
});

describe('a quote read and sent back', () => {
  it('reprices the same way: a percentage stays a percentage, and scadenza as answered keeps its day', async () => {
    const { call, guest } = await account();
    const created = await addQuote(call, { contact: guest.id, progress: 'nuovo', scadenza: inDays(20), schede: [PITCH_SCHEDA] });
    const longer = { ...created.schede[0], partenza: '2027-07-08' };
    const answer = await call(`/editQuote/${created._id}`, { ...created, schede: [longer] });
    expect(answer.status, answer.text).toBe(200);
    const edited = answer.json as LegacyQuote;
    expect(edited.schede[0].scontoPercentuale).toBe(10);
    expect(edited.schede[0].sconto).toBe(0);
    // 10% of the unit lines of the longer stay, not the amount of the shorter one.
    const unit = edited.schede[0].righe.filter((riga) => riga.tipo === 'unit').reduce((sum, riga) => sum + riga.totale, 0);
    expect(edited.schede[0].scontoApplicato).toBeCloseTo(unit / 10, 2);
    expect(edited.scadenza).toBe(created.scadenza);
  });

  it('refuses an unknown progress in /quoteQuery instead of answering every quote', async () => {
    const { call } = await account();
    const answer = await call('/quoteQuery', { progress: 'inesistente' });
    expectErrorAnswer(answer, 400);
  });
});
