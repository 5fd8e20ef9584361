import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test, type APIRequestContext } from './fixtures';
import postgres from 'postgres';
import { APP_LOGIN } from '../helpers/app-login';
import { legacyLogin, type LegacySession } from './legacy-client';
import { LOGINS, startSession } from './support';

/**
 * The README's promise, on the built server: with DATABASE_APP_URL (scripts/e2e-server.sh sets it on
 * PostgreSQL, jobs in the server as by default), every campsite's work runs as the non-owner login.
 * The server checks session_user when it opens a campsite's transaction and refuses to go on as
 * anyone else, so a page, route or call that reached the owner's connection would answer 500 here;
 * and the login's own connections must be there in pg_stat_activity. The axe sweep walks every staff
 * page on the same server; this file walks every staff route handler and the bearer API's reads.
 */

const databaseUrl = process.env.E2E_DATABASE_URL;
test.skip(!databaseUrl, 'PostgreSQL only: PGlite has one login');

type Ids = { quoteId: string; contactId: string; campsiteId: string };
type Sample = (ids: Ids) => { method: 'GET' | 'POST'; url: string; multipart?: Record<string, string> };

/** Every route handler under app/ that a staff session reaches, with one request each. */
const STAFF_ROUTES: Record<string, Sample> = {
  '/clienti/esporta': () => ({ method: 'GET', url: '/clienti/esporta' }),
  '/crea-preventivo/preview/[idCliente]/[idPreventivo]/pdf': ({ contactId, quoteId }) => ({ method: 'GET', url: `/crea-preventivo/preview/${contactId}/${quoteId}/pdf` }),
  // A quote's id is no message of the mailbox: the campsite-scoped look-up answers 404.
  '/mail/allegato/[id]/[index]': ({ quoteId }) => ({ method: 'GET', url: `/mail/allegato/${quoteId}/0` }),
  '/mailing/consensi/export': () => ({ method: 'GET', url: '/mailing/consensi/export' }),
  '/notifiche': () => ({ method: 'GET', url: '/notifiche' }),
  '/notifiche/stato': () => ({ method: 'GET', url: '/notifiche/stato' }),
  '/novita/stato': () => ({ method: 'GET', url: '/novita/stato' }),
  '/preventivi/recenti': () => ({ method: 'GET', url: '/preventivi/recenti' }),
  // Without a file: refused before any row is written, so the gallery other specs count is untouched.
  '/api/image-upload': () => ({ method: 'POST', url: '/api/image-upload', multipart: { alt: 'prova' } }),
  '/api/internal/mail-unread': () => ({ method: 'GET', url: '/api/internal/mail-unread' }),
  '/api/mailbox/google/start': () => ({ method: 'GET', url: '/api/mailbox/google/start' }),
  '/api/mailbox/google/callback': () => ({ method: 'GET', url: '/api/mailbox/google/callback?error=access_denied' }),
};

/** Route handlers no staff session drives, and who does. */
const OTHER_ROUTES: Record<string, string> = {
  '/logout': 'ends a session (login flow)',
  '/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]/pdf': 'guest',
  '/visualizzaPreventivoL/[clienteID]/[idPreventivo]/[idCampeggio]/pdf': 'guest',
  '/api/[...legacy]': 'the legacy API: its bearer reads are walked below, the rest by the other specs',
  '/api/auth/[...nextauth]': 'Auth.js sign-in',
  '/api/csp-report': 'browsers report CSP violations',
  '/api/health': 'the balancer and the supervisor, no session (docs/deploy.md)',
  '/api/internal/revalidate': 'signed calls between instances',
  '/api/metrics': 'Prometheus, with METRICS_TOKEN (tests/ops)',
  '/api/one-click/unsubscribe/[campId]/[contactId]': 'guest',
  '/api/openapi.json': 'the contract document',
  '/api/ready': 'the balancer, no session (docs/deploy.md)',
  '/api/webhooks/resend/[campsite]': 'Resend, signed per campsite',
};

function routeHandlersOnDisk(appDir = join(process.cwd(), 'app')): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'route.ts') found.push(`/${relative(appDir, dir).split(sep).filter((segment) => segment && !/^\(.*\)$/.test(segment)).join('/')}`);
    }
  };
  walk(appDir);
  return found.sort();
}

/** The legacy API's bearer reads (lists, counts, look-ups): none of them writes, so they can run on the shared demo data. */
const BEARER_READS: ((ids: Ids) => [string, object])[] = [
  () => ['/getContact/all', {}],
  () => ['/getQuote/all', {}],
  ({ campsiteId }) => [`/getCamping/${campsiteId}`, {}],
  () => ['/getScontoSoloSuUnita', {}],
  () => ['/quoteQuery', { progress: 'inviato' }],
  () => ['/getList/all', {}],
  () => ['/getTemplate/all', {}],
  () => ['/getCampaigns/all', {}],
  ({ quoteId }) => [`/getQuote/${quoteId}`, {}],
  ({ contactId }) => [`/getContact/${contactId}`, {}],
];

async function firstQuote(request: APIRequestContext, session: LegacySession): Promise<Ids> {
  const answer = await request.post('/api/quoteQuery', { headers: session.headers, data: { progress: 'inviato' } });
  expect(answer.status()).toBe(200);
  const [quote] = (await answer.json()) as { _id: string; contact: string }[];
  return { quoteId: quote._id, contactId: quote.contact, campsiteId: session.campsiteId };
}

test('every staff route and the API’s reads run as the non-owner login on the built server', async ({ page, request }) => {
  test.setTimeout(180_000);
  const onDisk = routeHandlersOnDisk();
  expect(onDisk.filter((route) => !(route in STAFF_ROUTES) && !(route in OTHER_ROUTES)), 'a new route handler: add a sample to STAFF_ROUTES or say who drives it').toEqual([]);
  expect([...Object.keys(STAFF_ROUTES), ...Object.keys(OTHER_ROUTES)].filter((route) => !onDisk.includes(route)), 'listed but gone').toEqual([]);

  const session = await legacyLogin(request, LOGINS.admin);
  const ids = await firstQuote(request, session);
  await startSession(page, LOGINS.admin);
  const failures: string[] = [];
  for (const [route, sample] of Object.entries(STAFF_ROUTES)) {
    const { method, url, multipart } = sample(ids);
    const answer = method === 'GET' ? await page.request.get(url, { maxRedirects: 0 }) : await page.request.post(url, { multipart, maxRedirects: 0 });
    if (answer.status() >= 500 || answer.status() === 401) failures.push(`${route} ${url}: HTTP ${answer.status()} ${(await answer.text()).slice(0, 200)}`);
  }
  for (const read of BEARER_READS) {
    const [path, body] = read(ids);
    const answer = await request.post(`/api${path}`, { headers: session.headers, data: body });
    if (answer.status() !== 200) failures.push(`/api${path}: HTTP ${answer.status()} ${(await answer.text()).slice(0, 200)}`);
  }
  expect(failures).toEqual([]);

  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    const logins = await sql<{ usename: string; n: number }[]>`
      select usename, count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' group by usename`;
    console.log('Connessioni del server per login:', Object.fromEntries(logins.map((row) => [row.usename, row.n])));
    expect(logins.find((row) => row.usename === APP_LOGIN)?.n ?? 0).toBeGreaterThan(0);
  } finally {
    await sql.end();
  }
});
