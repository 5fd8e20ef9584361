import { parseItalianDate, romeIsoDate } from '@/lib/date-filter';
import { AppError } from '@/lib/errors';
import { storedCardInput } from '@/lib/quotes/cards';
import type { CardRow, QuoteRow } from '@/lib/quotes/detail';
import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import type { QuoteInput } from '@/lib/quotes/validation';
import { z } from '@/lib/validation';

const euros = (cents: number) => Math.round(cents) / 100;
const toCents = (value: number) => Math.round(value * 100);

const legacyCardSchema = z.object({
  _id: z.string(),
  idx: z.number(),
  tipologia: z.string().nullable(),
  nomeTipologia: z.string(),
  arrivo: z.string().nullable(),
  partenza: z.string().nullable(),
  persone: z.array(z.object({ id: z.string(), nome: z.string(), quantita: z.number() })),
  mezzi: z.array(z.object({ id: z.string(), nome: z.string(), quantita: z.number() })),
  servizi: z.array(z.object({ id: z.string(), nome: z.string(), quantita: z.number() })),
  listino: z.string().nullable(),
  offerta: z.string().nullable(),
  nomeOfferta: z.string().nullable(),
  righe: z.array(z.object({ tipo: z.string(), descrizione: z.string(), quantita: z.number(), prezzoUnitario: z.number(), totale: z.number() })),
  subtotale: z.number().describe('euro'),
  sconto: z.number().describe('euro: lo sconto fisso impostato (lo stesso campo che addQuote/editQuote ricevono)'),
  scontoPercentuale: z.number(),
  scontoApplicato: z.number().describe('euro: lo sconto effettivamente applicato al totale'),
  scontoSoloSuUnita: z.boolean(),
  totale: z.number().describe('euro'),
  testo: z.string(),
  immagini: z.array(z.string()),
});

export const legacyQuoteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contact: z.string(),
  owner: z.string().nullable(),
  camping: z.string(),
  date_creation: z.string(),
  __v: z.number(),
  progress: z.enum(QUOTE_PROGRESS),
  lingua: z.number().nullable(),
  scadenza: z.string().nullable(),
  tags: z.array(z.string()),
  inviato: z.string().nullable(),
  letto: z.string().nullable(),
  accettata: z.number().nullable().describe('idx della scheda accettata'),
  dataAccettazione: z.string().nullable(),
  motivoRifiuto: z.string().nullable(),
  risorse: z.array(z.unknown()),
  annoPratica: z.number().nullable(),
  numeroPratica: z.string().nullable(),
  schede: z.array(legacyCardSchema),
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toLegacyCard(card: CardRow): z.infer<typeof legacyCardSchema> {
  const item = (entry: { id: string; label: string; quantity: number }) => ({ id: entry.id, nome: entry.label, quantita: entry.quantity });
  return {
    _id: card.id,
    idx: card.idx,
    tipologia: card.typologyId,
    nomeTipologia: card.typologyName,
    arrivo: card.arrival,
    partenza: card.departure,
    persone: card.people.map((person) => ({ id: person.personTypeId, nome: person.label, quantita: person.count })),
    mezzi: card.vehicles.map(item),
    servizi: card.services.map(item),
    listino: card.priceListId,
    offerta: card.offerId,
    nomeOfferta: card.offerName,
    righe: card.priceLines.map((line) => ({
      tipo: line.kind,
      descrizione: line.label,
      quantita: line.quantity,
      prezzoUnitario: euros(line.unitCents),
      totale: euros(line.totalCents),
    })),
    subtotale: euros(card.subtotalCents),
    // Read back and sent again, `sconto` and `scontoPercentuale` reprice the card the same way.
    sconto: euros(card.discountCents),
    scontoPercentuale: card.discountBasisPoints / 100,
    scontoApplicato: euros(card.subtotalCents - card.totalCents),
    scontoSoloSuUnita: card.discountOnlyOnUnit,
    totale: euros(card.totalCents),
    testo: card.text,
    immagini: card.imageIds,
  };
}

/** A quote as the legacy JSON shows it: Mongo-style keys, money in euros, cards as `schede`. */
export function toLegacyQuote(quote: QuoteRow, cards: CardRow[]): z.infer<typeof legacyQuoteSchema> {
  return {
    _id: quote.id,
    name: quote.name,
    contact: quote.contactId,
    owner: quote.ownerId,
    camping: quote.campingId,
    date_creation: quote.createdAt.toISOString(),
    __v: quote.version,
    progress: quote.progress,
    lingua: quote.languageId,
    scadenza: iso(quote.validUntil),
    tags: quote.tags,
    inviato: iso(quote.sentAt),
    letto: iso(quote.readAt),
    accettata: quote.acceptedCardIdx,
    dataAccettazione: iso(quote.acceptedAt),
    motivoRifiuto: quote.refusalReason,
    risorse: quote.resources,
    annoPratica: quote.bookingYear,
    numeroPratica: quote.bookingNumber,
    schede: cards.map(toLegacyCard),
  };
}

