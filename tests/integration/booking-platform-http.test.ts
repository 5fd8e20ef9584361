import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpBookingPlatform, NOT_LINKED, UNEXPECTED_ANSWER, type HttpPlatformOptions } from '@/lib/booking-platform/http-platform';
import type { BookingRequest } from '@/lib/booking-platform/types';
import { AppError } from '@/lib/errors';

const KEY = 'crm-client-key-0123456789';
const CAMP = 'CAMP-42';

type Answer = { status?: number; json?: unknown; raw?: string; delayMs?: number };
type Received = { operation: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };

/** What a well-behaved platform answers, in its own field names. */
const PLATFORM: Record<string, unknown> = {
  tipologie: [{ id: 7, nome: 'Casa mobile Classic', tipo: 'casa-mobile', maxPersone: 4, prenotabileOnline: true }],
  tipiPersona: [
    { id: 'NE', nome: 'Neonato', ordinamento: 1, etaMin: 0, etaMax: 2 },
    { id: 'AD', nome: 'Adulto', ordinamento: 30, etaMin: 12, etaMax: null },
    { id: 'BA', nome: 'Bambino', ordinamento: 20, etaMin: 3, etaMax: 11 },
  ],
  mezzi: [{ id: 'AUTO', nome: 'Auto' }],
  servizi: [{ id: 'CANE', nome: 'Cane', unita: 'notte' }, { id: 'PULIZIA', nome: 'Pulizia finale', unita: 'soggiorno' }],
  listini: [{ id: 'L27', nome: 'Listino 2027', validoDal: '2027-04-01', validoAl: '2027-09-30' }],
  listino: {
    id: 'L27', nome: 'Listino 2027', validoDal: '2027-04-01', validoAl: '2027-09-30',
    stagioni: [{ id: 'A', nome: 'alta stagione', periodi: [{ dal: '2027-07-01', al: '2027-08-31' }] }],
    tipologie: [{ idTipologia: 7, nome: 'Casa mobile Classic', tipo: 'casa-mobile', maxPersone: 4, prezziNotte: [{ idStagione: 'A', centesimi: 12_500 }] }],
    tipiPersona: [{ idTipoPersona: 'AD', nome: 'Adulto', adulto: true, quotaPiazzolaNotteCentesimi: 1050, pagaTassaSoggiorno: true }],
    mezzi: [{ idMezzo: 'AUTO', nome: 'Auto', prezzoNotteCentesimi: 500 }],
    servizi: [{ idServizio: 'PULIZIA', nome: 'Pulizia finale', prezzoCentesimi: 6000, unita: 'soggiorno' }],
    tassaSoggiornoCentesimi: 150,
  },
  offerte: [
    { id: 'PP', nome: 'Prenota prima', descrizione: 'Entro marzo', sconto: { tipo: 'percentuale', puntiBase: 1000 }, soloSuUnita: true, validoDal: '2027-04-01', validoAl: '2027-09-30', idTipologie: null, nottiMinime: 1 },
    { id: 'BS', nome: 'Bassa stagione', descrizione: null, sconto: { tipo: 'importo', centesimi: 5000 }, soloSuUnita: false, validoDal: '2027-04-01', validoAl: '2027-05-31', idTipologie: [7], nottiMinime: 3 },
  ],
  disponibilita: { disponibile: true, risorse: [{ id: 'R14', nome: 'Piazzola 14' }] },
  prenotazione: { annoPratica: 2027, numeroPratica: 1234 },
  utentiData: [{ id: 'U1', nome: 'Reception', email: 'reception@example.com' }],
  'newsletter/create-list': { idLista: 'NL-9' },
};

let server: Server;
let baseUrl: string;
let received: Received[];
/** Answers queued per operation; when none is queued the well-behaved answer is used. */
let queued: Map<string, Answer[]>;

const answerWith = (operation: string, ...answers: Answer[]) => queued.set(operation, answers);
const calls = (operation: string) => received.filter((request) => request.operation === operation).length;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const operation = (request.url ?? '').replace(/^\/crm\//, '');
    received.push({ operation, headers: request.headers, body: JSON.parse(text) as Record<string, unknown> });
    const answer = queued.get(operation)?.shift() ?? { json: PLATFORM[operation] };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(answer.raw ?? JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  queued = new Map();
});

const client = (options: Partial<HttpPlatformOptions> = {}) => new HttpBookingPlatform({ url: baseUrl, clientKey: KEY, timeoutMs: 2000, ...options });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const booking: BookingRequest = {
  quoteId: 'Q1', cardIdx: 2, typologyId: '7', arrival: '2027-07-10', departure: '2027-07-17',
  people: [{ personTypeId: 'AD', count: 2 }], vehicles: [{ id: 'AUTO', quantity: 1 }], services: [{ id: 'PULIZIA', quantity: 1 }],
  resourceIds: ['R14'], totalCents: 93_600,
  guest: { firstName: 'Anna', lastName: 'Rossi', email: 'anna@example.com', phone: '+39 333 1234567', languageId: 1 },
};

