import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client';
import { INVALID_CREDENTIALS, INVALID_LOGIN_LINK, mintLoginToken } from '@/lib/auth/service';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { buildOpenApiDocument } from '@/lib/legacy-api/openapi';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser, TEST_PASSWORD } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

const PLATFORM_KEY = 'test-platform-key-0123456789';

let db: Database;
let dispatch: Dispatch;
beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

type LegacyUser = { _id: string; email: string; name: string; camping: string; packLevel: number; isAdmin: boolean; __v: number };
type SessionAnswer = { token: string; user: LegacyUser };

async function makeAccount(values: { isAdmin?: boolean; packLevel?: number } = {}) {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, values);
  return { campsite, user };
}

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  return [];
}

describe('POST /api/users/login', () => {
  it('answers the token and the legacy user, without any password field', async () => {
    const { campsite, user } = await makeAccount({ isAdmin: true, packLevel: 10 });
    const answer = await callApi(dispatch, 'POST', '/users/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(answer.status, answer.text).toBe(200);

    const { token, user: legacy } = answer.json as SessionAnswer;
    expect(token).toEqual(expect.any(String));
    expect(legacy).toMatchObject({
      _id: user.id,
      email: user.email,
      name: user.name,
      camping: campsite.id,
      packLevel: 10,
      isAdmin: true,
      __v: expect.any(Number),
    });
    expect(allKeys(answer.json).filter((key) => /pass|hash/i.test(key))).toEqual([]);
    expect(answer.text).not.toContain(user.passwordHash);
    expect(answer.text).not.toContain('$argon2');
  });

  it('answers 400 with the Italian message to a wrong password', async () => {
    const { user } = await makeAccount();
    const answer = await callApi(dispatch, 'POST', '/users/login', { body: { email: user.email, password: 'Password-sbagliata-1!' } });
    expect(expectErrorAnswer(answer, 400)).toBe(INVALID_CREDENTIALS);
    expect(answer.json).not.toHaveProperty('token');
  });
});

describe('POST /api/users/logout', () => {
  it('ends the session: the same bearer is refused afterwards', async () => {
    const { user } = await makeAccount();
    const token = await loginViaApi(dispatch, user.email);
    expect((await callApi(dispatch, 'POST', '/getCamping/all', { token })).status).toBe(200);

    const logout = await callApi(dispatch, 'POST', '/users/logout', { token });
    expect(logout.status, logout.text).toBe(200);

    expectErrorAnswer(await callApi(dispatch, 'POST', '/getCamping/all', { token }), 401);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/logout', { token }), 401);
  });
});

describe('one-time logins for the booking platform', () => {
  it('POST /api/users/loginToken logs in once with a minted token, then answers 400', async () => {
    const { campsite, user } = await makeAccount();
    const { token: uuid } = await mintLoginToken(db, user.email);

    const first = await callApi(dispatch, 'POST', '/users/loginToken', { body: { uuid } });
    expect(first.status, first.text).toBe(200);
    const opened = first.json as SessionAnswer;
    expect(opened.token).toEqual(expect.any(String));
    expect(opened.user).toMatchObject({ _id: user.id, email: user.email, camping: campsite.id });
    expect((await callApi(dispatch, 'POST', '/getCamping/all', { token: opened.token })).status).toBe(200);

    const second = await callApi(dispatch, 'POST', '/users/loginToken', { body: { uuid } });
    expect(expectErrorAnswer(second, 400)).toBe(INVALID_LOGIN_LINK);
  });

  it('POST /api/users/createLoginToken with the platform key answers { uuid, url } that logs the user in', async () => {
    const { user } = await makeAccount();
    const answer = await callApi(dispatch, 'POST', '/users/createLoginToken', {
      headers: { 'x-api-key': PLATFORM_KEY },
      body: { email: user.email },
    });
    expect(answer.status, answer.text).toBe(200);
    const { uuid, url } = answer.json as { uuid: string; url: string };
    expect(uuid).toEqual(expect.any(String));
    expect(url.endsWith(`/loginCV/${uuid}`)).toBe(true);
    expect(() => new URL(url)).not.toThrow();

    const login = await callApi(dispatch, 'POST', '/users/loginToken', { body: { uuid } });
    expect((login.json as SessionAnswer).user?._id).toBe(user.id);
  });

  it('answers 401 to a wrong or missing platform key and 404 to an unknown e-mail', async () => {
    const { user } = await makeAccount();
    const body = { email: user.email };
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/createLoginToken', { headers: { 'x-api-key': 'chiave-sbagliata-0123456789' }, body }), 401);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/createLoginToken', { body }), 401);
    // A user's bearer is not the platform's key.
    const token = await loginViaApi(dispatch, user.email);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/createLoginToken', { token, body }), 401);

    const unknown = await callApi(dispatch, 'POST', '/users/createLoginToken', {
      headers: { 'x-api-key': PLATFORM_KEY },
      body: { email: `nessuno-${user.id}@prova.test` },
    });
    expectErrorAnswer(unknown, 404);
  });

  it('answers 503 in Italian when the server has no platform key configured', async () => {
    const { user } = await makeAccount();
    vi.resetModules();
    vi.stubEnv('BOOKING_PLATFORM_API_KEY', '');
    try {
      const { createDispatcher: createFreshDispatcher } = await import('@/lib/legacy-api/dispatcher');
      const { legacyRoutes: freshRoutes } = await import('@/lib/legacy-api/routes');
      const unconfigured = createFreshDispatcher(freshRoutes, () => db);
      const answer = await callApi(unconfigured, 'POST', '/users/createLoginToken', {
        headers: { 'x-api-key': PLATFORM_KEY },
        body: { email: user.email },
      });
      expect(expectErrorAnswer(answer, 503)).toMatch(/non configurato.*BOOKING_PLATFORM_API_KEY/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('users of the campsite', () => {
  it('GET /api/users/all is for admins, and lists only the admin’s campsite', async () => {
    const { campsite, user: admin } = await makeAccount({ isAdmin: true, packLevel: 10 });
    const colleague = await makeUser(db, campsite.id, { isAdmin: false, packLevel: 10 });
    const other = await makeAccount({ isAdmin: true, packLevel: 10 });
    const otherColleague = await makeUser(db, other.campsite.id);

    const denied = await callApi(dispatch, 'GET', '/users/all', { token: await loginViaApi(dispatch, colleague.email) });
    expect(expectErrorAnswer(denied, 403)).toBe('Operazione riservata agli amministratori.');

    const listed = await callApi(dispatch, 'GET', '/users/all', { token: await loginViaApi(dispatch, admin.email) });
    expect(listed.status, listed.text).toBe(200);
    const legacy = listed.json as LegacyUser[];
    expect(legacy.map((entry) => entry._id).sort()).toEqual([admin.id, colleague.id].sort());
    expect(legacy.every((entry) => entry.camping === campsite.id)).toBe(true);
    expect(listed.text).not.toContain(other.user.id);
    expect(listed.text).not.toContain(otherColleague.email);
    expect(allKeys(listed.json).filter((key) => /pass|hash/i.test(key))).toEqual([]);
  });

  it('POST /api/users creates a colleague named after the e-mail', async () => {
    const { campsite, user: admin } = await makeAccount({ isAdmin: true, packLevel: 10 });
    const token = await loginViaApi(dispatch, admin.email);
    const email = `nuovo-${admin.id.toLowerCase()}@prova.test`;

    const created = await callApi(dispatch, 'POST', '/users', { token, body: { email, password: 'Una-password-lunga-1', camping: campsite.id } });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ email, name: email, camping: campsite.id, isAdmin: false });
    expect(allKeys(created.json).filter((key) => /pass|hash/i.test(key))).toEqual([]);

    // The new colleague can log in with the password the admin chose.
    await loginViaApi(dispatch, email, 'Una-password-lunga-1');

    const duplicate = await callApi(dispatch, 'POST', '/users', { token, body: { email, password: 'Una-password-lunga-2', camping: campsite.id } });
    expect(expectErrorAnswer(duplicate, 409)).toBe('Esiste già un utente con questa e-mail.');
  });

  it('POST /api/users refuses another campsite and non-admins', async () => {
    const { user: admin } = await makeAccount({ isAdmin: true, packLevel: 10 });
    const other = await makeAccount({ isAdmin: true, packLevel: 10 });
    const token = await loginViaApi(dispatch, admin.email);
    const email = `intruso-${admin.id.toLowerCase()}@prova.test`;

    const foreign = await callApi(dispatch, 'POST', '/users', { token, body: { email, password: 'Una-password-lunga-1', camping: other.campsite.id } });
    // Another campsite answers as if it did not exist (issue 9: 404 and nothing changes).
    expect(expectErrorAnswer(foreign, 404)).toBe('Campeggio non trovato.');

    const colleague = await makeUser(db, admin.campingId, { isAdmin: false, packLevel: 10 });
    const byColleague = await callApi(dispatch, 'POST', '/users', {
      token: await loginViaApi(dispatch, colleague.email),
      body: { email, password: 'Una-password-lunga-1' },
    });
    expectErrorAnswer(byColleague, 403);

    // Neither attempt created the user.
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/login', { body: { email, password: 'Una-password-lunga-1' } }), 400);
  });
});

describe('pack levels', () => {
  it('refuses pack-10 calls to a pack-level-0 user but lets them log out', async () => {
    const { user } = await makeAccount({ packLevel: 0 });
    const token = await loginViaApi(dispatch, user.email);

    const denied = await callApi(dispatch, 'POST', '/getCamping/all', { token });
    expect(expectErrorAnswer(denied, 403)).toBe('Il tuo account non ha accesso a questa funzione.');

    const logout = await callApi(dispatch, 'POST', '/users/logout', { token });
    expect(logout.status, logout.text).toBe(200);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/logout', { token }), 401);
  });
});

describe('POST /api/getCamping/all', () => {
  it('answers only the caller’s campsite, with urlToCV NON DEFINITO and the Mailjet secret masked', async () => {
    const secret = 'segreto-mailjet-da-non-mostrare';
    const campsite = await makeCampsite(db, { mailjetApiKey: 'chiave-pubblica', mailjetSecret: secret });
    const user = await makeUser(db, campsite.id);
    const other = await makeCampsite(db, { urlToCv: 'https://altro.example' });

    const answer = await callApi(dispatch, 'POST', '/getCamping/all', { token: await loginViaApi(dispatch, user.email) });
    expect(answer.status, answer.text).toBe(200);
    const list = answer.json as { _id: string; name: string; urlToCV: string; MailjetAPI: string | null; MailjetSecret: string | null }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: campsite.id, name: campsite.name, urlToCV: 'NON DEFINITO', MailjetAPI: 'impostata (…lica)' });
    expect(list[0].MailjetSecret).toEqual(expect.any(String));
    expect(list[0].MailjetSecret).not.toBe(secret);
    expect(answer.text).not.toContain(secret);
    expect(answer.text).not.toContain(other.id);
  });
});

describe('POST /api/getGitVersion', () => {
  it('answers the version without a token', async () => {
    const answer = await callApi(dispatch, 'POST', '/getGitVersion');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ version: expect.stringMatching(/\S/) });
  });
});

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(legacyRoutes);
  type Operation = { security: unknown; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };
  const operationOf = (method: string, path: string) => (document.paths[`/api${path}`] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

  it('is OpenAPI 3.1 with one operation per served call', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((entry) => Object.keys(entry));
    expect(operations).toHaveLength(legacyRoutes.length);
    for (const route of legacyRoutes) expect(operationOf(route.method, route.path), `${route.method} ${route.path}`).toBeDefined();
    expect(operationOf('GET', '/users/all')).toBeDefined();
    expect(operationOf('POST', '/users/all')).toBeUndefined();
  });

  it('marks bearer calls with the bearer security scheme and public ones with none', () => {
    for (const route of legacyRoutes) {
      const { security } = operationOf(route.method, route.path)!;
      if (route.auth === 'bearer') expect(security, route.path).toEqual([{ bearer: [] }]);
      if (route.auth === 'public') expect(security, route.path).toEqual([]);
    }
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes every request body with a JSON schema', () => {
    const withBody = legacyRoutes.filter((route) => route.body);
    expect(withBody.length).toBeGreaterThan(0);
    for (const route of withBody) {
      const schema = operationOf(route.method, route.path)?.requestBody?.content['application/json']?.schema;
      expect(schema, route.path).toMatchObject({ type: 'object', properties: expect.any(Object) });
    }
    const login = operationOf('POST', '/users/login')!.requestBody!.content['application/json'].schema;
    expect(Object.keys(login.properties as object).sort()).toEqual(['email', 'password']);
  });
});
