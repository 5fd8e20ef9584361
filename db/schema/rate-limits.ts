import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * The counters of rate-limiter-flexible's database store (lib/rate-limit/database-store.ts)
 * when REDIS_URL is not set: one row per limited key, its points in the current window and
 * when the window (or the block) ends. Kept in the database so every server process sees the
 * same count.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestampTz('expire'),
});
