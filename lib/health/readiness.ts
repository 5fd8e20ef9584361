import { sql } from 'drizzle-orm';
import journal from '@/db/migrations/meta/_journal.json' with { type: 'json' };
import { getDb, type Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { runningBoss } from '@/lib/jobs/boss';
import { env } from '@/lib/env';
import { getRedis, type RedisClient } from '@/lib/redis/client';
import { isShuttingDown } from '@/lib/ops/lifecycle';
import { cachedProbe } from './probe-cache';

/** A probe slower than this counts as failed: a balancer must not wait on a hung database. */
export const PROBE_TIMEOUT_MS = 1_000;
/** How long one probe's answer serves every poll (GET /api/ready may be polled every second). */
export const PROBE_CACHE_MS = 1_000;

type Check = { ok: boolean; ms?: number; error?: string };
export type Readiness = {
  status: 'ready' | 'not_ready';
  checks: {
    database: Check;
    migrations: { ok: boolean; expected: string; applied: string | null };
    redis?: Check;
    jobs?: { ok: boolean; started: boolean };
    shutdown: { ok: boolean };
  };
};

/** What the ready check looks at; the route passes this process's own, tests their own. */
export type ReadinessSources = {
  db: Database;
  /** The Redis connection when REDIS_URL is set, else null. */
  redis: () => Promise<RedisClient> | null;
  /** This process's pg-boss when it must run one (JOBS_IN_SERVER=1), else null. */
  jobs: (() => Promise<unknown> | undefined) | null;
};

/** The newest migration this build carries (its journal is bundled at build time). */
const newest = journal.entries.reduce((last, entry) => (entry.when > last.when ? entry : last));
const tagOf = (when: number) => journal.entries.find((entry) => entry.when === when)?.tag ?? `più recente (${when})`;

class ProbeTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms = PROBE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`nessuna risposta in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** `work`'s answer, or `fallback` when it takes longer than `ms`; the timer is cleared either way. */
function settledWithin<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(resolve, ms, fallback);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The error's kind only: a driver's message may carry a host, a user or a query. */
const errorName = (error: unknown) =>
  error instanceof ProbeTimeout ? 'timeout' : ((error as { code?: unknown })?.code?.toString() ?? (error instanceof Error ? error.name : 'errore'));

async function timed(work: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await withTimeout(work());
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: errorName(error) };
  }
}

async function databaseChecks(db: Database): Promise<Pick<Readiness['checks'], 'database' | 'migrations'>> {
  const database = await timed(() => db.execute(sql`select 1`));
  const expected = newest.tag;
  if (!database.ok) return { database, migrations: { ok: false, expected, applied: null } };
  try {
    // drizzle's migrator records each applied migration with its journal `when` as created_at.
    const rows = resultRows<{ applied: string | number | null }>(
      await withTimeout(db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`)),
    );
    const applied = rows[0]?.applied == null ? null : Number(rows[0].applied);
    // A newer schema is fine: migrations only add before they remove, so an older build keeps working on it.
    return { database, migrations: { ok: applied !== null && applied >= newest.when, expected, applied: applied === null ? null : tagOf(applied) } };
  } catch {
    return { database, migrations: { ok: false, expected, applied: null } };
  }
}

async function redisCheck(connect: () => Promise<RedisClient> | null): Promise<Check | undefined> {
  const connection = connect();
  if (!connection) return undefined;
  return timed(async () => (await connection).ping());
}

async function jobsCheck(running: ReadinessSources['jobs']): Promise<{ ok: boolean; started: boolean } | undefined> {
  if (!running) return undefined;
  const boss = running();
  // Started means the start promise has settled well; one still starting (no answer in 20 ms) or failed is not ready.
  const started = boss ? await settledWithin(boss.then(() => true, () => false), 20, false) : false;
  return { ok: started, started };
}

/** Every check, fresh (no cache): for tests and for processReadiness's cache. */
export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const [db, redis, jobs] = await Promise.all([databaseChecks(sources.db), redisCheck(sources.redis), jobsCheck(sources.jobs)]);
  const shutdown = { ok: !isShuttingDown() };
  const checks: Readiness['checks'] = { ...db, ...(redis ? { redis } : {}), ...(jobs ? { jobs } : {}), shutdown };
  const ready = Object.values(checks).every((check) => check.ok);
  return { status: ready ? 'ready' : 'not_ready', checks };
}

/** This process's readiness, probed at most once a PROBE_CACHE_MS; shutting down shows at once. */
export async function processReadiness(): Promise<Readiness> {
  const probed = await cachedProbe('ready', PROBE_CACHE_MS, () =>
    checkReadiness({ db: getDb(), redis: getRedis, jobs: env().JOBS_IN_SERVER ? runningBoss : null }),
  );
  if (!isShuttingDown()) return probed;
  return { status: 'not_ready', checks: { ...probed.checks, shutdown: { ok: false } } };
}

/** The answer of GET /api/ready: 200 when ready, else 503; never cached by a proxy. */
export function readinessResponse(readiness: Readiness): Response {
  return Response.json(readiness, { status: readiness.status === 'ready' ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
