import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/db/client';

/**
 * A lease: a row taken by one worker until a deadline kept in one of its timestamptz columns.
 * The holder renews it while it works and lets it go when done; a worker that dies leaves the
 * deadline behind, and once it has passed the row can be taken again. No holder column: the
 * deadline itself is the holder's token. Deadlines are cut to the millisecond (so the Date a
 * driver returns compares exactly) and every new one lies past the one before it, so a worker
 * that lost its row can neither renew nor release the next holder's lease.
 */
export type LeaseTarget<T extends PgTable> = {
  table: T;
  /** The deadline column (timestamptz). Null, or a time already passed, means free. */
  until: PgColumn;
};

/** A given time (tests and replays), or the database's clock. */
const given = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * SQL: nobody holds the lease in `until` (never taken, let go, or past its deadline). Against the
 * database's full clock: a row written due "now" in this very microsecond is free at once.
 */
export const leaseFree = (until: PgColumn, now?: Date): SQL => sql`(${until} is null or ${until} <= ${now ? given(now) : sql`now()`})`;

/** SQL: the deadline `seconds` from now, cut to the millisecond (never before a deadline that has passed). */
export const leaseDeadline = (seconds: number, now?: Date): SQL =>
  sql`${now ? given(now) : sql`date_trunc('milliseconds', now())`} + make_interval(secs => ${seconds})`;

/** SQL: the lease is still the one `held` names. */
export const leaseHeld = (until: PgColumn, held: Date): SQL => sql`${until} = ${held.toISOString()}::timestamptz`;

function propertyOf(table: PgTable, column: PgColumn): string {
  const found = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!found) throw new Error(`Lease column ${column.name} is not a column of its table.`);
  return found[0];
}

type SetSource<T extends PgTable> = PgUpdateSetSource<T>;

export type TakeOptions<T extends PgTable> = LeaseTarget<T> & {
  /** Which rows, besides a free lease: a key, a state, a join through exists(…). */
  where?: SQL;
  seconds: number;
  /** Columns set in the same statement (a state, an attempt counter). */
  set?: SetSource<T>;
  /**
   * Take up to this many rows (oldest first by `orderBy`), skipping rows another worker is taking
   * at this instant. Without it, every matching row is taken, waiting for a row lock another
   * statement holds and reading the row again after it: meant for one row named by its key.
   */
  limit?: number;
  /** The key, for `limit`: the rows are chosen by a subquery. */
  key?: PgColumn[];
  orderBy?: SQL;
  now?: Date;
};

export type Taken<T extends PgTable> = { rows: T['$inferSelect'][]; until: Date | null };

/**
 * Takes rows for one worker until `seconds` from now, in one statement: of two workers racing
 * for a row, exactly one gets it. Returns the rows as they are now and the deadline (null when
 * nothing was free), the token to renew and release with.
 */
export async function takeLease<T extends PgTable>(db: DbOrTx, options: TakeOptions<T>): Promise<Taken<T>> {
  const { table, until, seconds, limit, now } = options;
  const free = and(options.where, leaseFree(until, now))!;
  let where = free;
  if (limit !== undefined) {
    if (!options.key?.length) throw new Error('A lease taken with a limit needs the table key.');
    const key = sql.join(options.key, sql`, `);
    where = sql`(${key}) in (select ${key} from ${table} where ${free} ${options.orderBy ? sql`order by ${options.orderBy}` : sql``} limit ${limit} for update skip locked)`;
  }
  const untilKey = propertyOf(table, until);
  const set = { ...options.set, [untilKey]: leaseDeadline(seconds, now) } as SetSource<T>;
  // drizzle's builder cannot follow a table given as a type parameter; the shape is checked above.
  const update = db.update(table as PgTable).set(set as never).where(where).returning() as unknown as Promise<T['$inferSelect'][]>;
  const rows = await update;
  const deadline = rows.length ? ((rows[0] as Record<string, unknown>)[untilKey] as Date) : null;
  return { rows, until: deadline };
}

/**
 * Moves the deadline to `seconds` from now, for the holder only. Returns the new deadline (the
 * token from now on), or null when the lease was lost: it ran out and someone else took the row,
 * or the row was settled or let go meanwhile.
 */
export async function renewLease<T extends PgTable>(
  db: DbOrTx,
  options: LeaseTarget<T> & { where?: SQL; held: Date; seconds: number; now?: Date },
): Promise<Date | null> {
  const { table, until } = options;
  const key = propertyOf(table, until);
  const rows = (await db
    .update(table as PgTable)
    .set({ [key]: leaseDeadline(options.seconds, options.now) } as never)
    .where(and(options.where, leaseHeld(until, options.held)))
    .returning({ until })) as { until: Date }[];
  return rows[0]?.until ?? null;
}

/**
 * Lets the lease go, for the holder only, with whatever else the row records in the same
 * statement. `until` becomes null, or `at` (now() for "may be taken again right away, but counts
 * as having been taken"). False when the lease was no longer this holder's: nothing changed.
 */
export async function releaseLease<T extends PgTable>(
  db: DbOrTx,
  options: LeaseTarget<T> & { where?: SQL; held: Date; set?: SetSource<T>; at?: SQL | null },
): Promise<boolean> {
  const { table, until } = options;
  const set = { ...options.set, [propertyOf(table, until)]: options.at ?? null };
  const rows = await db
    .update(table as PgTable)
    .set(set as never)
    .where(and(options.where, leaseHeld(until, options.held)))
    .returning({ until });
  return rows.length > 0;
}