describe('HTTP booking platform', () => {
  it('maps the catalogue answers to the neutral types, sending camp, bearer key and Accept', async () => {
    const platform = client();
    expect(await platform.typologies(CAMP)).toEqual([{ id: '7', name: 'Casa mobile Classic', kind: 'mobile-home', maxPeople: 4, bookableOnline: true }]);
    expect(await platform.vehicles(CAMP)).toEqual([{ id: 'AUTO', name: 'Auto' }]);
    expect(await platform.services(CAMP)).toEqual([{ id: 'CANE', name: 'Cane', unit: 'per-night' }, { id: 'PULIZIA', name: 'Pulizia finale', unit: 'per-stay' }]);
    expect(await platform.priceLists(CAMP)).toEqual([{ id: 'L27', name: 'Listino 2027', validFrom: '2027-04-01', validTo: '2027-09-30' }]);
    expect(await platform.usersData(CAMP)).toEqual([{ id: 'U1', name: 'Reception', email: 'reception@example.com' }]);
    expect(received.map((request) => request.operation)).toEqual(['tipologie', 'mezzi', 'servizi', 'listini', 'utentiData']);
    for (const request of received) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.headers.accept).toBe('application/json');
      expect(request.body).toEqual({ camp: CAMP });
    }
  });

  it('sorts person types by ordinamento, highest first', async () => {
    const types = await client().personTypes(CAMP);
    expect(types.map((type) => type.name)).toEqual(['Adulto', 'Bambino', 'Neonato']);
    expect(types[0]).toEqual({ id: 'AD', name: 'Adulto', ordinamento: 30, minAge: 12, maxAge: null });
  });

  it('maps a price list and asks for a given one by id', async () => {
    const priceList = await client().priceList(CAMP, 'L27');
    expect(received[0]?.body).toEqual({ camp: CAMP, idListino: 'L27' });
    expect(priceList).toEqual({
      id: 'L27', name: 'Listino 2027', validFrom: '2027-04-01', validTo: '2027-09-30',
      seasons: [{ id: 'A', name: 'alta stagione', periods: [{ from: '2027-07-01', to: '2027-08-31' }] }],
      typologies: [{ typologyId: '7', name: 'Casa mobile Classic', kind: 'mobile-home', maxPeople: 4, nightlyCents: { A: 12_500 } }],
      people: [{ personTypeId: 'AD', name: 'Adulto', adult: true, pitchNightlyCents: 1050, paysTouristTax: true }],
      vehicles: [{ vehicleId: 'AUTO', name: 'Auto', nightlyCents: 500 }],
      services: [{ serviceId: 'PULIZIA', name: 'Pulizia finale', cents: 6000, unit: 'per-stay' }],
      touristTaxCents: 150,
    });
    await client().priceList(CAMP);
    expect(received[1]?.body).toEqual({ camp: CAMP });
  });

  it('maps offers with a percentage or a fixed discount', async () => {
    expect(await client().offers(CAMP)).toEqual([
      { id: 'PP', name: 'Prenota prima', description: 'Entro marzo', discount: { basisPoints: 1000 }, onlyOnUnit: true, validFrom: '2027-04-01', validTo: '2027-09-30', typologyIds: null, minNights: 1 },
      { id: 'BS', name: 'Bassa stagione', description: '', discount: { cents: 5000 }, onlyOnUnit: false, validFrom: '2027-04-01', validTo: '2027-05-31', typologyIds: ['7'], minNights: 3 },
    ]);
  });

  it('asks availability in the platform\'s words', async () => {
    const availability = await client().availability(CAMP, { arrival: '2027-07-10', departure: '2027-07-17', typologyId: '7', people: 3 });
    expect(availability).toEqual({ available: true, resources: [{ id: 'R14', name: 'Piazzola 14' }] });
    expect(received[0]?.body).toEqual({ camp: CAMP, arrivo: '2027-07-10', partenza: '2027-07-17', idTipologia: '7', persone: 3 });
  });

  it('inserts a booking with the Idempotency-Key of the quote card', async () => {
    expect(await client().insertBooking(CAMP, booking)).toEqual({ year: 2027, number: '1234' });
    const [request] = received;
    expect(request?.operation).toBe('prenotazione');
    expect(request?.headers['idempotency-key']).toBe('Q1:2');
    expect(request?.body).toEqual({
      camp: CAMP, idPreventivo: 'Q1', indiceScheda: 2, idTipologia: '7', arrivo: '2027-07-10', partenza: '2027-07-17',
      persone: [{ idTipoPersona: 'AD', quantita: 2 }], mezzi: [{ idMezzo: 'AUTO', quantita: 1 }], servizi: [{ idServizio: 'PULIZIA', quantita: 1 }],
      risorse: ['R14'], totaleCentesimi: 93_600,
      ospite: { nome: 'Anna', cognome: 'Rossi', email: 'anna@example.com', telefono: '+39 333 1234567', idLingua: 1 },
    });
  });

  it('creates a newsletter list', async () => {
    expect(await client().createNewsletterList(CAMP, 'Clienti 2026')).toEqual({ listId: 'NL-9' });
    expect(received[0]?.body).toEqual({ camp: CAMP, nome: 'Clienti 2026' });
  });

  it('refuses a campsite not linked to the platform without calling it', async () => {
    const error = await refusal(client().typologies(null));
    expect(error).toMatchObject({ kind: 'bad_request', message: NOT_LINKED });
    expect(received).toEqual([]);
  });

  it('refuses a malformed answer', async () => {
    answerWith('tipologie', { json: [{ id: 7, nome: 'Casa mobile', tipo: 'roulotte', maxPersone: 4, prenotabileOnline: true }] });
    expect(await refusal(client().typologies(CAMP))).toMatchObject({ kind: 'unavailable', message: UNEXPECTED_ANSWER });
    answerWith('disponibilita', { raw: '<html>errore</html>' });
    expect(await refusal(client().availability(CAMP, { arrival: '2027-07-10', departure: '2027-07-17', typologyId: '7', people: 2 }))).toMatchObject({ kind: 'unavailable', message: UNEXPECTED_ANSWER });
  });

  it('retries a read once after a 5xx', async () => {
    answerWith('utentiData', { status: 502, json: { error: 'Bad gateway' } });
    expect(await client().usersData(CAMP)).toHaveLength(1);
    expect(calls('utentiData')).toBe(2);
  });

  it('gives up with unavailable when the retry fails too', async () => {
    answerWith('tipologie', { status: 500 }, { status: 503 }, { status: 500 });
    const error = await refusal(client().typologies(CAMP));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('La piattaforma di prenotazione non è disponibile in questo momento. Riprova tra qualche minuto.');
    expect(calls('tipologie')).toBe(2);
  });

  it('gives up with unavailable after the timeout', async () => {
    answerWith('disponibilita', { delayMs: 1000, json: PLATFORM.disponibilita });
    const error = await refusal(client({ timeoutMs: 100 }).availability(CAMP, { arrival: '2027-07-10', departure: '2027-07-17', typologyId: '7', people: 2 }));
    expect(error).toMatchObject({ kind: 'unavailable', message: 'La piattaforma di prenotazione non ha risposto in tempo. Riprova tra qualche minuto.' });
    expect(calls('disponibilita')).toBe(1);
  });

  it('retries once when the platform cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    let attempts = 0;
    const counting: typeof fetch = (...args) => {
      attempts += 1;
      return fetch(...args);
    };
    const error = await refusal(client({ url, fetch: counting }).vehicles(CAMP));
    expect(error).toMatchObject({ kind: 'unavailable', message: 'La piattaforma di prenotazione non è raggiungibile. Riprova tra qualche minuto.' });
    expect(attempts).toBe(2);
  });

  it('turns a 409 on a booking into a conflict with the platform\'s message, without retrying', async () => {
    answerWith('prenotazione', { status: 409, json: { error: 'La piazzola 14 è già occupata.' } });
    expect(await refusal(client().insertBooking(CAMP, booking))).toMatchObject({ kind: 'conflict', message: 'La piazzola 14 è già occupata.' });
    expect(calls('prenotazione')).toBe(1);
  });

  it('never retries a booking, not even after a 5xx', async () => {
    answerWith('prenotazione', { status: 503 });
    expect((await refusal(client().insertBooking(CAMP, booking))).kind).toBe('unavailable');
    expect(calls('prenotazione')).toBe(1);
  });

  it('carries the platform\'s message on other 4xx, and blames the key on 401', async () => {
    answerWith('disponibilita', { status: 422, json: { error: 'Tipologia inesistente.' } });
    const request = { arrival: '2027-07-10', departure: '2027-07-17', typologyId: 'X', people: 2 };
    expect(await refusal(client().availability(CAMP, request))).toMatchObject({ kind: 'bad_request', message: 'Tipologia inesistente.' });
    answerWith('disponibilita', { status: 401, json: { error: 'Unauthorized' } });
    expect((await refusal(client().availability(CAMP, request))).kind).toBe('unavailable');
    expect(calls('disponibilita')).toBe(2);
  });

  it('caches catalogue reads per campsite for five minutes', async () => {
    let now = 1_000_000;
    const platform = client({ now: () => now });
    const first = await platform.typologies(CAMP);
    first.push({ id: 'X', name: 'modificata dal chiamante', kind: 'pitch', maxPeople: 1, bookableOnline: false });
    expect(await platform.typologies(CAMP)).toHaveLength(1);
    expect(calls('tipologie')).toBe(1);
    await platform.typologies('ALTRO-CAMP');
    expect(calls('tipologie')).toBe(2);
    now += 5 * 60_000;
    await platform.typologies(CAMP);
    expect(calls('tipologie')).toBe(3);
  });

  it('does not cache a failed read, nor availability', async () => {
    const platform = client();
    answerWith('offerte', { status: 500 }, { status: 500 });
    await refusal(platform.offers(CAMP));
    expect(await platform.offers(CAMP)).toHaveLength(2);
    const request = { arrival: '2027-07-10', departure: '2027-07-17', typologyId: '7', people: 2 };
    await platform.availability(CAMP, request);
    await platform.availability(CAMP, request);
    expect(calls('disponibilita')).toBe(2);
  });
});
