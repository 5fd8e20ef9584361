import type { PriceLine, quoteCards, quoteProgressEvents, quotes } from '@/db/schema';
import type { legacyQuoteSchema } from '@/lib/legacy-api/shapes/quote';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import type { z } from '@/lib/validation';

export type LegacyQuote = z.output<typeof legacyQuoteSchema>;
type QuoteInsert = typeof quotes.$inferInsert & { id: string };
type CardInsert = typeof quoteCards.$inferInsert & { id: string };
type EventInsert = typeof quoteProgressEvents.$inferInsert & { id: string };

/** The ids here of what a quote refers to; null where the reference is not here. */
export type QuoteRefs = { contactId: string; ownerId: string | null; languageId: number | null };

/** Euros as the old system sends them, as the cents we store: the same rounding the legacy shape reads back. */
export const cents = (euros: number) => Math.round(euros * 100);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_CENTS = 2_147_483_647;
const LINE_KINDS = new Set<PriceLine['kind']>(['unit', 'person', 'vehicle', 'service', 'tax', 'other']);

const instant = (value: string | null) => (value === null ? null : new Date(value));
/** PostgreSQL refuses what JavaScript stretches (year 0, 30 February): such a date skips its record, not its page. */
const badInstant = (value: string | null) => {
  if (value === null) return false;
  const time = Date.parse(value);
  return Number.isNaN(time) || new Date(time).getUTCFullYear() < 1900 || new Date(time).getUTCFullYear() > 9999;
};
const badDay = (value: string | null) => value !== null && (!DAY.test(value) || badInstant(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value);
const badMoney = (euros: number) => !Number.isFinite(euros) || Math.abs(cents(euros)) > MAX_CENTS;

/**
 * Why a quote that has the contract's shape still cannot be stored here (a date or an amount our
 * columns refuse, two cards at one place), or null. Checked before writing so one bad record is
 * skipped with its reason instead of failing its page's transaction.
 */
export function problemOf(quote: LegacyQuote): string | null {
  if (badInstant(quote.date_creation)) return `date_creation: data non valida (${quote.date_creation})`;
  for (const field of ['scadenza', 'inviato', 'letto', 'dataAccettazione'] as const) {
    if (badInstant(quote[field])) return `${field}: data non valida (${quote[field]})`;
  }
  const places = new Set<number>();
  for (const card of quote.schede) {
    if (!Number.isInteger(card.idx) || card.idx < 0) return `schede.${card.idx}: posizione non valida`;
    if (places.has(card.idx)) return `schede: due schede alla posizione ${card.idx}`;
    places.add(card.idx);
    if (badDay(card.arrivo) || badDay(card.partenza)) return `schede.${card.idx}: data di arrivo o partenza non valida (aaaa-mm-gg)`;
    const amounts = [card.subtotale, card.sconto, card.totale, card.scontoPercentuale, ...card.righe.flatMap((line) => [line.prezzoUnitario, line.totale])];
    if (amounts.some(badMoney)) return `schede.${card.idx}: importo non valido`;
  }
  return null;
}

/** The latest date the old system shows for the quote: when its progress last moved, as far as we can tell. */
const lastMove = (quote: LegacyQuote) =>
  new Date(Math.max(...[quote.date_creation, quote.inviato, quote.letto, quote.dataAccettazione].filter((at) => at !== null).map((at) => Date.parse(at))));

/*
 * Fields the legacy shape does not carry, so they cannot cross: the refusal's date (refused_at:
 * only motivoRifiuto is shown), the reminder's state (reminder_sent_at), the guest's wording of
 * each label in every language (price lines' names, seasons and nights; the cards' guest_labels;
 * the people's ages). The mini-site shows an imported card's labels as the old system stored them
 * in Italian, with the same amounts.
 */
export function quoteRow(quote: LegacyQuote, campsiteId: string, refs: QuoteRefs): QuoteInsert {
  return {
    id: quote._id,
    campingId: campsiteId,
    contactId: refs.contactId,
    ownerId: refs.ownerId,
    name: quote.name,
    languageId: refs.languageId,
    progress: quote.progress,
    progressChangedAt: lastMove(quote),
    validUntil: instant(quote.scadenza),
    tags: quote.tags,
    // A quote the old system already sent: its reminder was the old system's to send, and a guest
    // must not get a second one the day after the switch. The staff may turn it on again.
    reminderEnabled: quote.inviato === null,
    sentAt: instant(quote.inviato),
    readAt: instant(quote.letto),
    acceptedCardIdx: quote.accettata,
    acceptedAt: instant(quote.dataAccettazione),
    refusalReason: quote.motivoRifiuto,
    resources: quote.risorse,
    bookingYear: quote.annoPratica,
    bookingNumber: quote.numeroPratica,
    createdAt: new Date(quote.date_creation),
    version: quote.__v,
  };
}

/** The columns an imported quote is compared on (reminder_enabled is the staff's after the first run). */
export const QUOTE_COMPARED = [
  'contactId',
  'ownerId',
  'name',
  'languageId',
  'progress',
  'progressChangedAt',
  'validUntil',
  'tags',
  'sentAt',
  'readAt',
  'acceptedCardIdx',
  'acceptedAt',
  'refusalReason',
  'resources',
  'bookingYear',
  'bookingNumber',
  'createdAt',
  'version',
] as const satisfies readonly (keyof QuoteInsert)[];

/** `imageId`: an old image id as the id here (images come before quotes, and may be renamed). */
export function cardRows(quote: LegacyQuote, quoteId: string, campsiteId: string, imageId: (oldId: string) => string): CardInsert[] {
  const item = (entry: { id: string; nome: string; quantita: number }) => ({ id: entry.id, label: entry.nome, quantity: entry.quantita });
  return quote.schede.map((card) => ({
    id: card._id,
    campingId: campsiteId,
    quoteId,
    idx: card.idx,
    typologyId: card.tipologia,
    typologyName: card.nomeTipologia,
    arrival: card.arrivo,
    departure: card.partenza,
    people: card.persone.map((person) => ({ personTypeId: person.id, label: person.nome, count: person.quantita })),
    vehicles: card.mezzi.map(item),
    services: card.servizi.map(item),
    priceListId: card.listino,
    offerId: card.offerta,
    offerName: card.nomeOfferta,
    priceLines: card.righe.map((line) => ({
      kind: LINE_KINDS.has(line.tipo as PriceLine['kind']) ? (line.tipo as PriceLine['kind']) : 'other',
      label: line.descrizione,
      quantity: line.quantita,
      unitCents: cents(line.prezzoUnitario),
      totalCents: cents(line.totale),
    })),
    subtotalCents: cents(card.subtotale),
    // `sconto` is the fixed discount as set; `scontoApplicato` is subtotal − total, which the cents keep.
    discountCents: cents(card.sconto),
    discountBasisPoints: Math.round(card.scontoPercentuale * 100),
    discountOnlyOnUnit: card.scontoSoloSuUnita,
    totalCents: cents(card.totale),
    text: card.testo,
    imageIds: card.immagini.map(imageId),
    createdAt: new Date(quote.date_creation),
  }));
}

export const CARD_COMPARED = [
  'quoteId',
  'idx',
  'typologyId',
  'typologyName',
  'arrival',
  'departure',
  'people',
  'vehicles',
  'services',
  'priceListId',
  'offerId',
  'offerName',
  'priceLines',
  'subtotalCents',
  'discountCents',
  'discountBasisPoints',
  'discountOnlyOnUnit',
  'totalCents',
  'text',
  'imageIds',
] as const satisfies readonly (keyof CardInsert)[];

/** The ids of a quote's derived history: one per step, so a second run finds the same rows. */
export const HISTORY_PREFIX = 'storico-';
const historyId = (quoteId: string, step: string) => `${HISTORY_PREFIX}${step}-${quoteId}`;

/**
 * The quote's history as far as the old system's dates tell it (the staff read it in the quote's
 * drawer): created, then sent, read and accepted at their dates. A progress reached without a date
 * (refused, booked, expired) has no event: its moment is not known, and the badge shows it anyway.
 * A quote sent, read or accepted was complete before: it starts as «nuovo».
 */
export function historyRows(quote: LegacyQuote, quoteId: string, campsiteId: string): EventInsert[] {
  const created = new Date(quote.date_creation);
  const dated: [QuoteProgress, string | null][] = [
    ['inviato', quote.inviato],
    ['letto', quote.letto],
    ['accettato', quote.dataAccettazione],
  ];
  const steps = dated
    .flatMap(([to, at]) => (at === null ? [] : [{ to, at: new Date(at) }]))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const first: QuoteProgress = steps.length ? 'nuovo' : quote.progress === 'richiesta' || quote.progress === 'bozza' ? quote.progress : 'nuovo';
  const note = 'Dal vecchio CRM';
  const rows: EventInsert[] = [{ id: historyId(quoteId, 'creato'), campingId: campsiteId, quoteId, fromProgress: null, toProgress: first, actorKind: 'system', note, at: created }];
  let from: QuoteProgress = first;
  for (const step of steps) {
    rows.push({ id: historyId(quoteId, step.to), campingId: campsiteId, quoteId, fromProgress: from, toProgress: step.to, actorKind: 'system', note, at: step.at });
    from = step.to;
  }
  return rows;
}
