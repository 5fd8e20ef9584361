import { hostname } from 'node:os';
import { PgBoss, fromPglite, type Job, type Queue } from 'pg-boss';
import { getDatabaseHandle, type DatabaseHandle } from '@/db/client';
import { logger } from '@/lib/ops/logger.mjs';
import { requestContext } from '@/lib/ops/request-context.mjs';

/** pg-boss's own schema beside ours, in the same database. */
export const JOBS_SCHEMA = 'pgboss';

/** Who ran a job, kept in its output: the history shows which instance did the work. */
export const instanceName = () => `${hostname()}:${process.pid}`;

const globalForBoss = globalThis as unknown as { crmBoss?: Promise<PgBoss> };

/** A pg-boss over the database of the handle (not started). */
export function createBoss(handle: DatabaseHandle): PgBoss {
  const common = { schema: JOBS_SCHEMA, application_name: 'crm-campeggi-jobs' };
  if (handle.pglite) {
    // One embedded connection shared with the app: pg-boss's multi-statement plans go through
    // PGlite's exec(), which returns the rows of every statement (the adapter pg-boss ships).
    return logJobRuns(new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' }));
  }
  // A small pool of its own: pg-boss needs session features (LISTEN, its own transactions).
  return logJobRuns(new PgBoss({ ...common, connectionString: handle.url, max: 4 }));
}

type WorkHandler = (jobs: Job<unknown>[]) => Promise<unknown>;

/**
 * One log line per job run, for every worker of this boss: queue, job id, campsite (from the job's
 * data or the unit of work), duration and outcome, a failure with its stack. The run's own log
 * lines carry the job id as their reqId.
 */
function logJobRuns(boss: PgBoss): PgBoss {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const wrapped = (name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as WorkHandler;
    return work(name, ...rest, async (jobs: Job<unknown>[]) => {
      const started = performance.now();
      const jobId = jobs.map((job) => job.id).join(',');
      const data = jobs[0]?.data as { campsiteId?: unknown } | undefined;
      const store = { requestId: jobId, campsiteId: typeof data?.campsiteId === 'string' ? data.campsiteId : undefined };
      const line = () => ({ queue: name, jobId, ...(store.campsiteId ? { campsiteId: store.campsiteId } : {}), durationMs: Math.round((performance.now() - started) * 10) / 10 });
      try {
        const result = await requestContext.run(store, () => handler(jobs));
        logger.info({ ...line(), outcome: 'ok' }, 'lavoro');
        return result;
      } catch (error) {
        logger.error({ ...line(), outcome: 'failed', err: error }, 'lavoro');
        throw error;
      }
    });
  };
  (boss as unknown as { work: typeof wrapped }).work = wrapped;
  return boss;
}

/**
 * The process's pg-boss, started (schema created or migrated on first use). Every instance
 * starts one; pg-boss itself makes sure each scheduled occurrence is sent once.
 */
export function getBoss(): Promise<PgBoss> {
  if (!globalForBoss.crmBoss) {
    const boss = createBoss(getDatabaseHandle());
    boss.on('error', (error: unknown) => logger.error({ err: error }, 'Coda dei lavori: errore'));
    globalForBoss.crmBoss = boss.start().catch((error: unknown) => {
      globalForBoss.crmBoss = undefined;
      throw error;
    });
  }
  return globalForBoss.crmBoss;
}

/** This process's pg-boss if it runs one (jobs in the server, the worker); never starts one. */
export const runningBoss = (): Promise<PgBoss> | undefined => globalForBoss.crmBoss;

/** Stops taking work and waits for the running jobs (graceful shutdown, tests). */
export async function stopBoss(timeoutMs = 20_000): Promise<void> {
  const started = globalForBoss.crmBoss;
  globalForBoss.crmBoss = undefined;
  if (started) await (await started).stop({ graceful: true, timeout: timeoutMs });
}

/**
 * What was done once for a pg-boss instance, kept on the instance itself under a registry key:
 * every bundled copy of a module reaches the same boss (getBoss keeps it on globalThis), so it
 * sees the same record, and a boss started again after stopBoss starts with an empty one.
 */
const DONE = Symbol.for('crm.jobs.doneOnce');

/** Runs `task` once per pg-boss instance and name; a failure is forgotten, so the next call tries again. */
export function oncePerBoss(boss: PgBoss, name: string, task: () => Promise<void>): Promise<void> {
  const holder = boss as unknown as { [DONE]?: Map<string, Promise<void>> };
  const done = (holder[DONE] ??= new Map());
  let running = done.get(name);
  if (!running) {
    running = task();
    done.set(name, running);
    running.catch(() => done.delete(name));
  }
  return running;
}

/**
 * Declares a queue, once per instance. createQueue is itself idempotent (an insert that does
 * nothing when the queue exists, under pg-boss's advisory lock), so instances racing to declare
 * one are safe; a queue that exists keeps the options it was created with.
 */
export function declareQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name'> = {}): Promise<void> {
  return oncePerBoss(boss, `queue:${name}`, () => boss.createQueue(name, options));
}
