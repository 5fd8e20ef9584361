import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/ops/logger.mjs';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { createBoss, declareQueue, JOBS_SCHEMA } from '@/lib/jobs/boss';
import { listScheduledJobs } from '@/lib/workflows/jobs-overview';
import { declarePeriodicJob, workPeriodicJob } from '@/lib/workflows/job-runner';
import { PERIODIC_JOBS, type PeriodicJob } from '@/lib/workflows/periodic-jobs';
import { failure } from '../helpers/errors';
import { ctxFor } from '../helpers/ctx';

// The job queue on the database the suite runs on: PGlite through pg-boss's adapter (one shared
// connection, multi-statement plans through exec), or PostgreSQL with two queue instances that
// stand for two servers.
const url = process.env.DATABASE_URL;
let handle: DatabaseHandle;
const started: PgBoss[] = [];

async function startedBoss(): Promise<PgBoss> {
  const boss = createBoss(handle);
  boss.on('error', () => {});
  started.push(boss);
  return boss.start();
}

beforeAll(async () => {
  handle = openDatabase(url ? { url } : { pgliteDir: 'memory://' });
});

afterAll(async () => {
  for (const boss of started) await boss.stop({ graceful: false, close: true, timeout: 1_000 });
  await handle.close();
});

const queueName = (what: string) => `prova.${what}.${Math.random().toString(36).slice(2, 8)}`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('job queue', () => {
  it('works 20 jobs, each exactly once, with two workers on the same database', async () => {
    const first = await startedBoss();
    // PGlite is one process's database: the second "server" exists only on PostgreSQL.
    const second = url ? await startedBoss() : first;
    const queue = queueName('venti');
    await first.createQueue(queue);
    const seen: number[] = [];
    const handler = async (jobs: { data: { n: number } }[]) => {
      for (const job of jobs) seen.push(job.data.n);
    };
    await first.work(queue, { batchSize: 4, pollingIntervalSeconds: 0.5 }, handler);
    await second.work(queue, { batchSize: 4, pollingIntervalSeconds: 0.5 }, handler);
    for (let n = 0; n < 20; n += 1) await first.send(queue, { n });

    const finished = await until(() => first.findJobs(queue), (jobs) => jobs.length === 20 && jobs.every((job) => job.state === 'completed'));
    expect(finished.map((job) => job.state)).toEqual(Array(20).fill('completed'));
    expect([...seen].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('a failing job is retried and then kept as failed with its error', async () => {
    const boss = await startedBoss();
    const queue = queueName('guasto');
    await boss.createQueue(queue, { retryLimit: 1, retryDelay: 0 });
    let attempts = 0;
    await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => {
      attempts += 1;
      throw new Error('provider non raggiungibile');
    });
    const id = await boss.send(queue, {});
    const [job] = await until(() => boss.findJobs(queue, { id: id! }), ([found]) => found?.state === 'failed');
    expect(job.state).toBe('failed');
    expect(attempts).toBe(2);
    expect(JSON.stringify(job.output)).toContain('provider non raggiungibile');
  });

  it('the server declares one schedule per periodic job, in its own schema', async () => {
    const boss = await startedBoss();
    for (const job of PERIODIC_JOBS) {
      await boss.createQueue(job.queue).catch(() => {});
      await boss.schedule(job.queue, job.cron, null, { tz: 'Europe/Rome' });
      // Declared again by a second server: still one row.
      await boss.schedule(job.queue, job.cron, null, { tz: 'Europe/Rome' });
    }
    const schedules = await boss.getSchedules();
    for (const job of PERIODIC_JOBS) expect(schedules.filter((row) => row.name === job.queue).map((row) => row.cron)).toEqual([job.cron]);
    const tables = await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = ${JOBS_SCHEMA} and table_name = 'job'`);
    expect(JSON.stringify(tables)).toContain('"job"');
  });
});

describe('queue declarations', () => {
  it('happen once per pg-boss instance, kept on the instance rather than in a module', async () => {
    const boss = await startedBoss();
    const name = queueName('dichiarata');
    const creates = vi.spyOn(boss, 'createQueue');
    await Promise.all([declareQueue(boss, name), declareQueue(boss, name)]);
    await declareQueue(boss, name);
    expect(creates).toHaveBeenCalledTimes(1);
    expect(await boss.getQueue(name)).not.toBeNull();
    // Another instance declares again; pg-boss keeps the queue as it was first created.
    const other = await startedBoss();
    await declareQueue(other, name, { policy: 'short' });
    expect((await other.getQueue(name))?.policy).toBe('standard');
  });
});

describe('a periodic job in seconds (newsletter recovery)', () => {
  it('runs once when the workers start, then once a period across all instances, never with two runs waiting', async () => {
    const first = await startedBoss();
    const second = url ? await startedBoss() : first;
    const runs: number[] = [];
    const job: PeriodicJob = {
      queue: queueName('recupero') as PeriodicJob['queue'],
      cron: '* * * * *',
      label: 'prova',
      frequency: 'ogni secondo',
      description: 'prova',
      everySeconds: () => 1,
      run: async () => {
        runs.push(Date.now());
        return {};
      },
    };
    const startedAt = Date.now();
    for (const boss of new Set([first, second])) {
      await declarePeriodicJob(boss, job);
      // The test's handle, not the process's: the job ignores it anyway.
      await workPeriodicJob(boss, job, () => handle.db);
    }
    await until(async () => runs.length, (count) => count >= 1, 10_000);
    // The start-up run does not wait for a period.
    expect(runs[0] - startedAt).toBeLessThan(3_000);

    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const waiting = (await first.findJobs(job.queue)).filter((row) => row.state === 'created');
    // One next run waits, for all instances together (and none left over from the start).
    expect(waiting.filter((row) => !row.singletonKey)).toHaveLength(1);
    expect(waiting.filter((row) => row.singletonKey)).toHaveLength(0);
    // A run a second, not one per instance: two instances would double it.
    const afterStart = runs.filter((at) => at > runs[0] + 500);
    expect(afterStart.length).toBeGreaterThanOrEqual(2);
    expect(afterStart.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < afterStart.length; i++) expect(afterStart[i] - afterStart[i - 1]).toBeGreaterThanOrEqual(900);
    expect((await first.getSchedules()).filter((row) => row.name === job.queue)).toHaveLength(1);
  });
});

describe('a periodic job that stops', () => {
  it('leaves its error in the server log, since the jobs page only says it stopped', async () => {
    const boss = await startedBoss();
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      const job: PeriodicJob = {
        queue: queueName('interrotta') as PeriodicJob['queue'],
        cron: '0 3 * * *',
        label: 'Prova interrotta',
        frequency: 'ogni notte',
        description: 'prova',
        run: async () => {
          throw new Error('connect ECONNREFUSED 10.0.0.5:443');
        },
      };
      await boss.createQueue(job.queue, { retryLimit: 0 });
      await workPeriodicJob(boss, job, () => handle.db);
      const id = await boss.send(job.queue, null);
      const [stored] = await until(() => boss.findJobs(job.queue, { id: id! }), ([found]) => found?.state === 'failed');
      expect(stored.output).toMatchObject({ message: 'connect ECONNREFUSED 10.0.0.5:443' });
      const line = logged.mock.calls.find(([fields]) => (fields as { job?: string }).job === 'Prova interrotta');
      expect(String((line?.[0] as { err?: Error } | undefined)?.err?.message)).toBe('connect ECONNREFUSED 10.0.0.5:443');
    } finally {
      logged.mockRestore();
    }
  });
});

// The view reads pg-boss's tables only: the session's own campsite plays no part.
const OWN_CAMPSITE = 'campsite-of-the-session';

describe('Attività pianificate', () => {
  it('shows each periodic job with the runs pg-boss kept, to the operator only', async () => {
    const boss = await startedBoss();
    const [job] = PERIODIC_JOBS;
    if (!(await boss.getQueue(job.queue))) await boss.createQueue(job.queue);
    const id = await boss.send(job.queue, { richiestaManuale: true });
    await boss.work(job.queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => ({ scaduti: 0, istanza: 'prova' }));
    await until(() => boss.findJobs(job.queue, { id: id! }), ([found]) => found?.state === 'completed');

    const overview = await listScheduledJobs(ctxFor(handle.db, { campsiteId: OWN_CAMPSITE, isOperator: true }));
    expect(overview.map((row) => row.queue)).toEqual(PERIODIC_JOBS.map((row) => row.queue));
    const shown = overview.find((row) => row.queue === job.queue)!;
    expect(shown.runs.find((run) => run.id === id)).toMatchObject({ state: 'completed', output: { scaduti: 0, istanza: 'prova' } });
    expect(shown.lastDay.completed).toBeGreaterThanOrEqual(1);

    expect((await failure(listScheduledJobs(ctxFor(handle.db, { campsiteId: OWN_CAMPSITE, isOperator: false })))).kind).toBe('forbidden');
  });
});
