import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rateLimits } from '@/db/schema';

export type Limit = { max: number; windowSeconds: number };

const DAY_MS = 24 * 60 * 60 * 1000;

function windowStart(limit: Limit, now: Date): Date {
  const size = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/** Records one hit and answers whether the key is now over its limit. */
export async function recordHit(db: DbOrTx, key: string, limit: Limit, now = new Date()): Promise<boolean> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStart(limit, now), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // A new window began: a good moment to drop the windows nobody will read again.
  if (row.count === 1) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)));
  return row.count > limit.max;
}

/** Undoes one hit of the current window (an attempt that turned out legitimate). */
export async function takeBackHit(db: DbOrTx, key: string, limit: Limit, now = new Date()): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(limit, now))));
}

export async function clearHits(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function minutesLeft(limit: Limit, now = new Date()): number {
  const end = windowStart(limit, now).getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 60000));
}
