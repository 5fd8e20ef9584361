import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, like, lt } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { appUrl, env } from '@/lib/env';
import { logger } from '@/lib/ops/logger.mjs';

/**
 * Jobs run outside any request, where Next's revalidateTag has no store to work on. They ask a
 * server to do it through this route instead, signed with the server's own secret; with the Redis
 * cache handler the server that answers drops the entries for every instance.
 */
export const REVALIDATE_PATH = '/api/internal/revalidate';
export const SIGNATURE_HEADER = 'x-crm-signature';
export const TIMESTAMP_HEADER = 'x-crm-timestamp';
/** A signed call older than this is refused: a captured one cannot be replayed later. */
const MAX_AGE_MS = 5 * 60 * 1000;
const TAGS_PER_CALL = 200;

function signature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', `revalidate:${secret}`).update(`${timestamp}.${body}`).digest('hex');
}

export function signRevalidation(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signature(secret, timestamp, body) };
}

export function isValidRevalidation(secret: string, headers: Headers, body: string, now = Date.now()): boolean {
  const timestamp = headers.get(TIMESTAMP_HEADER) ?? '';
  const given = Buffer.from(headers.get(SIGNATURE_HEADER) ?? '', 'utf8');
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_AGE_MS) return false;
  const expected = Buffer.from(signature(secret, timestamp, body), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const SPENT_PREFIX = 'revalidate-spent:';

/**
 * Spends a valid call's signature, for every instance at once (the shared rate_limits table): true
 * the first time, false for a replay. Kept twice the age window, past which the call is too old anyway.
 */
export async function spendRevalidation(db: DbOrTx, headers: Headers, now = Date.now()): Promise<boolean> {
  const key = `${SPENT_PREFIX}${headers.get(SIGNATURE_HEADER) ?? ''}`;
  await db.delete(rateLimits).where(and(like(rateLimits.key, `${SPENT_PREFIX}%`), lt(rateLimits.expire, new Date(now))));
  const spent = await db
    .insert(rateLimits)
    .values({ key, points: 1, expire: new Date(now + 2 * MAX_AGE_MS) })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return spent.length === 1;
}

/**
 * Where to ask: inside a Next.js server (a job its instrumentation started) the server itself,
 * whose address Next records when it listens; in `npm run worker`, APP_URL, which reaches an
 * instance that shares the Redis cache with all the others.
 */
function revalidationBaseUrl(): string {
  if (process.env.NEXT_RUNTIME) {
    const origin = process.env.__NEXT_PRIVATE_ORIGIN ?? (process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : undefined);
    if (origin) return origin.replace(/\/$/, '');
  }
  return appUrl();
}

/**
 * Drops the cached guest views of the given tags from outside a request (a job, `npm run worker`).
 * A failure is logged, not thrown: the change itself is committed, and the cached page expires
 * within the hour anyway.
 */
export async function invalidateOutsideRequest(tags: string[], baseUrl = revalidationBaseUrl()): Promise<void> {
  const secret = env().AUTH_SECRET;
  if (tags.length === 0 || !secret) return;
  for (let start = 0; start < tags.length; start += TAGS_PER_CALL) {
    const body = JSON.stringify({ tags: tags.slice(start, start + TAGS_PER_CALL) });
    try {
      const response = await fetch(`${baseUrl}${REVALIDATE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signRevalidation(secret, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`risposta ${response.status}`);
    } catch (error) {
      logger.error({ err: error }, `Invalidazione della cache dall'attività non riuscita (${baseUrl}${REVALIDATE_PATH})`);
      return;
    }
  }
}
