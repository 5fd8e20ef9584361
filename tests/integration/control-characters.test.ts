import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { staffActionDefinition, type StaffActionDefinition } from '@/lib/actions';
import { submitRequest } from '@/lib/requests/service';
import { z } from '@/lib/validation';
import { CONTROL_CHARACTERS_MESSAGE } from '@/lib/validation/zod-safe';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { guestClient, makeFormCampsite, validValues } from '../helpers/public-form';
import { API_ORIGIN, callApi, expectErrorAnswer, loginViaApi, randomAddress, type ApiAnswer, type Dispatch } from '../helpers/legacy-api';
import type { JsonSchema } from '../helpers/json-schema';
import { guestCtxFor } from '../helpers/ctx';

/**
 * PostgreSQL refuses U+0000 in text and jsonb: before the shared zod refused control characters,
 * a NUL in a field reached the database and came back as a 500, on public calls too. Every text
 * field of every call (path and body) now answers 400 with an Italian message.
 */

let db: Database;
let dispatch: Dispatch;
let operatorToken: string;
const PLATFORM_KEY = 'test-platform-key-0123456789';

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
  const campsite = await makeCampsite(db);
  // Operator and admin: no role check stands between the call and its input's validation.
  const operator = await makeUser(db, campsite.id, { isAdmin: true, isOperator: true, packLevel: 10 });
  operatorToken = await loginViaApi(dispatch, operator.email);
});

const NUL = '\u0000';


/** A value of the schema's shape; with `poison`, every text in it carries a control character. */
function valueFor(schema: JsonSchema | undefined, poison: string): unknown {
  if (!schema || Object.keys(schema).length === 0) return `valore${poison}`;
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) {
    const options = choice.filter((option) => option.type !== 'null');
    // A text option if there is one: that is where the control character goes.
    return valueFor(options.find((option) => option.type === 'string') ?? options[0] ?? choice[0], poison);
  }
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf), poison);
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, property]) => [key, valueFor(property, poison)]);
      // A record's values (a loose object's extra keys, `{}`, are dropped: nobody reads them).
      if (typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties).length > 0) entries.push(['chiave', valueFor(schema.additionalProperties, poison)]);
      return Object.fromEntries(entries);
    }
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map((item) => valueFor(item, poison));
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => valueFor(schema.items, poison));
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return `ospite${poison}@prova.test`;
      if (schema.format === 'uri') return `https://esempio.test/${poison}`;
      if (schema.format === 'uuid') return poison ? `${randomUUID()}${poison}` : randomUUID();
      return 'x'.repeat(Math.max((schema.minLength ?? 1) - poison.length, 1)) + poison;
    default:
      return `valore${poison}`;
  }
}

const inputSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const pathParams = (route: Endpoint) => [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
const hasText = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes(NUL) : Array.isArray(value) ? value.some(hasText) : !!value && typeof value === 'object' && Object.values(value).some(hasText);

function pathOf(route: Endpoint, poisonPath: boolean): string {
  const clean = route.params ? (valueFor(inputSchema(route.params), '') as Record<string, unknown>) : {};
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(poisonPath ? `x${NUL}` : String(clean[name] ?? 'x')));
}

function credentials(route: Endpoint) {
  if (route.auth === 'bearer') return { token: operatorToken };
  if (route.auth === 'platform-key') return { headers: { 'x-api-key': PLATFORM_KEY } };
  return {};
}

const controlIssue = (answer: ApiAnswer) =>
  ((answer.json as { issues?: { message: string }[] }).issues ?? []).some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE);

