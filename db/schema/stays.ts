import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StayMessageKind, StayMessageStatus } from '../../lib/vocabulary/stay-messages';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt } from './columns';
import { contacts } from './contacts';
import { mailOutbox } from './mail';
import { quotes } from './quotes';
import { languages } from './reference';
import { users } from './users';

/**
 * The ledger of a stay's automatic mails: one row per stay (converted quote) and kind, written in
 * the transaction that queues the mail or records the skip, so no instance or retry sends twice.
 */
export const stayMessages = pgTable(
  'stay_messages',
  {
    id: id(),
    campingId: campingId(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<StayMessageKind>().notNull(),
    status: text('status').$type<StayMessageStatus>().notNull(),
    /** The day the mail was due, in Europe/Rome. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    outboxId: text('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** Why it was skipped, in Italian for the staff (a staff member's skip, an unsubscribe…). */
    reason: text('reason'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stay_messages_quote_kind_unique').on(t.quoteId, t.kind), index('stay_messages_camping_created_idx').on(t.campingId, t.createdAt, t.id)],
);

/**
 * A stay's survey: one row per converted quote, made when the post-stay mail is queued. The
 * token is the public link's secret; the answer is kept on the row, so a second answer edits it.
 */
export const staySurveys = pgTable(
  'stay_surveys',
  {
    id: id(),
    campingId: campingId(),
    token: text('token').notNull(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    languageId: integer('language_id').references(() => languages.id),
    /** The stay as it was booked: the season is the arrival's year. */
    season: integer('season').notNull(),
    typologyName: text('typology_name').notNull().default(''),
    arrival: date('arrival', { mode: 'string' }),
    departure: date('departure', { mode: 'string' }),
    /** 0–10: would you recommend us. Null until answered. */
    score: smallint('score'),
    wentWell: text('went_well').notNull().default(''),
    toImprove: text('to_improve').notNull().default(''),
    answeredAt: timestampTz('answered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stay_surveys_token_unique').on(t.token),
    uniqueIndex('stay_surveys_quote_unique').on(t.quoteId),
    index('stay_surveys_camping_season_idx').on(t.campingId, t.season),
    index('stay_surveys_camping_contact_idx').on(t.campingId, t.contactId),
    check('stay_surveys_score_range', sql`${t.score} is null or ${t.score} between 0 and 10`),
  ],
);
