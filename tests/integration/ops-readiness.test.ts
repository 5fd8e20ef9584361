import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createClient } from '@redis/client';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import journal from '@/db/migrations/meta/_journal.json' with { type: 'json' };
import { GET as health } from '@/app/api/health/route';
import { openDatabase, type Database } from '@/db/client';
import { markShuttingDown } from '@/lib/ops/lifecycle';
import { cachedProbe } from '@/lib/health/probe-cache';
import { checkReadiness, readinessResponse, type ReadinessSources } from '@/lib/health/readiness';
import type { RedisClient } from '@/lib/redis/client';
import { useTestDatabase } from '../helpers/db';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const newestTag = journal.entries.at(-1)!.tag;
let db: Database;
let redisServer: ChildProcess;
let redisPort: number;
const clients: RedisClient[] = [];

function redisAt(port: number): () => Promise<RedisClient> {
  const client: RedisClient = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: () => 200 } });
  client.on('error', () => {});
  clients.push(client);
  const connecting = client.connect().then(() => client);
  connecting.catch(() => {});
  return () => connecting;
}

async function answer(sources: ReadinessSources) {
  const response = readinessResponse(await checkReadiness(sources));
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as Awaited<ReturnType<typeof checkReadiness>> };
}

beforeAll(async () => {
  db = await useTestDatabase();
  // An in-memory PGlite's first statement loads the database: slower than the probe's timeout on a busy machine.
  await db.execute(sql`select 1`);
  redisPort = await closedPort();
  redisServer = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let tries = 0; ; tries++) {
    // A client per try: one whose first connect was refused answers «Socket already opened» ever after.
    const probe = createClient({ url: `redis://127.0.0.1:${redisPort}`, socket: { reconnectStrategy: false } });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.close();
      break;
    } catch {
      // Refused with no reconnect strategy: the client is closed already.
      if (tries > 50) throw new Error('redis-server non parte');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  redisServer?.kill();
});

describe('GET /api/health', () => {
  it('answers alive with the version and uptime, never cached', async () => {
    const response = health();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['status', 'uptimeSeconds', 'version']);
    expect(body).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+ /) });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /api/ready', () => {
  it('200 when the database answers at this build’s migration, Redis answers and pg-boss has started', async () => {
    const boss = Promise.resolve({});
    const { status, cacheControl, body } = await answer({ db, redis: redisAt(redisPort), jobs: () => boss });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(cacheControl).toBe('no-store');
    expect(body).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, ms: expect.any(Number) },
        migrations: { ok: true, expected: newestTag, applied: newestTag },
        redis: { ok: true, ms: expect.any(Number) },
        jobs: { ok: true, started: true },
        shutdown: { ok: true },
      },
    });
  });

  it('leaves Redis and the jobs out where they are not configured', async () => {
    const { status, body } = await answer({ db, redis: () => null, jobs: null });
    expect(status).toBe(200);
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'migrations', 'shutdown']);
  });

  // Before the tests whose Redis clients keep retrying a closed port: their timers come and go.
  it('leaves no timer behind once pg-boss has answered (a readiness poll every second must not pile them up)', async () => {
    const boss = Promise.resolve({});
    const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    expect((await answer({ db, redis: () => null, jobs: () => boss })).status).toBe(200);
    const before = pendingTimers();
    for (let poll = 0; poll < 5; poll++) expect((await answer({ db, redis: () => null, jobs: () => boss })).body.checks.jobs).toEqual({ ok: true, started: true });
    expect(pendingTimers()).toBe(before);
  });

  it('503 with database.ok false when PostgreSQL does not answer (a closed port), without the address in the answer', async () => {
    const port = await closedPort();
    const handle = openDatabase({ url: `postgres://postgres:segreta@127.0.0.1:${port}/crm_nessuno` });
    try {
      const started = Date.now();
      const { status, body } = await answer({ db: handle.db, redis: () => null, jobs: null });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(status).toBe(503);
      expect(body.status).toBe('not_ready');
      expect(body.checks.database).toMatchObject({ ok: false });
      expect(body.checks.migrations).toEqual({ ok: false, expected: newestTag, applied: null });
      const text = JSON.stringify(body);
      expect(text).not.toContain('segreta');
      expect(text).not.toContain(String(port));
    } finally {
      await handle.close().catch(() => {});
    }
  });

  it('503 with redis.ok false when REDIS_URL points at a closed port', async () => {
    const { status, body } = await answer({ db, redis: redisAt(await closedPort()), jobs: null });
    expect(status).toBe(503);
    expect(body.checks.redis).toMatchObject({ ok: false });
    expect(body.checks.database.ok).toBe(true);
  });

  it('503 while pg-boss has not started where jobs run', async () => {
    const { status, body } = await answer({ db, redis: () => null, jobs: () => undefined });
    expect(status).toBe(503);
    expect(body.checks.jobs).toEqual({ ok: false, started: false });
    const failed = Promise.reject(new Error('avvio fallito'));
    failed.catch(() => {});
    expect((await answer({ db, redis: () => null, jobs: () => failed })).body.checks.jobs).toEqual({ ok: false, started: false });
  });

  it('503 when the database is behind this build (its newest migration not applied)', async () => {
    let checks: Awaited<ReturnType<typeof answer>> | undefined;
    // Inside a transaction rolled back at the end: the database stays migrated for the other files.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
        checks = await answer({ db: tx as unknown as Database, redis: () => null, jobs: null });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(checks?.status).toBe(503);
    const { migrations } = checks!.body.checks;
    expect(migrations).toMatchObject({ ok: false, expected: newestTag });
    expect(migrations.applied).not.toBe(newestTag);
  });

  it('probes at most once a second, callers in between share the answer', async () => {
    let probes = 0;
    const probe = async () => ++probes;
    expect(await cachedProbe('test', 1_000, probe)).toBe(1);
    expect(await cachedProbe('test', 1_000, probe)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect(await cachedProbe('test', 1_000, probe)).toBe(2);
  });

  // Last: the process stays marked as going away.
  it('503 with shutdown.ok false once the process is shutting down', async () => {
    markShuttingDown();
    const { status, body } = await answer({ db, redis: () => null, jobs: null });
    expect(status).toBe(503);
    expect(body.checks.shutdown).toEqual({ ok: false });
    expect(body.checks.database.ok).toBe(true);
  });
});
