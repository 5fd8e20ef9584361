import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_LOGINS } from '@/db/seed/logins';
import { stopProcess, waitForReady, type Started } from './cluster';
import { scaleDatabase, startServer } from './scale-database';

/**
 * SIGTERM under load, on the production server (server.mjs) with its jobs: /api/ready turns 503
 * while the listener still serves, every request the server accepted answers 2xx, the mail job
 * that was running finishes instead of waiting for its expiry, and the process exits 0 within the
 * grace period. Run by `npm run test:scale` (the build it needs is made there).
 */
const PORT = Number(process.env.SHUTDOWN_TEST_PORT ?? 3303);
const GRACE_SECONDS = 15;
const DRAIN_SECONDS = 2;
/** How long the stand-in mail provider holds the job's mail: the job is running when SIGTERM comes. */
const SLOW_MAIL_MS = 4_000;
const MARKER = `Arresto ${randomBytes(4).toString('hex')}`;
const database = scaleDatabase('sigterm');
const { url: databaseUrl, sql } = database;
const staff = DEMO_LOGINS.find((login) => login.email === 'staff@lagoazzurro.test')!;
const at = (path: string) => `http://127.0.0.1:${PORT}${path}`;
let server: Started | undefined;
let provider: Server;
let slowMailArrived: () => void;
const slowMail = new Promise<void>((resolve) => (slowMailArrived = resolve));

/** Resend's stand-in: answers at once, except the test's own mail, held SLOW_MAIL_MS. */
async function startProvider(): Promise<number> {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const reply = () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: randomBytes(8).toString('hex') }));
      if (!body.includes(MARKER)) return reply();
      slowMailArrived();
      setTimeout(reply, SLOW_MAIL_MS);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  return (provider.address() as { port: number }).port;
}

beforeAll(async () => {
  await database.create();
  const providerPort = await startProvider();
  server = startServer('server', PORT, {
    DATABASE_URL: databaseUrl,
    DATABASE_APP_URL: await database.appUrl(),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    APP_URL: at(''),
    RESEND_API_KEY: 're_test_shutdown_0123456789',
    RESEND_BASE_URL: `http://127.0.0.1:${providerPort}`,
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
  });
  await waitForReady(at('/api/ready'));
}, 300_000);

afterAll(async () => {
  await stopProcess(server, 'SIGKILL');
  await new Promise((resolve) => provider?.close(resolve));
  await database.close({ drop: true });
});

type Outcome = { path: string; sentAt: number; status?: number; error?: string };

it('SIGTERM under load: ready 503 first, every accepted request answers 2xx, the running job finishes, exit 0 within the grace period', async () => {
  const login = await fetch(at('/api/users/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: staff.email, password: staff.password }) });
  expect(login.status).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { camping: string } };
  const calls: [string, RequestInit][] = [
    ['/api/ready', {}],
    ['/login', {}],
    ['/api/getQuote/lazy', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ limit: 20 }) }],
  ];
  const outcomes: Outcome[] = [];
  const readiness: Outcome[] = [];
  // The balancer: polls /api/ready every 500 ms and takes the instance out after two answers
  // other than 200 in a row (docs/deploy.md); it goes on polling until the connection is refused.
  let takenOut = false;
  let refusedAt = 0;
  const balancer = async () => {
    let notReady = 0;
    while (!refusedAt) {
      const outcome: Outcome = { path: '/api/ready', sentAt: Date.now() };
      readiness.push(outcome);
      try {
        const answer = await fetch(at('/api/ready'));
        await answer.arrayBuffer();
        outcome.status = answer.status;
        notReady = answer.status === 200 ? 0 : notReady + 1;
        if (notReady >= 2) takenOut = true;
      } catch (error) {
        outcome.error = String((error as { cause?: { code?: string } }).cause?.code ?? error);
        refusedAt = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  // The traffic the balancer sends the instance while it is in the pool.
  const worker = async (index: number) => {
    for (let turn = index; !takenOut; turn += 1) {
      const [path, init] = calls[turn % calls.length];
      const outcome: Outcome = { path, sentAt: Date.now() };
      outcomes.push(outcome);
      try {
        const answer = await fetch(at(path), { ...init, redirect: 'manual' });
        await answer.arrayBuffer();
        outcome.status = answer.status;
      } catch (error) {
        outcome.error = String((error as { cause?: { code?: string } }).cause?.code ?? error);
      }
    }
  };

  // The mail job: a row of the outbox whose provider call takes SLOW_MAIL_MS, and a run of its queue now.
  await sql`insert into mail_outbox (id, camping_id, idempotency_key, kind, from_address, recipients, subject, html)
            values (${randomBytes(8).toString('hex')}, ${user.camping}, ${MARKER}, 'prova', 'crm@example.test', ${sql.json(['ospite@example.test'])}, ${MARKER}, ${`<p>${MARKER}</p>`})`;
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.send('posta.in-uscita', { subito: true });
  await boss.stop({ graceful: false });

  const workers = [balancer(), ...Array.from({ length: 6 }, (_unused, index) => worker(index))];
  await slowMail;
  const [active] = await sql<{ id: string }[]>`select id from pgboss.job where name = 'posta.in-uscita' and state = 'active'`;
  expect(active, 'the outbox job is running').toBeDefined();

  const exited = new Promise<{ code: number | null; at: number }>((resolve) => server!.child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const signalledAt = Date.now();
  server!.child.kill('SIGTERM');
  const exit = await exited;
  await Promise.all(workers);

  const output = server!.output.join('');
  expect(exit.code, output).toBe(0);
  expect(exit.at - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
  // Every request sent while the instance was in the pool answered 2xx (/api/ready 503 once it is going away), also those in flight at the signal.
  const failed = (outcome: Outcome) => outcome.status === undefined || (outcome.status >= 300 && !(outcome.path === '/api/ready' && outcome.status === 503));
  expect(outcomes.filter(failed).map((outcome) => ({ ...outcome, afterSignalMs: outcome.sentAt - signalledAt }))).toEqual([]);
  expect(outcomes.filter((outcome) => outcome.sentAt > signalledAt).length, 'requests sent after SIGTERM').toBeGreaterThan(0);
  // /api/ready said 503 first, and for the drain, while the listener still answered.
  expect(readiness.filter((outcome) => outcome.sentAt < signalledAt).every((outcome) => outcome.status === 200)).toBe(true);
  const firstNotReady = readiness.find((outcome) => outcome.status === 503);
  expect(firstNotReady, 'a 503 from /api/ready').toBeDefined();
  expect(refusedAt, 'the listener closed').toBeGreaterThan(firstNotReady!.sentAt);
  expect(refusedAt - signalledAt).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
  // The running job finished: neither left active until its expiry nor its mail sent twice.
  const [job] = await sql<{ state: string }[]>`select state from pgboss.job where id = ${active.id}`;
  expect(job.state).toBe('completed');
  const [mail] = await sql<{ status: string }[]>`select status from mail_outbox where idempotency_key = ${MARKER}`;
  expect(mail.status).toBe('sent');
  console.log(`Arresto: uscita ${exit.code} dopo ${exit.at - signalledAt} ms; ${outcomes.length} richieste, tutte 2xx; porta chiusa dopo ${refusedAt - signalledAt} ms`);
}, 120_000);
