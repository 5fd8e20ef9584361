import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { resolveSession } from '@/lib/auth/service';
import { API_PREFIX, createDispatcher } from '@/lib/legacy-api/dispatcher';
import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { createMatcher } from '@/lib/legacy-api/match';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { makeCallWorld, PLATFORM_KEY } from '../helpers/call-world';
import { pathParams } from '../helpers/hostile-input';
import { fieldValue, makeCampsiteRows } from '../helpers/legacy-rows';
import { API_ORIGIN, callApi, loginViaApi, type ApiAnswer, type Dispatch } from '../helpers/legacy-api';
import { toJsonSchema, type JsonSchema } from '../helpers/json-schema';
import { hostileArbitrary, validArbitrary } from '../helpers/schema-arbitrary';
import { validBody, type CallWorld } from '../helpers/valid-calls';

/**
 * Fuzz of every entry of the route table, complete by construction: for each call, seeded
 * fast-check inputs built from its own zod schemas (valid values, then valid values with one
 * hostile change: boundary and control-character strings, wrong types, missing or unknown keys),
 * plus fixed huge and deeply nested bodies. Whatever comes in: no answer >= 500, an input the
 * call's schemas refuse never gets a 2xx (it must be a 4xx), and a 2xx JSON answer fits the call's
 * `response` schema. Valid values name real rows of the caller's campsite (tests/helpers/legacy-rows.ts)
 * so that they get past the lookups; the summary line counts the cases and names the calls no input got a 2xx from.
 */

const SEED = 20_261_126;
const VALID_RUNS = 8;
const HOSTILE_RUNS = 12;
const DEPTH = 10_000;

let db: Database;
let dispatch: Dispatch;
let world: Awaited<ReturnType<typeof makeWorld>>;
const match = createMatcher(legacyRoutes);

type Role = 'admin' | 'operator';
type Case = { label: string; params: Record<string, string>; body?: string };
type Finding = { route: string; label: string; status: number; answer: string; nul: boolean; kind: 'server error' | 'invalid accepted' };

const totals = { endpoints: 0, cases: 0, succeeded: 0 };
/** Calls that never answered 2xx (a valid input can still stop at a lookup or a missing integration): the summary names them. */
const neverServed: string[] = [];
const findings: Finding[] = [];

async function makeWorld() {
  const made = await makeCallWorld(db, dispatch);
  const tokens: Record<Role, string> = { ...made.tokens };
  const emails: Record<Role, string> = { admin: made.admin.email, operator: made.operator.email };
  return { ...made, tokens, emails };
}

beforeAll(async () => {
  db = await useTestDatabase();
  // One token makes thousands of calls here: the per-token limit is tested elsewhere (legacy-api-limits).
  dispatch = createDispatcher(legacyRoutes, () => db, { tokenLimit: { points: 1_000_000, durationSeconds: 60 } });
  world = await makeWorld();
});

afterAll(() => {
  const serverErrors = findings.filter((finding) => finding.kind === 'server error');
  const accepted = findings.filter((finding) => finding.kind === 'invalid accepted');
  console.log(
    `legacy fuzz: ${totals.endpoints} endpoints, ${totals.cases} cases run (${totals.succeeded} answered 2xx), ${serverErrors.length} server errors, ${accepted.length} invalid inputs accepted`,
  );
  console.log(`never answered 2xx: ${neverServed.length} endpoints (${neverServed.join(', ')})`);
  const onlyNul = [...new Set(findings.map((finding) => finding.route))].filter((route) => findings.filter((finding) => finding.route === route).every((finding) => finding.nul));
  if (onlyNul.length) console.log(`failing only with U+0000: ${onlyNul.join(', ')}`);
});

const label = (route: Endpoint) => `${route.method} ${route.path}`;
/** An operator call runs as the provider's operator and names a spare campsite: with the campsite's own id it could delete the campsite the other calls use. */
const roleOf = (route: Endpoint): Role => (route.operatorOnly ? 'operator' : 'admin');
const poolFor = (route: Endpoint) => [world.colleague.id, ...Object.values(world.world.rows), ...WORDS, ...(route.operatorOnly ? [] : [world.campsite.id])];
/** Words some calls need (periods, buckets, public configuration groups, a thread name), mixed into the valid strings. */
const WORDS = ['mese', 'stagione', 'anno', 'giorno', 'settimana', 'formContatti', 'emailInvioPreventivi', '0', 'thread-prova'];

