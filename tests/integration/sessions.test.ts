import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { loginTokens, sessions } from '@/db/schema';
import { loginWithPassword, mintLoginToken, resolveSession, revokeSession, type SessionKind } from '@/lib/auth/service';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, TEST_PASSWORD } from '../helpers/fixtures';
import { randomAddress } from '../helpers/legacy-api';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const REMOTE = { hostname: 'crm.example.com', production: true };

async function openSession(kind: SessionKind, values: { packLevel?: number; isAdmin?: boolean } = {}) {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, values);
  const opened = await loginWithPassword(db, { email: user.email, password: TEST_PASSWORD, kind }, { ip: randomAddress(), userAgent: 'vitest' });
  return { campsite, user, opened };
}

describe('resolveSession', () => {
  it('resolves the bearer of an API session until it is revoked', async () => {
    const { campsite, user, opened } = await openSession('api');
    const tenant = await resolveSession(db, { bearer: opened.secret! }, REMOTE);
    expect(tenant).toMatchObject({ campsiteId: campsite.id, userId: user.id, sessionId: opened.sessionId });

    await revokeSession(db, tenant!);
    expect(await resolveSession(db, { bearer: opened.secret! }, REMOTE)).toBeNull();
    const [row] = await db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, opened.sessionId));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it('does not let one campsite revoke another campsite’s session', async () => {
    const { opened } = await openSession('api');
    const other = await makeCampsite(db);
    await revokeSession(db, { sessionId: opened.sessionId, campsiteId: other.id });
    expect(await resolveSession(db, { bearer: opened.secret! }, REMOTE)).not.toBeNull();
  });

  it('refuses an expired session', async () => {
    const { opened } = await openSession('api');
    expect(await resolveSession(db, { bearer: opened.secret! }, REMOTE)).not.toBeNull();

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, opened.sessionId));
    expect(await resolveSession(db, { bearer: opened.secret! }, REMOTE)).toBeNull();
  });

  it('refuses an expired web session too', async () => {
    const { opened } = await openSession('web');
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.id, opened.sessionId));
    expect(await resolveSession(db, { sessionId: opened.sessionId }, REMOTE)).toBeNull();
  });

  it('resolves a web session by id only, never as a bearer', async () => {
    const { user, opened } = await openSession('web');
    expect(opened.secret).toBeNull();
    expect(await resolveSession(db, { sessionId: opened.sessionId }, REMOTE)).toMatchObject({ userId: user.id });
    expect(await resolveSession(db, { bearer: opened.sessionId }, REMOTE)).toBeNull();
  });

  it('does not resolve an API session by its id (the cookie path is for web sessions)', async () => {
    const { opened } = await openSession('api');
    expect(await resolveSession(db, { sessionId: opened.sessionId }, REMOTE)).toBeNull();
    expect(await resolveSession(db, { bearer: opened.secret! }, REMOTE)).not.toBeNull();
  });

  it('refuses unknown keys', async () => {
    expect(await resolveSession(db, { bearer: 'token-inventato' }, REMOTE)).toBeNull();
    expect(await resolveSession(db, { bearer: '' }, REMOTE)).toBeNull();
    expect(await resolveSession(db, { sessionId: 'sessione-inventata' }, REMOTE)).toBeNull();
  });

  it('treats a pack-level-0 user as level 10 on localhost, outside production only', async () => {
    const { opened } = await openSession('api', { packLevel: 0 });
    const bearer = { bearer: opened.secret! };

    expect((await resolveSession(db, bearer, { hostname: 'localhost', production: false }))?.packLevel).toBe(10);
    expect((await resolveSession(db, bearer, { hostname: 'localhost', production: true }))?.packLevel).toBe(0);
    expect((await resolveSession(db, bearer, { hostname: 'crm.example.com', production: false }))?.packLevel).toBe(0);
    expect((await resolveSession(db, bearer, { production: false }))?.packLevel).toBe(0);
  });
});

describe('stored secrets', () => {
  it('keeps only a hash of the bearer token in sessions', async () => {
    const { opened } = await openSession('api');
    const bearer = opened.secret!;
    const [row] = await db.select().from(sessions).where(eq(sessions.id, opened.sessionId));
    expect(row.tokenHash).toEqual(expect.any(String));
    expect(row.tokenHash).not.toBe(bearer);
    expect(JSON.stringify(row)).not.toContain(bearer);
  });

  it('keeps only a hash of the one-time login token in login_tokens', async () => {
    const { user } = await openSession('web');
    const { token } = await mintLoginToken(db, user.email);
    const rows = await db.select().from(loginTokens).where(eq(loginTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });
});
