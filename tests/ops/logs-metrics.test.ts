import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMetrics } from '../helpers/prometheus';
import { startProcess, stopProcess, waitForReady, type Started } from '../scale/cluster';

// The production server (server.mjs over the build) on a migrated and seeded database of its own:
// what it prints on stdout is what a log shipper reads, and /api/metrics is what Prometheus scrapes.
const PORT = Number(process.env.OPS_PORT ?? 3190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const METRICS_TOKEN = 'metriche-di-prova-0123456789';
const GUEST_PATH = '/visualizzaPreventivo/F4wAODC4mIB6ExyEGj6lBA/-jFsD4lxu2U6NhXLQefRHQ/BLNEXUj2g1tjcFBqklaHBg';
const GUEST_PATTERN = '/visualizzaPreventivo/[clienteID]/[idPreventivo]/[idCampeggio]';
const EMAIL = 'mario.rossi@example.com';
const BEARER = 'segreto-del-cliente-abcdef123456';
// The demo data's administrator (db/seed).
const DEMO_ADMIN = 'admin@lagoazzurro.test';
const DEMO_PASSWORD = 'LagoAzzurro-2026!';

let databaseEnv: Record<string, string>;
let dropDatabase = async () => {};
let server: Started | undefined;

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    ...databaseEnv,
    APP_URL: ORIGIN,
    AUTH_SECRET: 'ops-test-auth-secret-0123456789abcdef',
    DATA_ENCRYPTION_KEY: 'ops-test-encryption-key-0123456789abcdef',
    TRUST_PROXY: '1',
    JOBS_IN_SERVER: '0',
    LOG_FORMAT: '',
    LOG_REQUESTS: '',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

async function start(extra: Record<string, string>): Promise<Started> {
  const started = startProcess('server', process.execPath, ['server.mjs', '--port', String(PORT), '--hostname', '127.0.0.1'], serverEnv(extra));
  await waitForReady(`${ORIGIN}/login`, 90_000);
  return started;
}

const stdoutLines = (started: Started) => {
  // startProcess keeps stdout and stderr together; the log is the JSON lines, checked one by one below.
  return started.output.join('').split('\n').filter((line) => line.trim() !== '');
};

beforeAll(async () => {
  if (!existsSync('.next/BUILD_ID')) throw new Error('Manca la build: npx next build --webpack');
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    const name = `${url.pathname.slice(1)}_ops`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    url.pathname = `/${name}`;
    databaseEnv = { DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const again = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await again.unsafe(`drop database if exists "${name}" with (force)`);
      await again.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'crm-ops-pglite-'));
    databaseEnv = { PGLITE_DIR: dir, DATABASE_URL: '' };
    dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
  }
  const tsx = path.resolve('node_modules/.bin/tsx');
  for (const script of ['db/migrate.ts', 'db/seed.ts']) execFileSync(tsx, [script], { env: { ...process.env, ...databaseEnv }, stdio: 'ignore' });
});

afterAll(async () => {
  await stopProcess(server);
  await dropDatabase();
});

describe('the production server’s logs and metrics', () => {
  it('prints one JSON line per request, with the answer’s id, the route pattern and no personal data', { timeout: 120_000 }, async () => {
    server = await start({ METRICS_TOKEN });
    const given = await fetch(`${ORIGIN}${GUEST_PATH}?email=${EMAIL}`, { headers: { 'x-request-id': 'proxy-id.42', 'x-forwarded-for': '203.0.113.9' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-id.42');
    const refused = await fetch(`${ORIGIN}/login`, { headers: { 'x-request-id': 'not a valid id; drop table' } });
    const generated = refused.headers.get('x-request-id') ?? '';
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const api = await fetch(`${ORIGIN}/api/getContact/${EMAIL}`, { method: 'POST', headers: { authorization: `Bearer ${BEARER}` } });
    const apiId = api.headers.get('x-request-id');
    // A staff call through the API: its unit of work walls one campsite, which the line names.
    const login = await fetch(`${ORIGIN}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_ADMIN, password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const dashboard = await fetch(`${ORIGIN}/api/users/loadUserParameters`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN }),
    });
    const dashboardId = dashboard.headers.get('x-request-id');
    await Promise.all([given.arrayBuffer(), refused.arrayBuffer(), api.arrayBuffer(), dashboard.arrayBuffer()]);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const lines = stdoutLines(server);
    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`riga non JSON nel log: ${line}`);
      }
    });
    const requestLine = (id: string | null) => entries.find((entry) => entry.msg === 'richiesta' && entry.reqId === id);
    expect(requestLine('proxy-id.42')).toMatchObject({ level: 'info', method: 'GET', route: GUEST_PATTERN, status: expect.any(Number), durationMs: expect.any(Number) });
    expect(requestLine(generated)).toMatchObject({ route: '/login', status: 200 });
    expect(requestLine(apiId)).toMatchObject({ route: '/api/[...legacy]', method: 'POST', status: 401 });
    expect(requestLine(dashboardId)).toMatchObject({ route: '/api/[...legacy]', status: 200, campsiteId: expect.any(String) });
    const log = lines.join('\n');
    for (const secret of [EMAIL, BEARER, 'F4wAODC4mIB6ExyEGj6lBA', 'drop table', DEMO_ADMIN, DEMO_PASSWORD, token]) expect(log).not.toContain(secret);
  });

  it('answers the metrics to the token’s bearer only, counted by route pattern', { timeout: 60_000 }, async () => {
    expect((await fetch(`${ORIGIN}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${ORIGIN}/api/metrics`, { headers: { authorization: 'Bearer sbagliato-0123456789' } })).status).toBe(401);
    const answer = await fetch(`${ORIGIN}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const samples = parseMetrics(await answer.text());
    const guestCount = samples.filter((sample) => sample.name === 'crm_http_requests_total' && sample.labels.route === GUEST_PATTERN);
    expect(guestCount.reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => sample.name === 'crm_http_requests_total' && sample.labels.route?.includes('F4wAODC4'))).toBe(false);
    expect(samples.some((sample) => sample.name === 'crm_http_request_duration_seconds_bucket' && sample.labels.route === '/login')).toBe(true);
    for (const name of ['crm_mail_outbox_pending', 'crm_mail_outbox_oldest_pending_seconds', 'crm_mailbox_sync_lag_seconds', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes']) {
      expect(samples.some((sample) => sample.name === name), name).toBe(true);
    }
    const scrapeId = answer.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stdoutLines(server!).some((line) => line.includes(`"reqId":"${scrapeId}"`) && line.includes('"route":"/api/metrics"'))).toBe(true);
  });

  it('has no metrics address without METRICS_TOKEN', { timeout: 120_000 }, async () => {
    await stopProcess(server);
    server = await start({ METRICS_TOKEN: '' });
    expect((await fetch(`${ORIGIN}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
  });
});
