import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CardLabels, LabelNames } from '../../lib/i18n/label-names';
import type { QuoteProgress } from '../../lib/vocabulary/quote-progress';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt, version } from './columns';
import { contacts } from './contacts';
import { languages } from './reference';
import { users } from './users';

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    campingId: campingId(),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** «In carico a»: the staff member who follows the quote (or request) now; owner stays its author. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default('undefined'),
    languageId: integer('language_id').references(() => languages.id),
    progress: text('progress').$type<QuoteProgress>().notNull().default('bozza'),
    progressChangedAt: timestampTz('progress_changed_at').notNull().defaultNow(),
    validUntil: timestampTz('valid_until'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    reminderEnabled: boolean('reminder_enabled').notNull().default(true),
    reminderSentAt: timestampTz('reminder_sent_at'),
    sentAt: timestampTz('sent_at'),
    readAt: timestampTz('read_at'),
    acceptedCardIdx: integer('accepted_card_idx'),
    /**
     * The total of the card the quote is worth (the accepted one, else the first), kept by triggers on
     * quote_cards and on accepted_card_idx (migration 0029): the board sums it without reading cards.
     */
    shownTotalCents: integer('shown_total_cents').notNull().default(0),
    acceptedAt: timestampTz('accepted_at'),
    refusedAt: timestampTz('refused_at'),
    refusalReason: text('refusal_reason'),
    /** The booking platform's resources chosen for the booking (legacy `risorse`). */
    resources: jsonb('resources').$type<unknown[]>().notNull().default([]),
    bookingYear: integer('booking_year'),
    bookingNumber: text('booking_number'),
    /** The name, lower-case and without accents, for the list's text filter. */
    searchText: text('search_text').generatedAlwaysAs(sql`crm_search_text(coalesce(name, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('quotes_camping_idx').on(t.campingId),
    index('quotes_camping_created_idx').on(t.campingId, t.createdAt, t.id),
    index('quotes_camping_progress_idx').on(t.campingId, t.progress),
    index('quotes_contact_idx').on(t.contactId),
    index('quotes_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('quotes_camping_valid_until_idx').on(t.campingId, t.validUntil),
    // The board's columns: one keyset page per progress, newest first.
    index('quotes_camping_progress_created_idx').on(t.campingId, t.progress, t.createdAt, t.id),
    index('quotes_camping_assignee_idx').on(t.campingId, t.assigneeId),
  ],
);

/** `names`: the label in every language, fixed when the card was priced (absent on older cards). */
export type PersonCount = { personTypeId: string; label: string; count: number; ages?: number[]; names?: LabelNames };
export type ItemCount = { id: string; label: string; quantity: number; names?: LabelNames };
export type PriceLine = {
  kind: 'unit' | 'person' | 'vehicle' | 'service' | 'tax' | 'other';
  /** Italian, as the staff and the legacy API read it. */
  label: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /**
   * For the guest, fixed when the card was priced so a sent quote never changes wording: the
   * item's name per language, the season's (unit lines) and the nights a per-night line counts,
   * which the guest page words in its own language. Older lines have none and show `label`.
   */
  names?: LabelNames;
  seasonNames?: LabelNames;
  perNights?: number;
};

/** A card (scheda) is one offer of a quote: one accommodation, one stay, one price. */
export const quoteCards = pgTable(
  'quote_cards',
  {
    id: id(),
    campingId: campingId(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    typologyId: text('typology_id'),
    typologyName: text('typology_name').notNull().default(''),
    arrival: date('arrival', { mode: 'string' }),
    departure: date('departure', { mode: 'string' }),
    people: jsonb('people').$type<PersonCount[]>().notNull().default([]),
    vehicles: jsonb('vehicles').$type<ItemCount[]>().notNull().default([]),
    services: jsonb('services').$type<ItemCount[]>().notNull().default([]),
    priceListId: text('price_list_id'),
    offerId: text('offer_id'),
    offerName: text('offer_name'),
    priceLines: jsonb('price_lines').$type<PriceLine[]>().notNull().default([]),
    /** The accommodation's and the offer's names per language, fixed when the card was priced. */
    guestLabels: jsonb('guest_labels').$type<CardLabels>().notNull().default({}),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Discount in hundredths of a percent (1250 = 12.5%); used when discountCents is 0. */
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    discountOnlyOnUnit: boolean('discount_only_on_unit').notNull().default(false),
    totalCents: integer('total_cents').notNull().default(0),
    text: text('text').notNull().default(''),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quote_cards_quote_idx_unique').on(t.quoteId, t.idx),
    index('quote_cards_camping_idx').on(t.campingId),
    // The stay mails' job (lib/stays/send-due.ts): the stays of one campsite arriving or just gone, by range.
    index('quote_cards_camping_arrival_idx').on(t.campingId, t.arrival),
    index('quote_cards_camping_departure_idx').on(t.campingId, t.departure),
  ],
);

/** Every progress change: who, when and from what. */
export const quoteProgressEvents = pgTable(
  'quote_progress_events',
  {
    id: id(),
    campingId: campingId(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    fromProgress: text('from_progress').$type<QuoteProgress>(),
    toProgress: text('to_progress').$type<QuoteProgress>().notNull(),
    actorKind: text('actor_kind').$type<'staff' | 'guest' | 'system' | 'platform'>().notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: createdAt(),
  },
  (t) => [index('quote_progress_events_camping_idx').on(t.campingId), index('quote_progress_events_quote_idx').on(t.quoteId, t.at)],
);

/** A guest's request from the public form (richiesta); it opens a quote in progress 'richiesta'. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: id(),
    campingId: campingId(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    languageId: integer('language_id').references(() => languages.id),
    arrival: date('arrival', { mode: 'string' }),
    departure: date('departure', { mode: 'string' }),
    message: text('message').notNull().default(''),
    /** The form as the guest sent it, for the request preview. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_requests_camping_created_idx').on(t.campingId, t.createdAt, t.id),
    uniqueIndex('quote_requests_quote_unique').on(t.quoteId),
  ],
);

/** Attempts to insert a booking on the platform (addAttempt / inserisciPrenotazione). */
export const bookingAttempts = pgTable(
  'booking_attempts',
  {
    id: id(),
    campingId: campingId(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    cardIdx: integer('card_idx'),
    outcome: text('outcome').$type<'ok' | 'failed'>().notNull(),
    request: jsonb('request').$type<unknown>(),
    response: jsonb('response').$type<unknown>(),
    error: text('error'),
    at: createdAt(),
  },
  (t) => [index('booking_attempts_camping_idx').on(t.campingId), index('booking_attempts_quote_idx').on(t.quoteId)],
);

/**
 * The campsite's translations of its catalogue's Italian labels for the guests, used when the
 * booking platform has no name in that language.
 */
export const labelTranslations = pgTable(
  'label_translations',
  {
    campingId: campingId(),
    source: text('source').notNull(),
    names: jsonb('names').$type<LabelNames>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.campingId, t.source] })],
);