function concretePath(route: Endpoint, params: Record<string, string>): string | null {
  try {
    return route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
  } catch {
    return null; // A lone surrogate cannot be put in a URL.
  }
}

/** The parameters as strings: a path carries nothing else. */
const asParams = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item) ?? '']));

function randomCases(route: Endpoint): Case[] {
  const named: CallWorld = route.operatorOnly ? world.operatorWorld : world.world;
  const steering = { pool: poolFor(route), hint: (key: string) => fieldValue(route, key, named) };
  const names = pathParams(route);
  // The valid call of tests/helpers/valid-calls.ts: the first valid case, and the base of half the hostile ones.
  const knownParams = Object.fromEntries(names.map((name) => [name, String(fieldValue(route, name, named) ?? named.rows.contact)]));
  const knownBody = validBody(route, named);
  const paramsSchema: JsonSchema = route.params
    ? toJsonSchema(route.params)
    : { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])), required: names };
  const validParams = fc.oneof(fc.constant(knownParams), validArbitrary(paramsSchema, steering).map(asParams));
  const hostileParams = names.length ? hostileArbitrary(validParams).map(asParams) : validParams;
  const hasBody = route.method === 'POST' && route.body !== undefined;
  const validBodies = hasBody ? fc.oneof(fc.constant(knownBody), validArbitrary(toJsonSchema(route.body!), steering)) : fc.constant(undefined);
  const hostileBody = hasBody ? hostileArbitrary(validBodies) : validBodies;
  const encode = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  const seed = SEED + [...label(route)].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const valid: [Record<string, string>, unknown][] = [[knownParams, knownBody], ...fc.sample(fc.tuple(validParams, validBodies), { seed, numRuns: VALID_RUNS - 1 })];
  const hostile = fc.sample(
    fc.oneof(fc.tuple(hostileParams, validBodies), fc.tuple(validParams, hostileBody), fc.tuple(hostileParams, hostileBody)),
    { seed: seed + 1, numRuns: HOSTILE_RUNS },
  );
  return [
    ...valid.map(([params, body], index) => ({ label: `valido #${index}`, params, body: encode(body) })),
    ...hostile.map(([params, body], index) => ({ label: `ostile #${index}`, params, body: encode(body) })),
  ];
}

const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const DEEP_OBJECT = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
const FIVE_MEGABYTES = 'x'.repeat(5 * 1024 * 1024);
const LONG_ARRAY = JSON.stringify(Array.from({ length: 100_000 }, (_, index) => index));

/** Huge and deeply nested bodies, and a few classics, the same for every call. */
function fixedCases(route: Endpoint): Case[] {
  const names = pathParams(route);
  const params = Object.fromEntries(names.map((name) => [name, world.colleague.id]));
  const cases: Case[] = names.length
    ? [
        { label: 'parametri U+0000', params: Object.fromEntries(names.map((name) => [name, 'id\u0000'])) },
        { label: 'parametri lunghi 10 000 caratteri', params: Object.fromEntries(names.map((name) => [name, '9'.repeat(10_000)])) },
        { label: 'parametri RTL ed emoji', params: Object.fromEntries(names.map((name) => [name, '\u202Eשלום😀'])) },
        // A lookup by a user-given key must not reach Object.prototype.
        ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((key) => ({ label: `parametri ${key}`, params: Object.fromEntries(names.map((name) => [name, key])) })),
        { label: 'parametri con suffisso di file', params: Object.fromEntries(names.map((name) => [name, `${world.colleague.id}.png`])) },
      ]
    : [];
  if (route.method === 'GET') return [...cases, { label: 'senza parametri strani', params }];
  const key = Object.keys((route.body && toJsonSchema(route.body).properties) ?? { email: 0 })[0] ?? 'email';
  return [
    ...cases,
    { label: 'nessun corpo', params },
    { label: 'null', params, body: 'null' },
    { label: 'JSON rotto', params, body: '{"a": ' },
    { label: 'stringa da 5 MB', params, body: `{"${key}": "${FIVE_MEGABYTES}"}` },
    { label: 'array profondo 10 000 come corpo', params, body: DEEP_ARRAY },
    { label: 'array profondo 10 000 in un campo', params, body: `{"${key}": ${DEEP_ARRAY}}` },
    { label: 'oggetto profondo 10 000', params, body: `{"${key}": ${DEEP_OBJECT}}` },
    { label: 'array di 100 000 elementi', params, body: `{"${key}": ${LONG_ARRAY}}` },
    { label: '__proto__', params, body: `{"__proto__": {"isAdmin": true}, "${key}": {"__proto__": {"isAdmin": true}}}` },
    { label: 'U+0000 in un campo', params, body: JSON.stringify({ [key]: 'a\u0000b' }) },
  ];
}

