import { and, eq, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { rateLimits } from '@/db/schema';

/**
 * The delay between password attempts on one account. A hard lock after a few failures let
 * anyone lock staff out by typing their e-mail; instead the first FREE_FAILURES failures cost
 * nothing and each one after doubles the wait before the next attempt, up to MAX_DELAY_SECONDS.
 * Guessing stays hopeless (about a hundred guesses a day at the cap) while the owner is kept
 * out at most MAX_DELAY_SECONDS at a time, and never from an open session or a one-time link.
 *
 * Strangers' failures delay strangers only: a browser that logged in to the account before
 * (known-devices.ts) has its own count, so the owner's usual browser is never kept out by a
 * guesser, and a stolen or guessing known browser is delayed on its own.
 *
 * Stored in rate_limits (shared by every instance, whatever REDIS_URL says) under one key per
 * e-mail for unknown browsers, one per known browser: `points` counts the failures; `expire` is
 * the next allowed attempt plus FORGET_SECONDS, so the row disappears a day after the last delay
 * ended, and the failures with it.
 */
export const LOGIN_DELAY = { freeFailures: 5, maxDelaySeconds: 15 * 60, forgetSeconds: 24 * 60 * 60 } as const;

const KEY_PREFIX = 'login-delay:';
const DEVICE_KEY_PREFIX = 'login-device:';
/** Who is counted: a known browser's own nonce, else every unknown browser of the account together. */
export type AttemptSubject = { email: string; knownDevice: string | null };
const keyOf = ({ email, knownDevice }: AttemptSubject) => (knownDevice ? `${DEVICE_KEY_PREFIX}${knownDevice}` : `${KEY_PREFIX}${email}`);
// 2^10 s is past the cap: the exponent stops there, so no count can overflow.
const MAX_EXPONENT = 10;

/** Seconds to wait after `failures` failures in a row. */
export function delayAfter(failures: number): number {
  if (failures < LOGIN_DELAY.freeFailures) return 0;
  return Math.min(2 ** Math.min(failures - LOGIN_DELAY.freeFailures + 1, MAX_EXPONENT), LOGIN_DELAY.maxDelaySeconds);
}

/** Whether this attempt may try the password; a refusal says no more (the reopening time stays unsaid). */
export type AttemptClaim = { allowed: boolean };

/**
 * Takes the account's next attempt, counting it as a failure until the password proves right
 * (clearLoginDelay). One statement: of concurrent attempts when the wait ends, one gets through
 * and sets the next wait; the others find it and are refused, so a burst buys no extra guesses.
 */
export async function claimLoginAttempt(db: DbOrTx, subject: AttemptSubject, now = new Date()): Promise<AttemptClaim> {
  const at = now.toISOString();
  const forget = LOGIN_DELAY.forgetSeconds;
  const { freeFailures, maxDelaySeconds } = LOGIN_DELAY;
  const [claimed] = resultRows<{ points: number }>(
    await db.execute(sql`
      insert into rate_limits as r (key, points, expire) values (${keyOf(subject)}, 1, ${at}::timestamptz + make_interval(secs => ${forget + delayAfter(1)}))
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
    return { allowed: true };
  }
  return { allowed: false };
}

/** The right password: the failures of whoever tried (a known browser, or the unknown ones) are forgotten. */
export async function clearLoginAttempts(db: DbOrTx, subject: AttemptSubject): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(subject)));
}

/** An admin's new password or the platform's one-time link proves the owner: strangers start again from zero. */
export async function clearLoginDelay(db: DbOrTx, email: string): Promise<void> {
  await clearLoginAttempts(db, { email, knownDevice: null });
}

/** Rows of accounts nobody has tried for a day; the limiter's own clean-up does not run with Redis. */
async function forgetOldDelays(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(rateLimits)
    .where(and(or(like(rateLimits.key, `${KEY_PREFIX}%`), like(rateLimits.key, `${DEVICE_KEY_PREFIX}%`)), lt(rateLimits.expire, now)));
}

/**
 * What the login form and the API say to a refused attempt. No time: the instant the wait ends
 * would tell a guesser when to send the next one. The owner learns the ways in that still work.
 */
export const LOGIN_DELAY_MESSAGE =
  'Troppi tentativi di accesso non riusciti per questo account: per sicurezza riprova più tardi. ' +
  'Dal browser da cui accedi di solito puoi entrare anche adesso; altrimenti chiedi all’amministratore una nuova password o entra dalla piattaforma di prenotazione.';
