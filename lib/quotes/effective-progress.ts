import { and, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { quotes } from '@/db/schema';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { EXPIRABLE } from './state-machine';

/** A quote waiting for the guest past its validity is expired, whether or not the job has recorded it yet. */
export function isDue(progress: QuoteProgress, validUntil: Date | null, now = new Date()): boolean {
  return EXPIRABLE.includes(progress) && validUntil !== null && validUntil.getTime() < now.getTime();
}

/** The progress staff and guests see: the stored one, or 'scaduto' for a quote due to expire. */
export function progressAt(progress: QuoteProgress, validUntil: Date | null, now = new Date()): QuoteProgress {
  return isDue(progress, validUntil, now) ? 'scaduto' : progress;
}

/** progressAt in SQL, for lists and their filters (the expiry job runs every ten minutes). */
export const effectiveProgressSql: SQL<QuoteProgress> = sql<QuoteProgress>`(case when ${quotes.progress} in (${sql.join(
  EXPIRABLE.map((progress) => sql`${progress}`),
  sql`, `,
)}) and ${quotes.validUntil} < now() then 'scaduto' else ${quotes.progress} end)`;

/**
 * Quotes whose effective progress is one of `wanted`, written on the stored progress so the
 * (camping_id, progress) index still serves it: a waiting quote counts as itself only while
 * valid, and as 'scaduto' once past its validity.
 */
export function effectiveProgressIn(wanted: QuoteProgress[]): SQL | undefined {
  if (wanted.length === 0) return undefined;
  const settled = wanted.filter((progress) => !EXPIRABLE.includes(progress));
  const waiting = wanted.filter((progress) => EXPIRABLE.includes(progress));
  return or(
    settled.length ? inArray(quotes.progress, settled) : undefined,
    waiting.length ? and(inArray(quotes.progress, waiting), or(isNull(quotes.validUntil), gte(quotes.validUntil, sql`now()`))) : undefined,
    wanted.includes('scaduto') ? and(inArray(quotes.progress, EXPIRABLE), lt(quotes.validUntil, sql`now()`)) : undefined,
  );
}
