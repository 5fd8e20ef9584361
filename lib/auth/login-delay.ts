import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { rateLimits } from '@/db/schema';
import { TIME_ZONE } from '@/lib/format';

/**
 * The delay between password attempts on one account. A hard lock after a few failures let
 * anyone lock staff out by typing their e-mail; instead the first FREE_FAILURES failures cost
 * nothing and each one after doubles the wait before the next attempt, up to MAX_DELAY_SECONDS.
 * Guessing stays hopeless (about a hundred guesses a day at the cap) while the owner is kept
 * out at most MAX_DELAY_SECONDS at a time, and never from an open session or a one-time link.
 *
 * Stored in rate_limits (shared by every instance, whatever REDIS_URL says) under one key per
 * e-mail: `points` counts the failures; `expire` is the next allowed attempt plus FORGET_SECONDS,
 * so the row disappears a day after the last delay ended, and the failures with it.
 */
export const LOGIN_DELAY = { freeFailures: 5, maxDelaySeconds: 15 * 60, forgetSeconds: 24 * 60 * 60 } as const;

const KEY_PREFIX = 'login-delay:';
const keyOf = (email: string) => `${KEY_PREFIX}${email}`;
// 2^10 s is past the cap: the exponent stops there, so no count can overflow.
const MAX_EXPONENT = 10;

/** Seconds to wait after `failures` failures in a row. */
export function delayAfter(failures: number): number {
  if (failures < LOGIN_DELAY.freeFailures) return 0;
  return Math.min(2 ** Math.min(failures - LOGIN_DELAY.freeFailures + 1, MAX_EXPONENT), LOGIN_DELAY.maxDelaySeconds);
}

export type AttemptClaim = { allowed: true; failures: number } | { allowed: false; failures: number; retryAt: Date; retryAfterSeconds: number };

/**
 * Takes the account's next attempt, counting it as a failure until the password proves right
 * (clearLoginDelay). One statement: of concurrent attempts when the wait ends, one gets through
 * and sets the next wait; the others find it and are refused, so a burst buys no extra guesses.
 */
export async function claimLoginAttempt(db: DbOrTx, email: string, now = new Date()): Promise<AttemptClaim> {
  const at = now.toISOString();
  const forget = LOGIN_DELAY.forgetSeconds;
  const { freeFailures, maxDelaySeconds } = LOGIN_DELAY;
  const [claimed] = resultRows<{ points: number }>(
    await db.execute(sql`
      insert into rate_limits as r (key, points, expire) values (${keyOf(email)}, 1, ${at}::timestamptz + make_interval(secs => ${forget + delayAfter(1)}))
      on conflict (key) do update set
        points = case when r.expire <= ${at}::timestamptz then 1 else r.points + 1 end,
        expire = ${at}::timestamptz + make_interval(secs => ${forget} + case
          when r.expire <= ${at}::timestamptz or r.points + 1 < ${freeFailures} then ${delayAfter(1)}
          else least(power(2, least(r.points + 2 - ${freeFailures}, ${MAX_EXPONENT})), ${maxDelaySeconds}) end)
      where r.expire - make_interval(secs => ${forget}) <= ${at}::timestamptz
      returning points`),
  );
  if (claimed) {
    if (Number(claimed.points) === 1) await forgetOldDelays(db, now);
    return { allowed: true, failures: Number(claimed.points) };
  }
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, keyOf(email))).limit(1);
  const retryAt = new Date((row?.expire ?? now).getTime() - forget * 1000);
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return { allowed: false, failures: row?.points ?? 0, retryAt, retryAfterSeconds };
}

/** The right password: the failures are forgotten. */
export async function clearLoginDelay(db: DbOrTx, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(email)));
}

/** Rows of accounts nobody has tried for a day; the limiter's own clean-up does not run with Redis. */
async function forgetOldDelays(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateLimits).where(and(like(rateLimits.key, `${KEY_PREFIX}%`), lt(rateLimits.expire, now)));
}

const clock = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit' });

function duration(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 secondo' : `${seconds} secondi`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minuti`;
}

/** What the login form and the API say to a refused attempt: how long, and until when. */
export function loginDelayMessage(claim: { retryAt: Date; retryAfterSeconds: number }): string {
  return (
    `Troppi tentativi di accesso non riusciti per questo account: per sicurezza il prossimo tentativo è possibile tra ${duration(claim.retryAfterSeconds)} ` +
    `(alle ${clock.format(claim.retryAt)}). Se hai dimenticato la password, chiedi un nuovo accesso all’amministratore o entra dalla piattaforma di prenotazione.`
  );
}
