/**
 * Client of the real booking platform (protocol in docs/booking-platform-protocol.md).
 * Every failure becomes an AppError with an Italian message the pages can show as it is.
 */
import { AppError } from '../errors';
import type { z } from '../validation';
import * as answers from './http-answers';
import {
  bookingIdempotencyKey,
  sortPersonTypes,
  type Availability,
  type AvailabilityRequest,
  type BookingPlatform,
  type BookingReference,
  type BookingRequest,
  type Offer,
  type PersonType,
  type PlatformUser,
  type PriceList,
  type PriceListSummary,
  type Service,
  type Typology,
  type Vehicle,
} from './types';

export type HttpPlatformOptions = {
  url: string;
  clientKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  cacheTtlMs?: number;
  now?: () => number;
};

type Operation =
  | 'tipologie' | 'tipiPersona' | 'mezzi' | 'servizi' | 'listini' | 'listino' | 'offerte'
  | 'disponibilita' | 'prenotazione' | 'utentiData' | 'newsletter/create-list';

/** The catalogue changes a few times a season: five minutes of staleness is fine. */
const CACHED = new Set<Operation>(['tipologie', 'tipiPersona', 'mezzi', 'servizi', 'listini', 'listino', 'offerte']);
/** Writes are never repeated blindly: a booking relies on its idempotency key instead. */
const WRITES = new Set<Operation>(['prenotazione', 'newsletter/create-list']);

export const NOT_LINKED = 'Il campeggio non è collegato alla piattaforma di prenotazione.';
export const UNEXPECTED_ANSWER = 'La piattaforma di prenotazione ha risposto in modo inatteso.';
const UNREACHABLE = 'La piattaforma di prenotazione non è raggiungibile. Riprova tra qualche minuto.';
const TIMED_OUT = 'La piattaforma di prenotazione non ha risposto in tempo. Riprova tra qualche minuto.';
const FAILING = 'La piattaforma di prenotazione non è disponibile in questo momento. Riprova tra qualche minuto.';
const REFUSED_KEY = 'La piattaforma di prenotazione ha rifiutato la chiave del CRM: contatta l’assistenza.';
const REFUSED = 'La piattaforma di prenotazione ha rifiutato la richiesta.';

/** One attempt's failure; `retry` says whether a second attempt may help. */
type Failure = { failure: AppError; retry: boolean };

export class HttpBookingPlatform implements BookingPlatform {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly cacheTtlMs: number;
  private readonly now: () => number;
  private readonly cache = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly options: HttpPlatformOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.cacheTtlMs = options.cacheTtlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  typologies(camp: string | null): Promise<Typology[]> {
    return this.call('tipologie', camp, {}, answers.typologiesAnswer);
  }

  async personTypes(camp: string | null): Promise<PersonType[]> {
    return sortPersonTypes(await this.call('tipiPersona', camp, {}, answers.personTypesAnswer));
  }

  vehicles(camp: string | null): Promise<Vehicle[]> {
    return this.call('mezzi', camp, {}, answers.vehiclesAnswer);
  }

  services(camp: string | null): Promise<Service[]> {
    return this.call('servizi', camp, {}, answers.servicesAnswer);
  }

  priceLists(camp: string | null): Promise<PriceListSummary[]> {
    return this.call('listini', camp, {}, answers.priceListsAnswer);
  }

  priceList(camp: string | null, id?: string): Promise<PriceList> {
    return this.call('listino', camp, id === undefined ? {} : { idListino: id }, answers.priceListAnswer);
  }

  offers(camp: string | null): Promise<Offer[]> {
    return this.call('offerte', camp, {}, answers.offersAnswer);
  }

  availability(camp: string | null, request: AvailabilityRequest): Promise<Availability> {
    const params = { arrivo: request.arrival, partenza: request.departure, idTipologia: request.typologyId, persone: request.people };
    return this.call('disponibilita', camp, params, answers.availabilityAnswer);
  }

