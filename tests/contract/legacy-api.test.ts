import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { resolveSession } from '@/lib/auth/service';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type ApiAnswer, type Dispatch } from '../helpers/legacy-api';
import { makeCallWorld, PLATFORM_KEY } from '../helpers/call-world';
import { makeCampsiteRows } from '../helpers/legacy-rows';
import { validBody, validPath } from '../helpers/valid-calls';

/** One call of docs/legacy-api.json, the contract the booking platform and the old front end use. */
type ContractCall = { group: string; method: 'GET' | 'POST'; path: string; auth: 'bearer' | 'public'; body?: string[] };
type ContractFile = { count: number; groups: Record<string, Omit<ContractCall, 'group'>[]> };

const contract = JSON.parse(readFileSync(new URL('../../docs/legacy-api.json', import.meta.url), 'utf8')) as ContractFile;
/**
 * Calls served with another auth than the contract's, each for a reason the contract itself gives:
 * GET /getImage/{id} is bearer in the list, but its note asks that an image in a sent mail load
 * for its recipient, who has no token (docs/decisions/008-public-images.md).
 */
const AUTH_OVERRIDES: Record<string, ContractCall['auth']> = { 'GET /getImage/{id}': 'public' };
const calls: ContractCall[] = Object.entries(contract.groups).flatMap(([group, list]) =>
  list.map((call) => ({ group, ...call, auth: AUTH_OVERRIDES[`${call.method} ${call.path}`] ?? call.auth })),
);

/** Method and path with every {param} made anonymous: '/getCamping/{id}' and '/getCamping/{idCamping}' are the same call. */
const shape = (method: string, path: string) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;
/** Served on top of the contract: the booking platform mints one-time logins with its x-api-key. */
const EXTRA_CALLS = new Set(['POST /users/createLoginToken']);

const contractShapes = new Set(calls.map((call) => shape(call.method, call.path)));
const tableShapes = new Set(legacyRoutes.map((route) => shape(route.method, route.path)));
const served = calls.filter((call) => tableShapes.has(shape(call.method, call.path)));

const withParams = (path: string, value: string) => path.replace(/\{\w+\}/g, value);

/** Bodies a careless or hostile client may send; none of them may break the server. */
function bodyVariants(call: ContractCall): { label: string; body?: string }[] {
  const big = 'x'.repeat(100 * 1024);
  const keys = call.body?.length ? call.body : ['email'];
  return [
    { label: 'nessun corpo' },
    { label: '{}', body: '{}' },
    { label: 'null', body: 'null' },
    { label: '[]', body: '[]' },
    { label: 'una stringa', body: '"testo"' },
    { label: 'un numero', body: '42' },
    { label: 'email numerica', body: '{"email": 5}' },
    { label: 'JSON rotto', body: '{malformed' },
    { label: 'valori da 100 KB', body: JSON.stringify(Object.fromEntries(keys.map((key) => [key, big]))) },
  ];
}

let db: Database;
let dispatch: Dispatch;
let adminEmail: string;
let adminToken: string;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
  const campsite = await makeCampsite(db);
  const admin = await makeUser(db, campsite.id, { isAdmin: true, packLevel: 10 });
  adminEmail = admin.email;
  adminToken = await loginViaApi(dispatch, adminEmail);
});

/** A valid admin bearer: a call like /users/logout ends the session, so log in again when needed. */
async function validAdminToken(): Promise<string> {
  const alive = await resolveSession(db, { bearer: adminToken }, { hostname: 'crm.example.test', production: true });
  if (!alive) adminToken = await loginViaApi(dispatch, adminEmail);
  return adminToken;
}

const routeOf = (method: string, path: string) => legacyRoutes.find((route) => shape(route.method, route.path) === shape(method, path));

/** A 2xx JSON answer is what the OpenAPI document says: the route's `response` schema parses it. */
function expectResponseShape(route: Endpoint | undefined, answer: ApiAnswer, what: string) {
  if (!route?.response || answer.status < 200 || answer.status >= 300 || !answer.contentType.includes('application/json')) return;
  const parsed = route.response.safeParse(answer.json);
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 5), `${what}: ${answer.text.slice(0, 300)}`).toEqual([]);
}

function expectNoServerError(answer: ApiAnswer, what: string, route?: Endpoint) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expectResponseShape(route, answer, what);
  // A success may be a file (the CSV export); a refusal is always the JSON error shape.
  if (answer.status >= 400) {
    expect(answer.contentType, what).toContain('application/json');
    expect(answer.json, what).toMatchObject({ error: expect.any(String) });
  }
}

describe('docs/legacy-api.json', () => {
  it('lists the 162 calls it announces, each once', () => {
    expect(calls).toHaveLength(contract.count);
    expect(contract.count).toBe(162);
    expect(contractShapes.size).toBe(calls.length);
  });
});

