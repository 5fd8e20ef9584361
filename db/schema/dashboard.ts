import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { QuoteProgress } from '../../lib/vocabulary/quote-progress';
import { campingId } from './campsites';
import { timestampTz } from './columns';

/**
 * Per-campsite daily aggregates behind the dashboard, rebuilt by lib/dashboard/refresh.ts.
 * A day is a calendar day in Europe/Rome. The dashboard reads only these tables, so its cost
 * grows with the number of days, not with the number of quotes.
 */

/** Quotes by the day they were created and their progress (expired ones counted as 'scaduto'). */
export const dashboardQuoteDays = pgTable(
  'dashboard_quote_days',
  {
    campingId: campingId(),
    day: date('day', { mode: 'string' }).notNull(),
    progress: text('progress').$type<QuoteProgress>().notNull(),
    quotes: integer('quotes').notNull(),
    /** Sum of each quote's highest card total. */
    maxCardCents: bigint('max_card_cents', { mode: 'number' }).notNull(),
    /** Sum of each quote's accepted card total (0 for quotes with no accepted card). */
    acceptedCardCents: bigint('accepted_card_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'dashboard_quote_days_pk', columns: [t.campingId, t.day, t.progress] })],
);

/** Quotes by creation day and the guest's nationality (0: none given): reached the guest, and won. */
export const dashboardNationDays = pgTable(
  'dashboard_nation_days',
  {
    campingId: campingId(),
    day: date('day', { mode: 'string' }).notNull(),
    nationId: integer('nation_id').notNull(),
    reached: integer('reached').notNull(),
    won: integer('won').notNull(),
  },
  (t) => [primaryKey({ name: 'dashboard_nation_days_pk', columns: [t.campingId, t.day, t.nationId] })],
);

/**
 * Quotes by creation day and whether their guest was returning for them (lib/quotes/returning-guests.ts):
 * how many, how many won, and how many guests made their last quote of that group on that day.
 * The last days let a period that runs to the newest quote count distinct guests by summing days.
 */
export const dashboardReturningDays = pgTable(
  'dashboard_returning_days',
  {
    campingId: campingId(),
    day: date('day', { mode: 'string' }).notNull(),
    isReturning: boolean('is_returning').notNull(),
    quotes: integer('quotes').notNull(),
    won: integer('won').notNull(),
    lastGuests: integer('last_guests').notNull(),
  },
  (t) => [primaryKey({ name: 'dashboard_returning_days_pk', columns: [t.campingId, t.day, t.isReturning] })],
);

/** Counts by day of one kind: 'contatti' (created, by nationality), 'richieste' (received), 'email' (sent). */
export const dashboardCountDays = pgTable(
  'dashboard_count_days',
  {
    campingId: campingId(),
    kind: text('kind').$type<'contatti' | 'richieste' | 'email'>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    nationId: integer('nation_id').notNull().default(0),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'dashboard_count_days_pk', columns: [t.campingId, t.kind, t.day, t.nationId] })],
);

/** When each campsite's aggregates were last rebuilt. */
export const dashboardRefreshes = pgTable('dashboard_refreshes', {
  campingId: campingId().primaryKey(),
  refreshedAt: timestampTz('refreshed_at').notNull(),
});

/**
 * Campsites whose counted rows changed since their last rebuild; written by triggers on the
 * counted tables (migration dashboard-aggregates) and claimed, by deleting the row, by one refresh.
 */
export const dashboardChanges = pgTable('dashboard_changes', {
  campingId: campingId().primaryKey(),
  changedAt: timestampTz('changed_at').notNull().defaultNow(),
});
