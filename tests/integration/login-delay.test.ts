import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { LOGIN_DELAY, delayAfter } from '@/lib/auth/login-delay';
import { INVALID_CREDENTIALS, LOGIN_LIMITS, loginWithPassword, loginWithToken, mintLoginToken, resolveSession, type ClientInfo } from '@/lib/auth/service';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, TEST_PASSWORD } from '../helpers/fixtures';
import { apiRequest, callApi, expectErrorAnswer, randomAddress, type Dispatch } from '../helpers/legacy-api';

/**
 * Issue 14: six wrong passwords used to lock any account for 15 minutes, so anyone who knew a
 * staff e-mail could keep its owner out. Now each failure after the fifth doubles the wait
 * before the next attempt, capped at 15 minutes, and the owner keeps the one-time link and the
 * sessions already open.
 */

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const newClient = (): ClientInfo => ({ ip: randomAddress(), userAgent: 'vitest' });
const REMOTE = { hostname: 'crm.example.com', production: true };
const SECOND = 1000;

async function makeAccount() {
  const campsite = await makeCampsite(db);
  return makeUser(db, campsite.id);
}

/** An attempt at a given instant; each from its own address, as a distributed guesser would. */
const attempt = (email: string, password: string, at: Date) => loginWithPassword(db, { email, password, kind: 'api' }, newClient(), at);
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * SECOND);
/** 200 for a login that opened a session, else the refusal's status. */
const statusOf = (login: Promise<unknown>) => login.then(
  () => 200,
  (error: { status: number }) => error.status,
);
const retryAfterOf = (error: { details?: Record<string, unknown> }) => error.details?.retryAfterSeconds as number;

describe('the growing delay per account', () => {
  it('lets five failures pass, then doubles the wait after each further one up to the cap', async () => {
    const user = await makeAccount();
    let now = new Date();
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) {
      expect((await failure(attempt(user.email, `sbagliata-${failed}`, now))).message, `tentativo ${failed}`).toBe(INVALID_CREDENTIALS);
    }
    const waits: number[] = [];
    for (let failed = LOGIN_DELAY.freeFailures; failed < LOGIN_DELAY.freeFailures + 12; failed++) {
      // Right away: refused, even with the right password, and told how long to wait.
      const refused = await failure(attempt(user.email, TEST_PASSWORD, now));
      expect(refused.status).toBe(429);
      const wait = retryAfterOf(refused);
      waits.push(wait);
      // One second before the end: still refused.
      if (wait > 1) expect((await failure(attempt(user.email, TEST_PASSWORD, later(now, wait - 1)))).status).toBe(429);
      // When the wait is over, one more wrong guess is possible, and costs a longer wait.
      now = later(now, wait);
      expect((await failure(attempt(user.email, 'ancora-sbagliata', now))).message).toBe(INVALID_CREDENTIALS);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(waits.map((_, index) => delayAfter(LOGIN_DELAY.freeFailures + index))).toEqual(waits);
  });

  it('keeps the owner out no longer than the cap, however many guesses came before', async () => {
    const user = await makeAccount();
    let now = new Date();
    // A guesser who tries every time the wait ends, for longer than a day.
    for (let guess = 0; guess < 120; guess++) {
      const outcome = await attempt(user.email, `tentativo-${guess}`, now).catch((error: unknown) => error);
      const wait = (outcome as { status?: number }).status === 429 ? retryAfterOf(outcome as never) : 0;
      expect(wait).toBeLessThanOrEqual(LOGIN_DELAY.maxDelaySeconds);
      now = later(now, wait);
    }
    // Their last guess just made: the owner's right password waits too, at most the cap.
    while ((await statusOf(attempt(user.email, 'ultimo-tentativo', now))) === 429) now = later(now, 1);
    const refused = await failure(attempt(user.email, TEST_PASSWORD, now));
    expect(retryAfterOf(refused)).toBe(LOGIN_DELAY.maxDelaySeconds);
    // The owner, at the latest 15 minutes later, gets in; and the failures are forgotten.
    const opened = await attempt(user.email, TEST_PASSWORD, later(now, LOGIN_DELAY.maxDelaySeconds));
    expect(opened.user.id).toBe(user.id);
    const afterwards = later(now, LOGIN_DELAY.maxDelaySeconds + 1);
    expect((await failure(attempt(user.email, 'sbagliata', afterwards))).message).toBe(INVALID_CREDENTIALS);
    expect((await attempt(user.email, TEST_PASSWORD, afterwards)).user.id).toBe(user.id);
  });

  it('forgets the failures a day after the last wait ended', async () => {
    const user = await makeAccount();
    const now = new Date();
    for (let failed = 1; failed <= 8; failed++) await failure(attempt(user.email, 'sbagliata', later(now, failed * 60)));
    const nextDay = later(now, 8 * 60 + LOGIN_DELAY.maxDelaySeconds + LOGIN_DELAY.forgetSeconds);
    // Five free failures again, not a longer wait.
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) {
      expect((await failure(attempt(user.email, 'sbagliata', nextDay))).message).toBe(INVALID_CREDENTIALS);
    }
    expect(retryAfterOf(await failure(attempt(user.email, TEST_PASSWORD, nextDay)))).toBe(2);
  });

  it('lets only one of many concurrent guesses through when a wait ends', async () => {
    const user = await makeAccount();
    const now = new Date();
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) await failure(attempt(user.email, 'sbagliata', now));
    const burst = await Promise.all(Array.from({ length: 8 }, (_, index) => failure(attempt(user.email, `raffica-${index}`, later(now, 2)))));
    expect(burst.filter((error) => error.status === 400)).toHaveLength(1);
    expect(burst.filter((error) => error.status === 429)).toHaveLength(7);
  });

  it('says in Italian how long to wait and until when', async () => {
    const user = await makeAccount();
    // A fixed instant to read the clock time; in the future, as the limiter's clean-up drops rows expired in the past.
    const now = new Date('2030-07-15T10:00:00Z');
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) await failure(attempt(user.email, 'sbagliata', now));
    expect((await failure(attempt(user.email, TEST_PASSWORD, now))).message).toBe(
      'Troppi tentativi di accesso non riusciti per questo account: per sicurezza il prossimo tentativo è possibile tra 2 secondi (alle 12:00:02). ' +
        'Se hai dimenticato la password, chiedi un nuovo accesso all’amministratore o entra dalla piattaforma di prenotazione.',
    );
    let at = now;
    for (const wait of [2, 4, 8, 16, 32, 64]) {
      at = later(at, wait);
      await failure(attempt(user.email, 'sbagliata', at));
    }
    // 128 seconds: said in minutes, rounded up.
    expect((await failure(attempt(user.email, TEST_PASSWORD, at))).message).toContain('tra 3 minuti (alle 12:04:14)');
  });
});

