import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { userLogins, users } from '@/db/schema';
import { LOGIN_DELAY_MESSAGE } from '@/lib/auth/login-delay';
import { INVALID_CREDENTIALS, loginWithPassword, resolveSession, type ClientInfo } from '@/lib/auth/service';
import { AppError } from '@/lib/errors';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, TEST_PASSWORD } from '../helpers/fixtures';
import { randomAddress } from '../helpers/legacy-api';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

/** Each test logs in from its own address, so the per-address limit never spills over. */
const newClient = (): ClientInfo => ({ ip: randomAddress(), userAgent: 'vitest' });
const REMOTE = { hostname: 'crm.example.com', production: true };

/** The AppError a login attempt fails with (the test fails if it does not fail). */
async function failure(attempt: Promise<unknown>): Promise<AppError> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function makeAccount(values: Partial<typeof users.$inferInsert> = {}) {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, values);
  return { campsite, user };
}

describe('loginWithPassword', () => {
  it('opens a session that resolves to the user’s own tenant', async () => {
    const { campsite, user } = await makeAccount({ isAdmin: true, packLevel: 10 });
    const opened = await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'api' }, newClient());
    expect(opened.secret).toEqual(expect.any(String));

    const tenant = await resolveSession(db, { bearer: opened.secret! }, REMOTE);
    expect(tenant).toEqual({
      campsiteId: campsite.id,
      userId: user.id,
      email: user.email,
      isAdmin: true,
      isOperator: false,
      packLevel: 10,
      sessionId: opened.sessionId,
    });
  });

  it('keeps a non-admin, pack-level-0 user as such', async () => {
    const { campsite, user } = await makeAccount({ isAdmin: false, packLevel: 0 });
    const opened = await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, newClient());
    expect(opened.secret).toBeNull();

    const tenant = await resolveSession(db, { sessionId: opened.sessionId }, REMOTE);
    expect(tenant).toMatchObject({ campsiteId: campsite.id, userId: user.id, isAdmin: false, packLevel: 0 });
  });

  it('ignores case and surrounding spaces in the e-mail', async () => {
    const { user } = await makeAccount();
    const opened = await loginWithPassword(db, { email: `  ${user.email.toUpperCase()}  `, password: TEST_PASSWORD, kind: 'api' }, newClient());
    expect(opened.user.id).toBe(user.id);
  });

  it('gives the same error for an unknown e-mail and for a wrong password', async () => {
    const { user } = await makeAccount();
    const unknown = await failure(
      loginWithPassword(db, { email: `nessuno-${user.id}@prova.test`, password: TEST_PASSWORD, kind: 'web' }, newClient()),
    );
    const wrong = await failure(loginWithPassword(db, { email: user.email, password: 'Password-sbagliata-1!', kind: 'web' }, newClient()));

    expect(unknown.kind).toBe('bad_request');
    expect(wrong.kind).toBe('bad_request');
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.message).toBe(INVALID_CREDENTIALS);
    expect(wrong.message).toBe('E-mail o password non corretti.');
  });

  it('refuses the 6th attempt on an e-mail after 5 failures, even with the right password', async () => {
    const { user } = await makeAccount();
    const client = newClient();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const error = await failure(loginWithPassword(db, { email: user.email, password: `sbagliata-${attempt}`, kind: 'web' }, client));
      expect(error.kind, `tentativo ${attempt}`).toBe('bad_request');
    }

    // From another address too: the delay belongs to the e-mail (for browsers it has not seen log in).
    const refused = await failure(loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, newClient()));
    expect(refused.kind).toBe('rate_limited');
    expect(refused.status).toBe(429);
    // login-delay.test.ts follows the wait further, and the known browser beside it.
    expect(refused.message).toBe(LOGIN_DELAY_MESSAGE);
  });

  it('limits one address after 20 failures across many e-mails', async () => {
    const { user } = await makeAccount();
    const client = newClient();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const error = await failure(
        loginWithPassword(db, { email: `sconosciuto-${attempt}-${user.id}@prova.test`, password: 'qualcosa', kind: 'web' }, client),
      );
      expect(error.kind, `tentativo ${attempt}`).toBe('bad_request');
    }

    const refused = await failure(loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, client));
    expect(refused.kind).toBe('rate_limited');
    expect(refused.message).toContain('Troppi tentativi');

    // The same user from another address is not affected.
    const opened = await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, newClient());
    expect(opened.user.id).toBe(user.id);
  });

  it('clears the e-mail’s failures after a successful login', async () => {
    const { user } = await makeAccount();
    const client = newClient();
    const failFourTimes = async () => {
      for (let attempt = 1; attempt <= 4; attempt++) {
        const error = await failure(loginWithPassword(db, { email: user.email, password: `sbagliata-${attempt}`, kind: 'web' }, client));
        expect(error.kind, `tentativo ${attempt}`).toBe('bad_request');
      }
    };

    await failFourTimes();
    await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, client);
    await failFourTimes();
    const opened = await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, client);
    expect(opened.user.id).toBe(user.id);
  });

  it('records the login: lastLoginAt and a user_logins row', async () => {
    const { campsite, user } = await makeAccount();
    expect(user.lastLoginAt).toBeNull();
    const client = newClient();
    const before = Date.now();

    await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'web' }, client);
    await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind: 'api' }, client);

    const [stored] = await db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect(stored.lastLoginAt).toBeInstanceOf(Date);
    expect(stored.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const logins = await db
      .select({ method: userLogins.method, ip: userLogins.ip, campingId: userLogins.campingId })
      .from(userLogins)
      .where(eq(userLogins.userId, user.id));
    expect(logins).toHaveLength(2);
    expect(logins.map((row) => row.method).sort()).toEqual(['api', 'password']);
    for (const row of logins) expect(row).toMatchObject({ ip: client.ip, campingId: campsite.id });
  });

  it('records nothing for a failed login', async () => {
    const { user } = await makeAccount();
    await failure(loginWithPassword(db, { email: user.email, password: 'sbagliata', kind: 'web' }, newClient()));
    const [stored] = await db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect(stored.lastLoginAt).toBeNull();
    expect(await db.select().from(userLogins).where(eq(userLogins.userId, user.id))).toHaveLength(0);
  });
});