const legacyEntries = z.array(z.object({ id: z.string().trim().min(1), quantita: z.coerce.number().int().min(0).max(99) })).max(30);

const legacyCardInputSchema = z.object({
  _id: z.string().trim().min(1).optional(),
  tipologia: z.string().trim().min(1).nullish(),
  arrivo: z.iso.date('Data di arrivo non valida (aaaa-mm-gg)').nullish(),
  partenza: z.iso.date('Data di partenza non valida (aaaa-mm-gg)').nullish(),
  persone: legacyEntries.optional(),
  mezzi: legacyEntries.optional(),
  servizi: legacyEntries.optional(),
  offerta: z.string().trim().min(1).nullish(),
  scontoPercentuale: z.coerce.number().min(0).max(100).optional(),
  sconto: z.coerce.number().min(0).max(1_000_000).optional().describe('importo fisso in euro'),
  scontoSoloSuUnita: z.boolean().nullish(),
  testo: z.string().max(20_000).optional(),
  immagini: z.array(z.string()).max(20).optional(),
});

/**
 * addQuote / editQuote bodies. Keys the legacy client sends but may not change
 * (_id, __v, owner, camping, date_creation: spec section 5) are not in the schema and are dropped.
 */
export const legacyQuoteInputSchema = z.object({
  name: z.string().max(200).nullish(),
  // Spec section 5: an empty contact is dropped.
  contact: z.preprocess((value) => (value === '' || (typeof value === 'object' && value !== null && Object.keys(value).length === 0) ? undefined : value), z.string().trim().min(1).optional()),
  lingua: z.coerce.number().int().positive().nullish(),
  scadenza: z.string().trim().nullish().describe('aaaa-mm-gg o data ISO'),
  tags: z.array(z.string()).max(20).optional(),
  progress: z.enum(['bozza', 'nuovo']).optional(),
  schede: z.array(legacyCardInputSchema).max(10).optional(),
});

export type LegacyQuoteInput = z.infer<typeof legacyQuoteInputSchema>;

type LegacyCardInput = NonNullable<LegacyQuoteInput['schede']>[number];
type CardInputValue = QuoteInput['cards'][number];

const items = (list: LegacyCardInput['mezzi']) => (list ?? []).map((entry) => ({ id: entry.id, quantity: entry.quantita }));

function fromLegacyCard(card: LegacyCardInput): CardInputValue {
  return {
    id: card._id,
    typologyId: card.tipologia ?? null,
    arrival: card.arrivo ?? null,
    departure: card.partenza ?? null,
    people: (card.persone ?? []).map((entry) => ({ personTypeId: entry.id, count: entry.quantita })),
    vehicles: items(card.mezzi),
    services: items(card.servizi),
    offerId: card.offerta ?? null,
    discountBasisPoints: Math.round((card.scontoPercentuale ?? 0) * 100),
    discountCents: toCents(card.sconto ?? 0),
    discountOnlyOnUnit: card.scontoSoloSuUnita ?? null,
    text: card.testo ?? '',
    imageIds: card.immagini ?? [],
  };
}

/**
 * `scadenza` arrives as a day ('2027-05-15', '15/05/2027') or as the instant we answered
 * ('2027-05-15T21:59:59.000Z'): an instant counts as the day it falls on in Rome.
 */
function legacyDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const italian = parseItalianDate(value);
  if (italian) return italian;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AppError('bad_request', 'Data di scadenza non valida: usa aaaa-mm-gg o gg/mm/aaaa.');
  return romeIsoDate(instant);
}

/** The legacy body as our quote input; on an edit, what the body leaves out stays as stored. */
export function fromLegacyQuoteInput(body: LegacyQuoteInput, current?: { quote: QuoteRow; cards: CardRow[] }): QuoteInput {
  return {
    contactId: body.contact ?? current?.quote.contactId ?? '',
    name: body.name ?? current?.quote.name ?? '',
    languageId: body.lingua ?? current?.quote.languageId ?? null,
    validUntil: body.scadenza ? legacyDay(body.scadenza) : current?.quote.validUntil ? romeIsoDate(current.quote.validUntil) : null,
    tags: body.tags ?? current?.quote.tags ?? [],
    // Without `progress`, a request or draft is saved as a draft; a complete quote stays complete.
    saveAs: body.progress ?? (!current || ['richiesta', 'bozza'].includes(current.quote.progress) ? 'bozza' : 'nuovo'),
    cards: body.schede ? body.schede.map(fromLegacyCard) : (current?.cards.map(storedCardInput) ?? []),
  };
}