describe('control characters in the public calls', () => {
  const expectRefused = (answer: ApiAnswer) => {
    const message = expectErrorAnswer(answer, 400);
    expect(message).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(message).toMatch(/^Dati non validi/);
  };

  it('/users/login refuses a NUL in the e-mail or the password', async () => {
    expectRefused(await callApi(dispatch, 'POST', '/users/login', { body: { email: `admin${NUL}@prova.test`, password: 'Password-di-prova-1!' } }));
    expectRefused(await callApi(dispatch, 'POST', '/users/login', { body: { email: 'admin@prova.test', password: `Password${NUL}` } }));
  });

  it('/getContact/noAuth/{cliente} refuses a NUL in the path and in the body', async () => {
    expectRefused(await callApi(dispatch, 'POST', `/getContact/noAuth/${encodeURIComponent(`cliente${NUL}`)}`, { body: { camping: 'campeggio' } }));
    expectRefused(await callApi(dispatch, 'POST', '/getContact/noAuth/cliente', { body: { camping: `campeggio${NUL}` } }));
  });

  it('/checkNewsletter and /iscriviNewsletter refuse a NUL in either id', async () => {
    for (const path of ['/checkNewsletter', '/iscriviNewsletter']) {
      expectRefused(await callApi(dispatch, 'POST', path, { body: { camp: `c${NUL}`, cliente: 'cliente' } }));
      expectRefused(await callApi(dispatch, 'POST', path, { body: { camp: 'campeggio', cliente: `cliente${NUL}` } }));
    }
  });

  it('refuses every other control character but tab, line feed and carriage return', async () => {
    const controls = [...Array.from({ length: 32 }, (_, code) => code), 0x7f].filter((code) => ![9, 10, 13].includes(code));
    for (const code of controls) {
      const answer = await callApi(dispatch, 'POST', '/checkNewsletter', { body: { camp: `c${String.fromCharCode(code)}c`, cliente: 'cliente' } });
      expect(answer.status, `U+${code.toString(16).padStart(4, '0')}`).toBe(400);
      expect(controlIssue(answer)).toBe(true);
    }
    // Tab, LF and CR are ordinary text: the call goes on to look the guest up (an unknown one).
    for (const text of ['c\tc', 'c\nc', 'c\rc']) {
      const answer = await callApi(dispatch, 'POST', '/checkNewsletter', { body: { camp: text, cliente: 'cliente' } });
      expect(answer.status, JSON.stringify(text)).not.toBe(400);
      expect(answer.status).toBeLessThan(500);
    }
  });
});

describe('control characters in every call of the route table', () => {
  const withPath = legacyRoutes.filter((route) => pathParams(route).length > 0);
  const withBody = legacyRoutes.filter((route) => route.body && route.method === 'POST' && hasText(valueFor(inputSchema(route.body), NUL)));

  it('covers the table', () => {
    // A call with neither a path parameter nor a text in its body has no text input to poison.
    const untouched = legacyRoutes.filter((route) => !withPath.includes(route) && !withBody.includes(route));
    for (const route of untouched) expect(route.method === 'GET' || !route.body || !hasText(valueFor(inputSchema(route.body), NUL)), route.path).toBe(true);
    console.log(`Chiamate: ${legacyRoutes.length}; con parametri nel percorso: ${withPath.length}; con testi nel corpo: ${withBody.length}; senza testi: ${untouched.length}`);
    expect(withPath.length + withBody.length).toBeGreaterThan(legacyRoutes.length / 2);
  });

  it.each(withPath.map((route) => [`${route.method} ${route.path}`, route] as const))('a NUL in the path of %s: 400', async (_, route) => {
    const body = route.body ? valueFor(inputSchema(route.body), '') : undefined;
    const answer = await callApi(dispatch, route.method, pathOf(route, true), { ...credentials(route), body: route.method === 'POST' ? body : undefined, ip: randomAddress() });
    expectErrorAnswer(answer, 400);
    expect(controlIssue(answer), answer.text).toBe(true);
  });

  it.each(withBody.map((route) => [`${route.method} ${route.path}`, route] as const))('a NUL in every text of the body of %s: 400', async (_, route) => {
    const body = valueFor(inputSchema(route.body!), NUL);
    const answer = await callApi(dispatch, route.method, pathOf(route, false), { ...credentials(route), body });
    expectErrorAnswer(answer, 400);
    expect(controlIssue(answer), answer.text).toBe(true);
  });
});

describe('control characters in uploaded file names', () => {
  async function upload(path: string, fields: Record<string, string>, fileName: string) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], fileName, { type: 'image/png' }));
    const response = await dispatch(
      new Request(`${API_ORIGIN}/api${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${operatorToken}`, 'x-forwarded-for': randomAddress() } }),
    );
    return { status: response.status, text: await response.text() };
  }

  it('refuses a NUL in the name of an uploaded image', async () => {
    const answer = await upload('/addImage', {}, `foto${NUL}.png`);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('caratteri di controllo');
  });
});

