import { and, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { quotes } from "@/db/schema";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";

/*
 * The one expiry rule, for every reader: lists, detail, guest page and PDF, dashboard, the job.
 * A validity is stored as the last second of its last day in Europe/Rome (endOfRomeDay), so
 * comparing instants is the day rule: expired strictly after 23:59:59 of that day in Rome.
 * A quote with no validity never expires. Until the job records 'scaduto', readers derive it.
 */

/** Expiry applies to quotes still waiting for the guest. */
export const EXPIRABLE: readonly QuoteProgress[] = [
  "nuovo",
  "inviato",
  "letto",
];

export const isExpirable = (progress: QuoteProgress): boolean =>
  EXPIRABLE.includes(progress);

/** The validity has run out; strictly after it, as the job and the guest page always counted. */
export function validityPassed(
  validUntil: Date | string | null,
  now = new Date(),
): boolean {
  return validUntil !== null && new Date(validUntil).getTime() < now.getTime();
}

/** Expired but not recorded yet: what the job moves to 'scaduto', and what a move starts from. */
export function isOverdue(
  progress: QuoteProgress,
  validUntil: Date | null,
  now = new Date(),
): boolean {
  return isExpirable(progress) && validityPassed(validUntil, now);
}

/** Expired for everyone, whether or not the job has recorded it yet. */
export function isExpired(
  progress: QuoteProgress,
  validUntil: Date | null,
  now = new Date(),
): boolean {
  return progress === "scaduto" || isOverdue(progress, validUntil, now);
}

/** The progress staff and guests see: the stored one, or 'scaduto' for an overdue quote. */
export function progressAt(
  progress: QuoteProgress,
  validUntil: Date | null,
  now = new Date(),
): QuoteProgress {
  return isOverdue(progress, validUntil, now) ? "scaduto" : progress;
}

/* The SQL twin, built from the same constants. */

/** The columns to read; a raw query with its own table alias names them (sql.raw('q.progress')). */
export type ExpiryColumns = {
  progress: AnyColumn | SQL;
  validUntil: AnyColumn | SQL;
};
const QUOTE_COLUMNS: ExpiryColumns = {
  progress: quotes.progress,
  validUntil: quotes.validUntil,
};

/** An instant, or by default the database's clock (the lists have always read it). */
export type ExpiryInstant = Date | SQL;
const instant = (at: ExpiryInstant = sql`now()`) =>
  at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;

const expirableSql = (columns: ExpiryColumns) =>
  sql`${columns.progress} in (${sql.join(
    EXPIRABLE.map((progress) => sql`${progress}`),
    sql`, `,
  )})`;
// Written on the bare column, so the (camping_id, valid_until) index serves it; never null.
const passedSql = (at: ExpiryInstant | undefined, columns: ExpiryColumns) =>
  sql`(${columns.validUntil} is not null and ${columns.validUntil} < ${instant(at)})`;
const stillValidSql = (at: ExpiryInstant | undefined, columns: ExpiryColumns) =>
  sql`(${columns.validUntil} is null or ${columns.validUntil} >= ${instant(at)})`;

/** isOverdue in SQL. */
export function overdueSql(
  at?: ExpiryInstant,
  columns = QUOTE_COLUMNS,
): SQL<boolean> {
  return sql<boolean>`(${expirableSql(columns)} and ${passedSql(at, columns)})`;
}

/** isExpired in SQL. */
export function expiredSql(
  at?: ExpiryInstant,
  columns = QUOTE_COLUMNS,
): SQL<boolean> {
  return sql<boolean>`(${columns.progress} = 'scaduto' or ${overdueSql(at, columns)})`;
}

/** progressAt in SQL. */
export function effectiveProgressSql(
  at?: ExpiryInstant,
  columns = QUOTE_COLUMNS,
): SQL<QuoteProgress> {
  return sql<QuoteProgress>`(case when ${overdueSql(at, columns)} then 'scaduto' else ${columns.progress} end)`;
}

/**
 * Quotes whose effective progress is one of `wanted`, written on the stored progress so the
 * (camping_id, progress) index still serves it: a waiting quote counts as itself only while
 * valid, and as 'scaduto' once past its validity.
 */
export function effectiveProgressIn(
  wanted: QuoteProgress[],
  at?: ExpiryInstant,
): SQL | undefined {
  if (wanted.length === 0) return undefined;
  const list = (values: QuoteProgress[]) =>
    sql.join(
      values.map((progress) => sql`${progress}`),
      sql`, `,
    );
  const settled = wanted.filter((progress) => !isExpirable(progress));
  const waiting = wanted.filter(isExpirable);
  return or(
    settled.length ? sql`${quotes.progress} in (${list(settled)})` : undefined,
    waiting.length
      ? and(
          sql`${quotes.progress} in (${list(waiting)})`,
          stillValidSql(at, QUOTE_COLUMNS),
        )
      : undefined,
    wanted.includes("scaduto") ? overdueSql(at) : undefined,
  );
}
