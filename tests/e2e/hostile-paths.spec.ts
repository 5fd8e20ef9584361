import { expect, test, type APIRequestContext } from './fixtures';
import { legacyLogin } from './legacy-client';
import { routePatternsOnDisk } from './route-samples';
import { LOGINS } from './support';

/**
 * Issue 26: addresses an attacker types, on the built server, for every call of the API (read from
 * its own OpenAPI document, generated from the route table) and every page on disk. Next.js's own
 * routing used to answer 500 to a broken percent escape, a page whose address ended in ".png" was
 * served past the proxy (no CSP, no session check), and a lookup by "constructor" reached
 * Object.prototype. None may answer 5xx; a page answered as HTML always carries its policy.
 */

/** Path segments that are not a valid UTF-8 escape, a NUL, prototype keys and a file-like suffix. */
const HOSTILE_SEGMENTS = ['%', '%C0%AF', '%ED%A0%80', 'a%00b', 'constructor', '__proto__', 'toString', 'x.png', 'x.js', 'x.css', 'x.ico'];
const MALFORMED = new Set(['%', '%C0%AF', '%ED%A0%80']);

const fill = (pattern: string, segment: string, param: RegExp) => pattern.replace(param, segment);

async function apiPaths(request: APIRequestContext): Promise<{ method: string; path: string }[]> {
  const document = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
}

test('no call of the API answers 5xx to a broken escape, a NUL, a prototype key or a file-like suffix', async ({ request }) => {
  test.setTimeout(300_000);
  const calls = await apiPaths(request);
  expect(calls.length).toBeGreaterThan(150);
  // An admin's token, so the hostile value reaches the handlers behind the session check.
  const session = await legacyLogin(request, LOGINS.admin);
  const failures: string[] = [];
  let sent = 0;
  for (const { method, path } of calls) {
    // Logging out would end the token the other calls use.
    if (path.endsWith('/logout')) continue;
    const targets = path.includes('{')
      ? HOSTILE_SEGMENTS.map((segment) => ({ segment, url: fill(path, segment, /\{\w+\}/g) }))
      : HOSTILE_SEGMENTS.filter((segment) => segment.includes('.')).map((segment) => ({ segment, url: `${path}/${segment}` }));
    for (const { segment, url } of targets) {
      const answer = await request.fetch(url, { method, headers: { authorization: `Bearer ${session.token}` }, data: method === 'GET' ? undefined : {}, maxRedirects: 0 });
      sent += 1;
      if (answer.status() >= 500) failures.push(`${method} ${url}: ${answer.status()}`);
      else if (MALFORMED.has(segment) && answer.status() !== 400) failures.push(`${method} ${url}: ${answer.status()} invece di 400`);
    }
  }
  console.log(`Percorsi ostili dell'API: ${sent} chiamate, ${failures.length} risposte sbagliate`);
  expect(failures).toEqual([]);
});

test('no page answers 5xx to a hostile address, and a page answered as HTML carries its policy', async ({ request }) => {
  test.setTimeout(300_000);
  const patterns = routePatternsOnDisk();
  expect(patterns.length).toBeGreaterThan(40);
  const failures: string[] = [];
  let sent = 0;
  for (const pattern of patterns) {
    const urls = pattern.includes('[')
      ? HOSTILE_SEGMENTS.map((segment) => ({ segment, url: fill(pattern, segment, /\[[^\]]+\]/g) }))
      : HOSTILE_SEGMENTS.filter((segment) => segment.includes('.')).map((segment) => ({ segment, url: `${pattern.replace(/\/$/, '')}/${segment}` }));
    for (const { segment, url } of urls) {
      const answer = await request.get(url, { maxRedirects: 0 });
      sent += 1;
      const html = (answer.headers()['content-type'] ?? '').startsWith('text/html');
      if (answer.status() >= 500) failures.push(`${url}: ${answer.status()}`);
      else if (MALFORMED.has(segment) && answer.status() !== 400) failures.push(`${url}: ${answer.status()} invece di 400`);
      else if (html && !answer.headers()['content-security-policy']) failures.push(`${url}: HTML senza Content-Security-Policy`);
    }
  }
  console.log(`Indirizzi ostili delle pagine: ${sent} richieste, ${failures.length} risposte sbagliate`);
  expect(failures).toEqual([]);
});

test('a server action past its size, from another site or of unknown length gets a 4xx, never a 500', async ({ baseURL }) => {
  const guestPage = `${baseURL}/visualizzaPreventivo/x/y/z`;
  const action = { 'next-action': '0'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' };
  // A guest's 9 MB question: refused before anything parses it.
  const big = await fetch(guestPage, { method: 'POST', headers: { ...action, origin: baseURL! }, body: 'x'.repeat(9 * 1024 * 1024) });
  expect(big.status).toBe(413);
  // Past the staff's 10 MB too (Next.js itself answered 500).
  const huge = await fetch(`${baseURL}/clienti`, { method: 'POST', headers: { ...action, origin: baseURL! }, body: 'x'.repeat(11 * 1024 * 1024) });
  expect(huge.status).toBe(413);
  const foreign = await fetch(guestPage, { method: 'POST', headers: { ...action, origin: 'https://attacker.example' }, body: '[]' });
  expect(foreign.status).toBe(403);
  const chunked = new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode('[]')), controller.close()) });
  const unknownLength = await fetch(guestPage, { method: 'POST', headers: { ...action, origin: baseURL! }, body: chunked, duplex: 'half' } as RequestInit);
  expect(unknownLength.status).toBe(411);
});

test('a flood of CSP reports silences only its own address', async ({ request }) => {
  const report = { 'csp-report': { 'document-uri': 'http://127.0.0.1/', 'violated-directive': 'script-src', 'blocked-uri': 'inline' } };
  const from = (address: string) => request.post('/api/csp-report', { headers: { 'x-forwarded-for': address, 'content-type': 'application/csp-report' }, data: JSON.stringify(report) });
  const flooder = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const statuses: number[] = [];
  for (let sent = 0; sent < 31; sent++) statuses.push((await from(flooder)).status());
  expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
  expect(statuses[30]).toBe(429);
  // Another browser's report still arrives.
  expect((await from(`198.51.100.${Math.floor(Math.random() * 250) + 1}`)).status()).toBe(204);
});
