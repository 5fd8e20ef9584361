import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

/**
 * Issue 26: with TRUST_PROXY unset (every single-instance install) the app knew no client address,
 * so no limit by address applied: anyone could hash passwords or render PDFs as fast as they liked.
 * server.mjs now stamps the socket's address on every request, whatever X-Forwarded-For says.
 * This starts a second production server without TRUST_PROXY and calls it from an address of its
 * own (127.0.0.x), so the suite's other clients share nothing with it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 90;
const CLIENT = `127.0.0.${20 + (process.pid % 200)}`;

let server: ChildProcess | null = null;
let pgliteDir: string | null = null;

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    TRUST_PROXY: '0',
    JOBS_IN_SERVER: '0',
    APP_URL: `http://127.0.0.1:${PORT}`,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: process.env.E2E_DATA_ENCRYPTION_KEY,
  };
  delete env.DATABASE_APP_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else {
    // The embedded database allows one process per folder: this server gets a migrated one of its own.
    delete env.DATABASE_URL;
    pgliteDir = mkdtempSync(join(tmpdir(), 'crm-client-address-'));
    env.PGLITE_DIR = pgliteDir;
    const migrated = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'db/migrate.ts'], { env, encoding: 'utf8' });
    if (migrated.status !== 0) throw new Error(`migrazione non riuscita: ${migrated.stderr}`);
  }
  return env;
}

/** A POST from CLIENT, with a forged X-Forwarded-For naming someone else each time. */
function post(path: string, body: object, forged: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const call = httpRequest(
      { host: '127.0.0.1', port: PORT, path, method: 'POST', localAddress: CLIENT, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'x-forwarded-for': forged } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    call.on('error', reject);
    call.end(data);
  });
}

async function ready(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server?.exitCode !== null) throw new Error('il server si è fermato all’avvio');
    const up = await fetch(`http://127.0.0.1:${PORT}/login`).then((answer) => answer.ok, () => false);
    if (up) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('il server non risponde');
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ['server.mjs', '--port', String(PORT), '--hostname', '127.0.0.1'], { env: serverEnv(), stdio: 'ignore' });
  await ready();
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

test('without a trusted proxy the socket’s address counts, whatever X-Forwarded-For claims', async () => {
  const failures: number[] = [];
  // Twenty wrong passwords are the limit per address in 15 minutes (LOGIN_LIMITS.perAddress).
  for (let guess = 1; guess <= 20; guess++) {
    const answer = await post('/api/users/login', { email: `nessuno-${guess}-${CLIENT}@prova.test`, password: 'sbagliata' }, `203.0.113.${guess}`);
    failures.push(answer.status);
  }
  expect(failures.every((status) => status === 400)).toBe(true);
  const refused = await post('/api/users/login', { email: `ancora-${CLIENT}@prova.test`, password: 'sbagliata' }, '198.51.100.7');
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.text).error).toMatch(/^Troppi tentativi di accesso da questo indirizzo/);
});