  insertBooking(camp: string | null, booking: BookingRequest): Promise<BookingReference> {
    const params = {
      idPreventivo: booking.quoteId,
      indiceScheda: booking.cardIdx,
      idTipologia: booking.typologyId,
      arrivo: booking.arrival,
      partenza: booking.departure,
      persone: booking.people.map((member) => ({ idTipoPersona: member.personTypeId, quantita: member.count })),
      mezzi: booking.vehicles.map((item) => ({ idMezzo: item.id, quantita: item.quantity })),
      servizi: booking.services.map((item) => ({ idServizio: item.id, quantita: item.quantity })),
      risorse: booking.resourceIds,
      totaleCentesimi: booking.totalCents,
      ospite: {
        nome: booking.guest.firstName,
        cognome: booking.guest.lastName,
        email: booking.guest.email,
        telefono: booking.guest.phone,
        idLingua: booking.guest.languageId,
      },
    };
    return this.call('prenotazione', camp, params, answers.bookingAnswer, { 'Idempotency-Key': bookingIdempotencyKey(booking) });
  }

  usersData(camp: string | null): Promise<PlatformUser[]> {
    return this.call('utentiData', camp, {}, answers.usersAnswer);
  }

  createNewsletterList(camp: string | null, name: string): Promise<{ listId: string }> {
    return this.call('newsletter/create-list', camp, { nome: name }, answers.newsletterListAnswer);
  }

  private async call<T>(operation: Operation, camp: string | null, params: object, schema: z.ZodType<T>, headers: Record<string, string> = {}): Promise<T> {
    if (camp === null) throw new AppError('bad_request', NOT_LINKED);
    if (!CACHED.has(operation)) return this.withRetry(operation, camp, params, schema, headers);

    const key = JSON.stringify([operation, camp, params]);
    const now = this.now();
    let entry = this.cache.get(key);
    if (!entry || entry.expiresAt <= now) {
      // The promise is cached, so calls made while the first is on its way share its answer.
      entry = { expiresAt: now + this.cacheTtlMs, value: this.withRetry(operation, camp, params, schema, headers) };
      this.cache.set(key, entry);
      const cached = entry;
      cached.value.catch(() => this.cache.get(key) === cached && this.cache.delete(key));
    }
    // A copy: a caller editing its answer must not change what the next caller gets.
    return structuredClone((await entry.value) as T);
  }

  private async withRetry<T>(operation: Operation, camp: string, params: object, schema: z.ZodType<T>, headers: Record<string, string>): Promise<T> {
    const attempts = WRITES.has(operation) ? 1 : 2;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(operation, camp, params, schema, headers);
      if (!('failure' in outcome)) return outcome.value;
      if (!outcome.retry || attempt >= attempts) throw outcome.failure;
    }
  }

  private async attempt<T>(operation: Operation, camp: string, params: object, schema: z.ZodType<T>, headers: Record<string, string>): Promise<{ value: T } | Failure> {
    const details = { operation };
    const unavailable = (message: string, retry: boolean, status?: number): Failure => ({ failure: new AppError('unavailable', message, { ...details, status }), retry });
    let status: number;
    let text: string;
    try {
      const response = await this.fetchImpl(`${this.baseUrl}/crm/${operation}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.clientKey}`, Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ camp, ...params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // A timeout is not retried: a second wait of the same length would only double the delay.
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return timedOut ? unavailable(TIMED_OUT, false) : unavailable(UNREACHABLE, true);
    }

    if (status >= 500) return unavailable(FAILING, true, status);
    const body = parseJson(text);
    if (status === 401 || status === 403) return unavailable(REFUSED_KEY, false, status);
    if (status >= 400) {
      const refusal = answers.errorAnswer.safeParse(body);
      const message = refusal.success ? refusal.data.error : REFUSED;
      return { failure: new AppError(status === 409 ? 'conflict' : 'bad_request', message, { ...details, status }), retry: false };
    }
    const parsed = status >= 200 && status < 300 ? schema.safeParse(body) : undefined;
    if (!parsed?.success) return unavailable(UNEXPECTED_ANSWER, false, status);
    return { value: parsed.data };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