/** Every module under app/ that declares staff actions: found by reading the files, so a new one is walked too. */
async function actionModules(): Promise<string[]> {
  const root = path.resolve('app');
  const files = (await readdir(root, { recursive: true })).filter((file) => /\.tsx?$/.test(file)).map((file) => path.join(root, file));
  const found: string[] = [];
  for (const file of files) if ((await readFile(file, 'utf8')).includes('staffAction(')) found.push(file);
  return found;
}

describe('control characters in every staff action', () => {
  it('every action’s schema refuses a control character in each of its texts, with the Italian message', async () => {
    const actions: [string, StaffActionDefinition][] = [];
    for (const file of await actionModules()) {
      const exported = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        const definition = staffActionDefinition(value);
        if (definition) actions.push([`${path.relative(process.cwd(), file)}#${name}`, definition]);
      }
    }
    expect(actions.length).toBeGreaterThan(50);

    let withText = 0;
    for (const [name, { schema }] of actions) {
      // A FormData action (uploads) takes the form whole: the poison goes in one of its fields.
      const takesForm = schema.safeParse(new FormData()).success && !schema.safeParse({}).success;
      const input = takesForm ? poisonedForm() : valueFor(inputSchema(schema), NUL);
      if (!takesForm && !hasText(input)) continue;
      withText += 1;
      const result = schema.safeParse(input);
      expect(result.success, name).toBe(false);
      expect(
        result.error!.issues.some((issue) => issue.message === CONTROL_CHARACTERS_MESSAGE),
        `${name}: ${JSON.stringify(result.error!.issues)}`,
      ).toBe(true);
    }
    console.log(`Azioni dello staff: ${actions.length}; con testi: ${withText}`);
  });
});

function poisonedForm(): FormData {
  const form = new FormData();
  form.set('testo', `valore${NUL}`);
  return form;
}

describe('control characters in the public contact form', () => {
  it('refuses them in every text field, with the message under the field', async () => {
    const target = await makeFormCampsite(db);
    const language = { languageId: 1, locale: 'it' } as const;
    for (const field of ['nome', 'cognome', 'telefono', 'messaggio', 'email']) {
      const values = validValues({ [field]: field === 'email' ? `hans${NUL}@example.de` : `${String(validValues()[field])}${NUL}` });
      const outcome = await submitRequest(guestCtxFor(db, target.campsite.id), target.platform, target.campsite, { values, language }, guestClient());
      expect(outcome.ok, field).toBe(false);
      if (outcome.ok || outcome.reason !== 'invalid') throw new Error(`${field}: ${JSON.stringify(outcome)}`);
      expect(Object.keys(outcome.fieldErrors), field).toEqual([field]);
      // An e-mail with a control character is first of all not an e-mail address.
      if (field !== 'email') expect(outcome.fieldErrors[field]).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });
});

describe('one zod for every input', () => {
  /** Modules that may take zod itself: none of them parses what a user sent. */
  const ALLOWED = new Map([
    ['lib/validation/zod-safe.ts', 'the shared zod itself'],
    ['lib/env.ts', 'the server’s environment'],
    ['lib/error-classification.ts', 'the ZodError class only'],
    ['lib/legacy-api/endpoint.ts', 'types only'],
    ['app/api/internal/revalidate/route.ts', 'a signed call between our instances, tags checked against a list'],
  ]);

  it('every other module imports z from @/lib/validation', async () => {
    const offenders: string[] = [];
    for (const folder of ['lib', 'app', 'components']) {
      for (const file of await readdir(path.resolve(folder), { recursive: true })) {
        if (!/\.tsx?$/.test(file)) continue;
        const relative = `${folder}/${file}`;
        if (/from ['"]zod(\/[^'"]*)?['"]/.test(await readFile(path.resolve(relative), 'utf8')) && !ALLOWED.has(relative)) offenders.push(relative);
      }
    }
    expect(offenders).toEqual([]);
  });
});