describe.each(served.map((call) => [`${call.method} ${call.path}`, call] as const))('%s', (_name, call) => {
  const path = withParams(call.path, 'inesistente');

  if (call.auth === 'bearer') {
    it('answers 401 JSON without a token or with a garbage one', async () => {
      const options = call.method === 'POST' ? { body: '{}' } : {};
      expectErrorAnswer(await callApi(dispatch, call.method, path, options), 401);
      expectErrorAnswer(await callApi(dispatch, call.method, path, { ...options, token: 'token-spazzatura' }), 401);
      expectErrorAnswer(
        await callApi(dispatch, call.method, path, { ...options, headers: { authorization: 'Basic dXRlbnRlOnBhc3N3b3Jk' } }),
        401,
      );
    });
  } else {
    it('answers without a token (public call)', async () => {
      const answer = await callApi(dispatch, call.method, path, call.method === 'POST' ? { body: '{}' } : {});
      expect(answer.status, answer.text).not.toBe(401);
      expectNoServerError(answer, 'senza token', routeOf(call.method, call.path));
    });
  }

  it('never answers 5xx to odd bodies or path parameters, with a valid admin token', async () => {
    // Path parameters: an unknown id, quotes and '<' percent-encoded, and a broken percent escape.
    const paths = /\{\w+\}/.test(call.path) ? ['inesistente', '%27%22%3C', '%E0%A4%A'].map((value) => withParams(call.path, value)) : [call.path];
    // A GET request cannot carry a body: only the path varies.
    const bodies = call.method === 'GET' ? [{ label: 'nessun corpo' }] : bodyVariants(call);
    for (const concretePath of paths) {
      for (const { label, body } of bodies) {
        const token = await validAdminToken();
        const answer = await callApi(dispatch, call.method, concretePath, { token, body });
        expectNoServerError(answer, `${call.method} ${concretePath} con ${label}`, routeOf(call.method, call.path));
      }
    }
  });
});

describe('the dispatcher', () => {
  it('answers 404 JSON to an unknown call', async () => {
    const message = expectErrorAnswer(await callApi(dispatch, 'POST', '/chiamataInesistente', { body: '{}' }), 404);
    expect(message).toContain('Chiamata API sconosciuta');
    expectErrorAnswer(await callApi(dispatch, 'GET', '/users/login/altro'), 404);
  });

  it('answers 405 JSON to a known path with the wrong method', async () => {
    const message = expectErrorAnswer(await callApi(dispatch, 'GET', '/users/login'), 405);
    expect(message).toContain('non ammesso');
    expectErrorAnswer(await callApi(dispatch, 'POST', '/users/all', { body: '{}' }), 405);
  });

  it('serves only calls of the contract, plus the platform’s createLoginToken', () => {
    const outside = [...tableShapes].filter((entry) => !contractShapes.has(entry) && !EXTRA_CALLS.has(entry));
    expect(outside).toEqual([]);
    // Each entry of the table is one call: no call is declared twice.
    expect(tableShapes.size).toBe(legacyRoutes.length);
    const legacyEntries = legacyRoutes.filter((route) => contractShapes.has(shape(route.method, route.path)));
    expect(served.length).toBe(legacyEntries.length);
    // The same auth as the contract for every served call.
    for (const call of served) {
      const route = legacyRoutes.find((entry) => shape(entry.method, entry.path) === shape(call.method, call.path))!;
      expect(route.auth, `${call.method} ${call.path}`).toBe(call.auth);
    }
    console.log(`served ${served.length} of ${calls.length}`);
  });
});

describe('the response schemas (the OpenAPI document’s answers)', () => {
  it('exist for every entry of the route table', () => {
    expect(legacyRoutes.filter((route) => !route.response).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});

/**
 * Calls a valid request cannot bring to a 2xx in this file, and why; they must answer the status
 * given. Every other entry of the table, today's and those added later, must answer 2xx to the
 * valid call that tests/helpers/valid-calls.ts builds from its schema.
 */
const NOT_SERVED_HERE: Record<string, { status: number[]; reason: string }> = {
  'POST /gmailCrm/getAccessToken': { status: [409], reason: 'no Gmail mailbox bound: tests/integration/legacy-gmail-api.test.ts binds one with the Google stand-in' },
  'POST /gmail/getEmails': { status: [409], reason: 'the same' },
  'POST /gmail/makeReadEmail/{id}': { status: [404], reason: 'the same: there is no Gmail message to name' },
  'POST /gmail/sendEmail': { status: [409], reason: 'the same' },
  'POST /bindGmail': { status: [409], reason: 'GOOGLE_CLIENT_ID is not configured here: the OAuth flow needs the Google stand-in' },
};

describe('a valid call of every entry of the route table', () => {
  let valid: Awaited<ReturnType<typeof makeCallWorld>>;

  beforeAll(async () => {
    valid = await makeCallWorld(db, dispatch);
  });

  async function tokenOf(role: 'admin' | 'operator'): Promise<string> {
    const alive = await resolveSession(db, { bearer: valid.tokens[role] }, { hostname: 'crm.example.test', production: true });
    if (!alive) valid.tokens[role] = await loginViaApi(dispatch, valid[role].email);
    return valid.tokens[role];
  }

  // Deleting calls last: the others still find the rows they name.
  const ordered = [...legacyRoutes].sort((a, b) => Number(/delete/i.test(a.path)) - Number(/delete/i.test(b.path)));

  it.each(ordered.map((route) => [`${route.method} ${route.path}`, route] as const))('%s answers 2xx in its response schema', async (name, route) => {
    // Fresh rows for each deleting call: an earlier call may have deleted or booked them.
    if (/delete/i.test(route.path)) valid.world.rows = await makeCampsiteRows(db, dispatch, await tokenOf('admin'));
    const world = route.operatorOnly ? valid.operatorWorld : valid.world;
    const auth =
      route.auth === 'platform-key'
        ? { headers: { 'x-api-key': PLATFORM_KEY } }
        : route.auth === 'bearer'
          ? { token: await tokenOf(route.operatorOnly ? 'operator' : 'admin') }
          : {};
    const answer = await callApi(dispatch, route.method, validPath(route, world), { ...auth, body: validBody(route, world) });
    const expected = NOT_SERVED_HERE[name]?.status ?? [200];
    expect(expected, `${name} → ${answer.status} ${answer.text.slice(0, 300)}`).toContain(answer.status);
    expectResponseShape(route, answer, name);
  });
});
