import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { loginTokens } from '@/db/schema';
import { INVALID_LOGIN_LINK, LOGIN_TOKEN_MINUTES, loginWithToken, mintLoginToken, resolveSession, type ClientInfo } from '@/lib/auth/service';
import { AppError } from '@/lib/errors';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { randomAddress } from '../helpers/legacy-api';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const client = (): ClientInfo => ({ ip: randomAddress(), userAgent: 'piattaforma' });

async function makeAccount() {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id);
  return { campsite, user };
}

async function failure(attempt: Promise<unknown>): Promise<AppError> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('one-time login tokens', () => {
  it('mints a short-lived token for a known e-mail, whatever its case', async () => {
    const { user } = await makeAccount();
    const before = Date.now();
    const { token, expiresAt } = await mintLoginToken(db, ` ${user.email.toUpperCase()} `);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(expiresAt.getTime()).toBeGreaterThan(before);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + LOGIN_TOKEN_MINUTES * 60_000);
  });

  it('logs in once; the second use fails with the Italian message', async () => {
    const { campsite, user } = await makeAccount();
    const { token } = await mintLoginToken(db, user.email);

    const opened = await loginWithToken(db, token, 'api', client());
    expect(opened.user.id).toBe(user.id);
    const tenant = await resolveSession(db, { bearer: opened.secret! }, { production: true });
    expect(tenant).toMatchObject({ campsiteId: campsite.id, userId: user.id });

    const second = await failure(loginWithToken(db, token, 'api', client()));
    expect(second.kind).toBe('bad_request');
    expect(second.message).toBe(INVALID_LOGIN_LINK);
    expect(second.message).toBe('Il link di accesso non è valido, è scaduto oppure è già stato usato.');
  });

  it('lets exactly one of two concurrent uses succeed', async () => {
    const { user } = await makeAccount();
    const { token } = await mintLoginToken(db, user.email);

    const results = await Promise.allSettled([loginWithToken(db, token, 'web', client()), loginWithToken(db, token, 'web', client())]);
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect(failed[0].reason).toBeInstanceOf(AppError);
    expect((failed[0].reason as AppError).message).toBe(INVALID_LOGIN_LINK);
  });

  it('refuses an expired token', async () => {
    const { user } = await makeAccount();
    const { token } = await mintLoginToken(db, user.email);
    await db
      .update(loginTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(loginTokens.userId, user.id));

    const error = await failure(loginWithToken(db, token, 'web', client()));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe(INVALID_LOGIN_LINK);
  });

  it('refuses a token that was never minted', async () => {
    const error = await failure(loginWithToken(db, 'token-mai-emesso', 'web', client()));
    expect(error.message).toBe(INVALID_LOGIN_LINK);
  });

  it('answers not_found when minting for an unknown e-mail', async () => {
    const { user } = await makeAccount();
    const error = await failure(mintLoginToken(db, `nessuno-${user.id}@prova.test`));
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('Nessun utente del CRM con questa e-mail.');
  });
});
