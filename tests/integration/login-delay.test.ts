import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { LOGIN_DELAY, LOGIN_DELAY_MESSAGE, delayAfter } from '@/lib/auth/login-delay';
import { rememberDevice } from '@/lib/auth/known-devices';
import { INVALID_CREDENTIALS, LOGIN_LIMITS, loginWithPassword, loginWithToken, mintLoginToken, resolveSession, type ClientInfo } from '@/lib/auth/service';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, TEST_PASSWORD, tenantOf } from '../helpers/fixtures';
import { ctxFor } from '../helpers/ctx';
import { resetUserPassword } from '@/lib/users/service';
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
    for (let failed = LOGIN_DELAY.freeFailures; failed < LOGIN_DELAY.freeFailures + 12; failed++) {
      const wait = delayAfter(failed);
      // Right away: refused, even with the right password, and not told when the wait ends.
      const refused = await failure(attempt(user.email, TEST_PASSWORD, now));
      expect(refused.status).toBe(429);
      expect(refused.details?.retryAfterSeconds).toBeUndefined();
      // One second before the end: still refused.
      if (wait > 1) expect((await failure(attempt(user.email, TEST_PASSWORD, later(now, wait - 1)))).status).toBe(429);
      // When the wait is over, one more wrong guess is possible, and costs a longer wait.
      now = later(now, wait);
      expect((await failure(attempt(user.email, 'ancora-sbagliata', now))).message).toBe(INVALID_CREDENTIALS);
    }
    expect(Array.from({ length: 12 }, (_, index) => delayAfter(LOGIN_DELAY.freeFailures + index))).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('keeps an unknown browser out no longer than the cap, however many guesses came before', async () => {
    const user = await makeAccount();
    let now = new Date();
    // A guesser who tries every time the wait ends, for longer than a day.
    let failures = 0;
    let last = now;
    for (let guess = 0; guess < 120; guess++) {
      expect(await statusOf(attempt(user.email, `tentativo-${guess}`, now)), `tentativo ${guess}`).toBe(400);
      failures += 1;
      last = now;
      now = later(now, delayAfter(failures));
    }
    expect(delayAfter(failures)).toBe(LOGIN_DELAY.maxDelaySeconds);
    now = last;
    // Their last guess just made: the right password from an unknown browser waits too, at most the cap.
    expect((await failure(attempt(user.email, TEST_PASSWORD, later(now, LOGIN_DELAY.maxDelaySeconds - 1)))).status).toBe(429);
    // At the latest 15 minutes later it gets in; and the failures are forgotten.
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
    expect((await failure(attempt(user.email, TEST_PASSWORD, nextDay))).status).toBe(429);
    expect((await attempt(user.email, TEST_PASSWORD, later(nextDay, 2))).user.id).toBe(user.id);
  });

  it('lets only one of many concurrent guesses through when a wait ends', async () => {
    const user = await makeAccount();
    const now = new Date();
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) await failure(attempt(user.email, 'sbagliata', now));
    const burst = await Promise.all(Array.from({ length: 8 }, (_, index) => failure(attempt(user.email, `raffica-${index}`, later(now, 2)))));
    expect(burst.filter((error) => error.status === 400)).toHaveLength(1);
    expect(burst.filter((error) => error.status === 429)).toHaveLength(7);
  });

  it('says in Italian what still works, and never when the wait ends', async () => {
    const user = await makeAccount();
    const now = new Date();
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) await failure(attempt(user.email, 'sbagliata', now));
    const refused = await failure(attempt(user.email, TEST_PASSWORD, now));
    expect(refused.message).toBe(LOGIN_DELAY_MESSAGE);
    expect(refused.message).not.toMatch(/\d/);
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
    // The booking platform's one-time link (what /loginCV spends) is not delayed, through the API either.
    const viaApi = await callApi(dispatch, 'POST', '/users/loginToken', { body: { uuid: (await mintLoginToken(db, user.email)).token } });
    expect(viaApi.status, viaApi.text).toBe(200);
    // The platform vouched for the owner: the password works again from any browser.
    expect((await attempt(user.email, TEST_PASSWORD, new Date())).user.id).toBe(user.id);
  });

  it('a one-time link clears the delay the guessers built up', async () => {
    const user = await makeAccount();
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures + 3; failed++) await failure(attempt(user.email, 'sbagliata', new Date()));
    expect((await failure(attempt(user.email, TEST_PASSWORD, new Date()))).status).toBe(429);
    const web = await loginWithToken(db, (await mintLoginToken(db, user.email)).token, 'web', newClient());
    expect(web.user.id).toBe(user.id);
    expect((await attempt(user.email, TEST_PASSWORD, new Date())).user.id).toBe(user.id);
  });

  it('an admin’s new password clears the delay the guessers built up', async () => {
    const user = await makeAccount();
    const admin = await makeUser(db, user.campingId, { isAdmin: true });
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures + 3; failed++) await failure(attempt(user.email, 'sbagliata', new Date()));
    expect((await failure(attempt(user.email, TEST_PASSWORD, new Date()))).status).toBe(429);
    await resetUserPassword(ctxFor(db, tenantOf(admin)), user.id, 'Una-nuova-password-9');
    expect((await attempt(user.email, 'Una-nuova-password-9', new Date())).user.id).toBe(user.id);
  });
});