/** What the dispatcher will see: the call its matcher finds for the URL, and whether that call's schemas accept the input. */
function inputAccepted(method: string, url: string, body: string | undefined): boolean {
  const path = new URL(url).pathname.slice(API_PREFIX.length);
  let found: ReturnType<typeof match>;
  try {
    found = match(method, path);
  } catch {
    return false; // A broken percent escape.
  }
  if (!found || 'methodNotAllowed' in found) return false;
  const { endpoint, params } = found;
  if (endpoint.params && !endpoint.params.safeParse(params).success) return false;
  if (!endpoint.body || method === 'GET') return true;
  if ((body?.length ?? 0) > (endpoint.bodyLimit ?? 1024 * 1024)) return false;
  let parsed: unknown = {};
  try {
    if (body !== undefined && body.trim() !== '') parsed = JSON.parse(body);
  } catch {
    return false;
  }
  return endpoint.body.safeParse(parsed).success;
}

async function send(route: Endpoint, path: string, body: string | undefined): Promise<ApiAnswer> {
  const role = roleOf(route);
  const options = { body, token: route.auth === 'bearer' ? world.tokens[role] : undefined, headers: route.auth === 'platform-key' ? { 'x-api-key': PLATFORM_KEY } : undefined };
  let answer: ApiAnswer;
  try {
    answer = await callApi(dispatch, route.method, path, options);
  } catch (error) {
    // A streamed answer (the CSV export) that broke after its 200: as bad as a 500 for the client.
    return { status: 500, text: `risposta interrotta: ${String(error).slice(0, 200)}`, json: undefined, contentType: '' };
  }
  // A call such as /users/logout ends the session: log in again for the next case.
  if (answer.status === 401 && route.auth === 'bearer' && !(await resolveSession(db, { bearer: world.tokens[role] }, { hostname: 'crm.example.test', production: true }))) {
    world.tokens[role] = await loginViaApi(dispatch, world.emails[role]);
  }
  return answer;
}

it('fuzzes every entry of the route table', () => {
  expect(legacyRoutes.length).toBeGreaterThan(150);
});

describe.each(legacyRoutes.map((route) => [label(route), route] as const))('%s', (name, route) => {
  it('answers every input without a server error, refuses (4xx) every input its schemas refuse, and answers 2xx in its response schema', async () => {
    totals.endpoints += 1;
    const problems: string[] = [];
    let served = 0;
    for (const entry of [...fixedCases(route), ...randomCases(route)]) {
      const path = concretePath(route, entry.params);
      if (path === null) continue;
      totals.cases += 1;
      const answer = await send(route, path, entry.body);
      const accepted = inputAccepted(route.method, `${API_ORIGIN}${API_PREFIX}${path}`, entry.body);
      const nul = JSON.stringify(entry.params).includes('\\u0000') || (entry.body ?? '').includes('\\u0000');
      const what = `${entry.label} ${path.slice(0, 120)} ${(entry.body ?? '').slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 200)}`;
      if (answer.status >= 200 && answer.status < 300) {
        served += 1;
        // The OpenAPI document tells the truth about every answer, the fuzzed ones too.
        const shape = route.response && answer.contentType.includes('json') ? route.response.safeParse(answer.json) : null;
        if (shape && !shape.success) problems.push(`answer outside the response schema: ${what} ${JSON.stringify(shape.error.issues).slice(0, 300)}`);
      }
      let kind: Finding['kind'] | null = null;
      if (answer.status >= 500) kind = 'server error';
      else if (!accepted && (answer.status < 400 || answer.status >= 500)) kind = 'invalid accepted';
      if (kind) {
        findings.push({ route: name, label: entry.label, status: answer.status, answer: answer.text.slice(0, 200), nul, kind });
        problems.push(`${kind}${nul ? ' (U+0000)' : ''}: ${what}`);
      }
    }
    totals.succeeded += served;
    if (served === 0) neverServed.push(name);
    // A deleting call may have removed the rows the next calls name: make them again.
    if (/delete/i.test(route.path)) world.world.rows = await makeCampsiteRows(db, dispatch, world.tokens.admin);
    expect(problems).toEqual([]);
  }, 60_000);
});
