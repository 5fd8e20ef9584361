import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { JSON_BODY_LIMIT } from '@/lib/http/body-limit';
import { apiTokenLimit, createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { POST as oneClickUnsubscribe } from '@/app/api/one-click/unsubscribe/[campId]/[contactId]/route';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { API_ORIGIN, apiRequest, callApi, expectErrorAnswer, loginViaApi, randomAddress, type Dispatch } from '../helpers/legacy-api';

/** The key vitest.config.ts gives the server (BOOKING_PLATFORM_API_KEY). */
const PLATFORM_KEY = 'test-platform-key-0123456789';

let db: Database;
let dispatch: Dispatch;
/** The same dispatcher with a token limit small enough to reach. */
let tight: Dispatch;
beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
  tight = createDispatcher(legacyRoutes, () => db, { tokenLimit: { points: 3, durationSeconds: 60 } });
});

async function adminToken(): Promise<string> {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { isAdmin: true, packLevel: 10 });
  return loginViaApi(dispatch, user.email);
}

/** A body streamed in chunks of 64 KB, with no Content-Length: only counting can stop it. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(64 * 1024, bytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

function streamedRequest(path: string, bytes: number, headers: Record<string, string> = {}): Request {
  return new Request(`${API_ORIGIN}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress(), ...headers },
    body: streamOf(bytes),
    duplex: 'half',
  } as RequestInit);
}

async function answerOf(response: Response) {
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as unknown, contentType: response.headers.get('content-type') ?? '' };
}

describe('per-token limit of the bearer API', () => {
  it('answers every call with RateLimit headers, 600 a minute by default', async () => {
    const token = await adminToken();
    const response = await dispatch(apiRequest('POST', '/getCamping/all', { token }));
    expect(response.status).toBe(200);
    expect(response.headers.get('RateLimit-Limit')).toBe(String(apiTokenLimit().points));
    expect(response.headers.get('RateLimit-Remaining')).toBe(String(apiTokenLimit().points - 1));
    expect(Number(response.headers.get('RateLimit-Reset'))).toBeGreaterThan(55);
    expect(Number(response.headers.get('RateLimit-Reset'))).toBeLessThanOrEqual(60);
  });

  it('refuses past the limit with 429, Retry-After and an Italian JSON error; another token is not affected', async () => {
    const token = await adminToken();
    for (let call = 1; call <= 3; call++) {
      const response = await tight(apiRequest('POST', '/getCamping/all', { token }));
      expect(response.status, `chiamata ${call}`).toBe(200);
      expect(response.headers.get('RateLimit-Limit')).toBe('3');
      expect(response.headers.get('RateLimit-Remaining')).toBe(String(3 - call));
    }
    const refused = await tight(apiRequest('POST', '/getCamping/all', { token }));
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
    const seconds = Number(refused.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('RateLimit-Reset')).toBe(String(seconds));
    const message = expectErrorAnswer(await answerOf(refused), 429);
    expect(message).toBe(`Troppe richieste: riprova tra ${seconds} secondi.`);

    // Also an error answer carries the headers: a call with a bad body is still counted.
    const other = await adminToken();
    const bad = await tight(apiRequest('POST', '/getCamping/all', { token: other, body: '{rotto' }));
    expect(bad.headers.get('RateLimit-Remaining')).toBe('2');
  });

  it('counts the booking platform’s x-api-key like a token', async () => {
    const campsite = await makeCampsite(db);
    const user = await makeUser(db, campsite.id);
    // The default limit: other test files may use the same key in this minute, on the same database.
    const first = await dispatch(apiRequest('POST', '/users/createLoginToken', { body: { email: user.email }, headers: { 'x-api-key': PLATFORM_KEY } }));
    expect(first.status).toBe(200);
    expect(first.headers.get('RateLimit-Limit')).toBe('600');
    expect(Number(first.headers.get('RateLimit-Remaining'))).toBeLessThan(600);
    const wrongKey = await dispatch(apiRequest('POST', '/users/createLoginToken', { body: { email: user.email }, headers: { 'x-api-key': 'chiave-sbagliata-0123456789' } }));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.headers.get('RateLimit-Limit')).toBeNull();
  });

  it('counts nothing and adds no headers for a call without a token, or with an invalid one', async () => {
    const login = await dispatch(apiRequest('POST', '/users/login', { body: { email: 'nessuno@prova.test', password: 'x' } }));
    expect(login.headers.get('RateLimit-Limit')).toBeNull();
    const invalid = await dispatch(apiRequest('POST', '/getCamping/all', { token: 'non-valido' }));
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get('RateLimit-Limit')).toBeNull();
  });
});

describe('body cap', () => {
  it('refuses a JSON body over 1 MB by its Content-Length, before reading it', async () => {
    const token = await adminToken();
    const request = apiRequest('POST', '/getCamping/all', { token, body: { filler: 'x' }, headers: { 'content-length': String(JSON_BODY_LIMIT + 1) } });
    const answer = await callApi(async () => tight(request), 'POST', '/getCamping/all');
    expect(expectErrorAnswer(answer, 413)).toBe('Il corpo della richiesta supera il limite di 1 MB.');
  });

  it('counts the bytes of a body without Content-Length and stops past 1 MB', async () => {
    const token = await adminToken();
    const over = await dispatch(streamedRequest('/users/login', JSON_BODY_LIMIT + 1));
    expect(expectErrorAnswer(await answerOf(over), 413)).toBe('Il corpo della richiesta supera il limite di 1 MB.');
    // A public call too, and a bearer call whose body is parsed.
    const overWithToken = await dispatch(streamedRequest('/addContact', 2 * JSON_BODY_LIMIT, { authorization: `Bearer ${token}` }));
    expectErrorAnswer(await answerOf(overWithToken), 413);
    // Within the limit the same stream is read as usual: blanks, an empty JSON body the call's schema refuses.
    const within = await dispatch(streamedRequest('/addContact', JSON_BODY_LIMIT, { authorization: `Bearer ${token}` }));
    expect(expectErrorAnswer(await answerOf(within), 400)).not.toContain('limite');
  });

  it('lets an upload go past 1 MB, up to the file limit', async () => {
    const token = await adminToken();
    // 1.5 MB of base64 that is not an image: refused by the upload, not by the body cap.
    const data = Buffer.alloc(1_100_000, 7).toString('base64');
    const answer = await callApi(dispatch, 'POST', '/addImage', { token, body: { data, name: 'non-immagine.jpg' } });
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('limite di 1 MB');
  });

  it('applies to the one-click unsubscribe route handler too', async () => {
    const params = { params: Promise.resolve({ campId: 'nessuno', contactId: 'nessuno' }) };
    const declared = new Request(`${API_ORIGIN}/api/one-click/unsubscribe/nessuno/nessuno`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(JSON_BODY_LIMIT + 1) },
      body: 'List-Unsubscribe=One-Click',
    });
    expectErrorAnswer(await answerOf(await oneClickUnsubscribe(declared, params)), 413);
    const streamed = new Request(`${API_ORIGIN}/api/one-click/unsubscribe/nessuno/nessuno`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: streamOf(JSON_BODY_LIMIT + 1),
      duplex: 'half',
    } as RequestInit);
    expect(expectErrorAnswer(await answerOf(await oneClickUnsubscribe(streamed, params)), 413)).toContain('1 MB');
  });
});