describe('the owner’s known browser under siege (OWASP device cookies)', () => {
  /** An attempt from a browser carrying `cookie`, the one the web login sets after a success. */
  const fromBrowser = (email: string, password: string, cookie: string | null, at: Date) =>
    loginWithPassword(db, { email, password, kind: 'web', knownDevices: cookie }, newClient(), at);

  it('logs the owner in every time while a guesser keeps the account’s unknown browsers delayed', async () => {
    const user = await makeAccount();
    const ownBrowser = rememberDevice(null, user.email);
    expect(ownBrowser).not.toBeNull();
    let now = new Date();
    let attacker = 0;
    let throttled = 0;
    let owner = 0;
    // Ten hours of a guesser who sends a guess every minute, with the owner logging in between.
    for (let minute = 0; minute < 600; minute++) {
      now = later(now, 60);
      const guess = await statusOf(attempt(user.email, `assedio-${minute}`, now));
      attacker += 1;
      if (guess === 429) throttled += 1;
      else expect(guess).toBe(400);
      if (minute % 10 === 0) {
        expect((await fromBrowser(user.email, TEST_PASSWORD, ownBrowser, now)).user.id, `minuto ${minute}`).toBe(user.id);
        owner += 1;
      }
    }
    expect(owner).toBe(60);
    // At the 15-minute cap a guess a minute is refused 14 times out of 15.
    expect(throttled).toBeGreaterThan(attacker * 0.85);
    // The owner's successes did not lift the strangers' delay.
    expect((await failure(attempt(user.email, TEST_PASSWORD, now))).status).toBe(429);
  });

  it('counts a known browser’s own failures on their own, and a mark works for its account only', async () => {
    const user = await makeAccount();
    const other = await makeAccount();
    const ownBrowser = rememberDevice(null, user.email);
    const now = new Date();
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) await failure(fromBrowser(user.email, 'sbagliata', ownBrowser, now));
    // The known browser's own guesses delay it…
    expect((await failure(fromBrowser(user.email, TEST_PASSWORD, ownBrowser, now))).message).toBe(LOGIN_DELAY_MESSAGE);
    // …and not the account's other browsers.
    expect((await attempt(user.email, TEST_PASSWORD, now)).user.id).toBe(user.id);
    // The mark is bound to its e-mail: for another account this browser is unknown.
    for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) await failure(attempt(other.email, 'sbagliata', now));
    expect((await failure(fromBrowser(other.email, TEST_PASSWORD, ownBrowser, now))).status).toBe(429);
    // A forged or truncated mark is an unknown browser too.
    const forged = `${ownBrowser!.slice(0, 17)}${'A'.repeat(43)}`;
    expect((await failure(fromBrowser(other.email, TEST_PASSWORD, forged, now))).status).toBe(429);
  });
});

describe('POST /api/users/login during the delay', () => {
  it('answers 429 with the Italian message and no reopening time, for a known and an unknown e-mail alike', async () => {
    const user = await makeAccount();
    for (const email of [user.email, `nessuno-${user.id}@prova.test`]) {
      for (let failed = 1; failed <= LOGIN_DELAY.freeFailures; failed++) {
        const wrong = await callApi(dispatch, 'POST', '/users/login', { body: { email, password: 'sbagliata' } });
        expect(expectErrorAnswer(wrong, 400)).toBe(INVALID_CREDENTIALS);
      }
      const response = await dispatch(apiRequest('POST', '/users/login', { body: { email, password: TEST_PASSWORD } }));
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBeNull();
      const body = (await response.json()) as { error: string };
      expect(body.error).toBe(LOGIN_DELAY_MESSAGE);
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
