import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { createBoss, JOBS_SCHEMA } from '@/lib/jobs/boss';
import { listScheduledJobs } from '@/lib/workflows/jobs-overview';
import { PERIODIC_JOBS } from '@/lib/workflows/periodic-jobs';
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
