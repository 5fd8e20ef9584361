import { sql, type Column } from 'drizzle-orm';
import { AppError } from './errors';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export type Page<T> = { items: T[]; nextCursor: string | null };
export type CursorValue = string | number | null;

/** A keyset position: the sort values of the last row shown, opaque to the caller. */
export function encodeCursor(values: CursorValue[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined, length: number): CursorValue[] | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(values) && values.length === length && values.every((v) => v === null || ['string', 'number'].includes(typeof v))) {
      return values as CursorValue[];
    }
  } catch {
    // fall through to the refusal below
  }
  throw new AppError('bad_request', 'Posizione di pagina non valida: ricarica l’elenco.');
}

/** Fetch one row more than shown: its presence says there is a next page. */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => CursorValue[]): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/**
 * A timestamp as a cursor value, to the microsecond: a JavaScript Date would round it to the
 * millisecond, and the next page would skip the rows in between.
 */
export const exactTimestamp = (column: Column) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
