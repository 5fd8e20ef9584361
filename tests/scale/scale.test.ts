import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createClient } from '@redis/client';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '@/db/seed/logins';
import { nginxConfig, portIsOpen, startProcess, stopProcess, waitForReady, type Started } from './cluster';
import { scaleDatabase, startServer } from './scale-database';
import { isExpiredPage } from '../helpers/expired-page';

/**
 * Two instances of the production server (server.mjs) on one PostgreSQL and one Redis, behind
 * nginx (round robin): what one instance does, the other sees. Run by `npm run test:scale`.
 */
const BALANCER = 3300;
const INSTANCES = { A: 3301, B: 3302 };
const PLATFORM_KEY = 'scale-platform-key-0123456789abcdef';
const database = scaleDatabase('scale');
const { url: databaseUrl, sql } = database;
const processes: Started[] = [];
let nginxDir = '';
let redisUrl = '';
let startedAt = 0;
const staff = DEMO_LOGINS.find((login) => login.email === 'staff@lagoazzurro.test')!;

const at = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;
// The mini-site's "expired" notice in the guest's language, its date filled in (the page also
// carries the raw messages, with {date}, for its client components).

async function api(port: number, path: string, body: unknown, token?: string) {
  const answer = await fetch(at(port, `/api${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, text, json: () => JSON.parse(text) as Record<string, unknown> & { token?: string }, upstream: answer.headers.get('x-upstream') };
}

beforeAll(async () => {
  await database.create();
  const appUrl = await database.appUrl();

  if (await portIsOpen(6379)) {
    redisUrl = 'redis://127.0.0.1:6379/7';
  } else {
    processes.push(startProcess('redis', 'redis-server', ['--port', '6390', '--save', '', '--appendonly', 'no'], {}));
    redisUrl = 'redis://127.0.0.1:6390/7';
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();

  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_APP_URL: appUrl,
    REDIS_URL: redisUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    BOOKING_PLATFORM_API_KEY: PLATFORM_KEY,
    APP_URL: at(BALANCER, ''),
    TRUST_PROXY: '1',
  };
  for (const [label, port] of Object.entries(INSTANCES)) {
    processes.push(startServer(`next ${label}`, port, env));
  }
  const nginx = nginxConfig(BALANCER, Object.values(INSTANCES));
  nginxDir = nginx.dir;
  processes.push(startProcess('nginx', 'nginx', ['-c', nginx.file, '-p', nginx.dir], {}));
  // No traffic before each instance is ready (its database, migrations, Redis and jobs): the balancer's health check.
  for (const port of [...Object.values(INSTANCES), BALANCER]) await waitForReady(at(port, '/api/ready'));
  startedAt = Date.now();
}, 300_000);

afterAll(async () => {
  for (const started of processes.reverse()) await stopProcess(started);
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  await database.close({ drop: false });
});

describe('two instances behind a load balancer', () => {
  it('the balancer spreads the requests over both instances', async () => {
    const served: Record<string, number> = {};
    for (let i = 0; i < 40; i += 1) {
      const answer = await fetch(at(BALANCER, '/login'));
      expect(answer.status).toBe(200);
      const upstream = answer.headers.get('x-upstream') ?? 'sconosciuto';
      served[upstream] = (served[upstream] ?? 0) + 1;
    }
    console.log('Richieste servite da ogni istanza:', served);
    expect(Object.keys(served).sort()).toEqual(Object.values(INSTANCES).map((port) => `127.0.0.1:${port}`).sort());
  });

  it('a login on A works on B', async () => {
    const login = await api(INSTANCES.A, '/users/login', { email: staff.email, password: staff.password });
    expect(login.status, login.text).toBe(200);
    const onB = await api(INSTANCES.B, '/getQuote/lazy', { limit: 1 }, login.json().token);
    expect(onB.status, onB.text).toBe(200);
  });

  it('a staff rename through A shows at once on the guest page served by B, which was cached', async () => {
    const token = (await api(INSTANCES.A, '/users/login', { email: staff.email, password: staff.password })).json().token;
    const listed = (await api(INSTANCES.A, '/getQuote/lazy', { progress: ['letto'], limit: 5 }, token)).json() as unknown as { items: { _id: string; contact: string; camping?: string }[] };
    const user = (await api(INSTANCES.A, '/users/login', { email: staff.email, password: staff.password })).json() as unknown as { user: { camping: string } };
    const quote = listed.items[0];
    const guestPath = `/visualizzaPreventivo/${quote.contact}/${quote._id}/${user.user.camping}`;
    // Both instances render and cache the page.
    for (const port of [INSTANCES.B, INSTANCES.A, INSTANCES.B]) expect((await fetch(at(port, guestPath))).status).toBe(200);
    // Each view renders again for its CSP nonce, from the quote's data cache (shared in Redis).
    const cached = await fetch(at(INSTANCES.B, guestPath));
    expect(cached.status).toBe(200);

    const renamed = `Rinominato su A ${Date.now().toString(36)}`;
    const edited = await api(INSTANCES.A, `/editQuote/${quote._id}`, { name: renamed }, token);
    expect(edited.status, edited.text).toBe(200);
    const editedAt = Date.now();
    let firstFresh = -1;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const body = await (await fetch(at(INSTANCES.B, guestPath))).text();
      if (body.includes(renamed)) {
        firstFresh = attempt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`Finestra di lettura vecchia dopo la modifica: ${Date.now() - editedAt} ms, ${firstFresh} letture vecchie su B`);
    expect(firstFresh, 'la prima lettura su B dopo la modifica su A mostra il nuovo nome').toBe(0);
    const again = await fetch(at(INSTANCES.B, guestPath));
    expect(await again.text()).toContain(renamed);
  });

  it('a quote expired by a job, outside any request, shows expired at once on both instances', async () => {
    const user = (await api(INSTANCES.A, '/users/login', { email: staff.email, password: staff.password })).json() as unknown as { token: string; user: { camping: string } };
    const listed = (await api(INSTANCES.A, '/getQuote/lazy', { progress: ['inviato', 'letto'], limit: 5 }, user.token)).json() as unknown as { items: { _id: string; contact: string }[] };
    const quote = listed.items.at(-1)!;
    const guestPath = `/visualizzaPreventivo/${quote.contact}/${quote._id}/${user.user.camping}`;
    for (const port of [INSTANCES.A, INSTANCES.B, INSTANCES.A, INSTANCES.B]) expect(isExpiredPage(await (await fetch(at(port, guestPath))).text())).toBe(false);
    // Time passes: the validity ends, and nothing in a request tells the cache.
    await sql`update quotes set valid_until = now() - interval '1 minute' where id = ${quote._id}`;
    const stale = await fetch(at(INSTANCES.B, guestPath));
    expect(stale.status).toBe(200);
    expect(isExpiredPage(await stale.text()), 'the cached page still shows the offer').toBe(false);

    const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    await boss.start();
    const jobId = await boss.send('preventivi.scadenza', { richiestaManuale: true });
    await boss.stop({ graceful: false });
    let done: { state: string; output: { scaduti?: number; istanza?: string } } | undefined;
    for (let attempt = 0; attempt < 200 && done?.state !== 'completed'; attempt += 1) {
      [done] = await sql<{ state: string; output: { scaduti?: number; istanza?: string } }[]>`select state, output from pgboss.job where id = ${jobId!}`;
      if (done?.state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done?.state).toBe('completed');
    console.log(`Scadenza eseguita da ${done?.output.istanza}: ${done?.output.scaduti} preventivi`);
    for (const port of [INSTANCES.B, INSTANCES.A]) {
      expect(isExpiredPage(await (await fetch(at(port, guestPath))).text()), `scaduto su ${port} subito dopo il lavoro`).toBe(true);
    }
  }, 60_000);

  it('a rate limit hit on A counts on B', async () => {
    const email = `scala-${Date.now().toString(36)}@prova.test`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await api(INSTANCES.A, '/users/login', { email, password: 'sbagliata-123' });
      expect(wrong.status, wrong.text).toBe(400);
    }
    const onB = await api(INSTANCES.B, '/users/login', { email, password: 'sbagliata-123' });
    expect(onB.status, onB.text).toBe(429);
    expect(onB.text).toContain('Troppi tentativi');
  });

  // Before the kill below, so that both instances take part.
  it('each periodic job runs once per minute across the two instances', async () => {
    // At least two minutes of both instances' cron passes and workers.
    const wait = Math.max(0, startedAt + 150_000 - Date.now());
    await new Promise((resolve) => setTimeout(resolve, wait));
    // pg-boss files each occurrence under its minute slot; both instances' cron passes see it.
    const slots = await sql<{ queue: string; slot: string; sent: number }[]>`
      select data->>'name' as queue, data->>'slot' as slot, count(*)::int as sent from pgboss.job
      where name = '__pgboss__send-it' and state = 'completed' group by 1, 2`;
    const runs = await sql<{ name: string; state: string; output: { istanza?: string } | null }[]>`
      select name, state, output from pgboss.job
      where name in ('posta.in-uscita', 'dashboard.aggiornamento') and data is null order by created_on`;
    for (const name of ['posta.in-uscita', 'dashboard.aggiornamento']) {
      const own = runs.filter((row) => row.name === name);
      const ownSlots = slots.filter((row) => row.queue === name);
      console.log(`${name}: ${ownSlots.length} minuti, ${own.length} esecuzioni, istanze ${[...new Set(own.map((row) => row.output?.istanza))].join(', ')}`);
      expect(ownSlots.length).toBeGreaterThanOrEqual(2);
      expect(ownSlots.filter((row) => row.sent !== 1), 'un solo invio per minuto').toEqual([]);
      // A slot forwarded in the last instants may not have become its job yet.
      expect(own.length, 'un lavoro per ogni minuto').toBeGreaterThanOrEqual(ownSlots.length - 1);
      expect(own.length, 'un lavoro per ogni minuto').toBeLessThanOrEqual(ownSlots.length);
      expect(own.filter((row) => row.state === 'failed')).toEqual([]);
    }
  }, 240_000);

  it('one instance killed mid-traffic loses no accepted write, and the other keeps serving', async () => {
    const token = (await api(BALANCER, '/users/login', { email: staff.email, password: staff.password })).json().token;
    const tag = `scala${Date.now().toString(36)}`;
    const accepted: string[] = [];
    const refused: number[] = [];
    let killed = false;
    for (let i = 0; i < 60; i += 1) {
      if (i === 20) {
        const instanceA = processes.find((started) => started.name === 'next A');
        instanceA?.child.kill('SIGKILL');
        killed = true;
      }
      const created = await api(BALANCER, '/addContact', { name: `Ospite ${i}`, surname: tag, email: `${tag}-${i}@prova.test` }, token).catch(() => null);
      if (created?.status === 200) accepted.push(`${tag}-${i}@prova.test`);
      else refused.push(i);
    }
    expect(killed).toBe(true);
    const stored = await sql<{ email: string }[]>`select email from contacts where email like ${`${tag}-%`}`;
    const storedEmails = new Set(stored.map((row) => row.email));
    console.log(`Scritture accettate: ${accepted.length} su 60, rifiutate durante l'arresto: ${refused.length}`);
    for (const email of accepted) expect(storedEmails.has(email), email).toBe(true);
    // After the kill the balancer sends everything to B.
    expect(accepted.length).toBeGreaterThanOrEqual(55);
    for (let i = 0; i < 10; i += 1) {
      const answer = await fetch(at(BALANCER, '/login'));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-upstream')).toBe(`127.0.0.1:${INSTANCES.B}`);
    }
  });
});