describe('the owner during the delay', () => {
  it('still gets in with a one-time link, through the service and the API, and keeps an open session', async () => {
    const user = await makeAccount();
    const open = await attempt(user.email, TEST_PASSWORD, new Date());
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures + 1; failed++) await failure(attempt(user.email, 'sbagliata', new Date()));
    expect((await failure(attempt(user.email, TEST_PASSWORD, new Date()))).status).toBe(429);

    // The session opened before the guessing still works.
    expect(await resolveSession(db, { bearer: open.secret! }, REMOTE)).toMatchObject({ userId: user.id });
    // The booking platform's one-time link (what /loginCV spends) is not delayed.
    const web = await loginWithToken(db, (await mintLoginToken(db, user.email)).token, 'web', newClient());
    expect(web.user.id).toBe(user.id);
    const viaApi = await callApi(dispatch, 'POST', '/users/loginToken', { body: { uuid: (await mintLoginToken(db, user.email)).token } });
    expect(viaApi.status, viaApi.text).toBe(200);
    // The password is still delayed: the link does not reset the guesser's count.
    expect((await failure(attempt(user.email, TEST_PASSWORD, new Date()))).status).toBe(429);
  });
});

describe('POST /api/users/login during the delay', () => {
  it('answers 429 with Retry-After and the Italian message, for a known and an unknown e-mail alike', async () => {
    const user = await makeAccount();
    for (const email of [user.email, `nessuno-${user.id}@prova.test`]) {
      for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) {
        const wrong = await callApi(dispatch, 'POST', '/users/login', { body: { email, password: 'sbagliata' } });
        expect(expectErrorAnswer(wrong, 400)).toBe(INVALID_CREDENTIALS);
      }
      const response = await dispatch(apiRequest('POST', '/users/login', { body: { email, password: TEST_PASSWORD } }));
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(2);
      const body = (await response.json()) as { error: string };
      expect(body.error).toMatch(/^Troppi tentativi di accesso non riusciti per questo account: per sicurezza il prossimo tentativo è possibile tra [12] second/);
    }
  });
});

describe('the limit per address', () => {
  it('counts a trusted address only: an unknown one is no shared bucket', async () => {
    const user = await makeAccount();
    const untrusted: ClientInfo = { ip: null, userAgent: 'vitest' };
    for (let guess = 1; guess <= LOGIN_LIMITS.perAddress.points + 5; guess++) {
      const error = await failure(loginWithPassword(db, { email: `sconosciuto-${guess}-${user.id}@prova.test`, password: 'x', kind: 'web' }, untrusted));
      expect(error.message, `tentativo ${guess}`).toBe(INVALID_CREDENTIALS);
    }
    const trusted = newClient();
    for (let guess = 1; guess <= LOGIN_LIMITS.perAddress.points; guess++) {
      await failure(loginWithPassword(db, { email: `altro-${guess}-${user.id}@prova.test`, password: 'x', kind: 'web' }, trusted));
    }
    const refused = await failure(loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, trusted));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Troppi tentativi di accesso da questo indirizzo\. Riprova tra \d+ minuti\.$/);
    expect(retryAfterOf(refused)).toBeGreaterThan(0);
  });
});
