import type { PgBoss } from 'pg-boss';
import { getDb } from '@/db/client';
import { startMailboxWorkers } from '@/lib/mailbox/jobs';
import { startNewsletterWorkers } from '@/lib/newsletter/worker';
import { getBoss, instanceName } from '@/lib/jobs/boss';
import { PERIODIC_JOBS, type PeriodicJob } from './periodic-jobs';

const TIME_ZONE = 'Europe/Rome';

// Periodic work is idempotent: a job lost with a crashed worker is retried, a slow one expires.
const QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60, deleteAfterSeconds: 14 * 24 * 60 * 60 };

async function declare(boss: PgBoss, job: PeriodicJob): Promise<void> {
  if (!(await boss.getQueue(job.queue))) await boss.createQueue(job.queue, QUEUE_OPTIONS);
  // An upsert: every instance declares the same schedule, pg-boss keeps one row per queue.
  await boss.schedule(job.queue, job.cron, null, { tz: TIME_ZONE });
}

async function work(boss: PgBoss, job: PeriodicJob): Promise<void> {
  await boss.work(job.queue, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
    const startedAt = Date.now();
    const result = await job.run(getDb());
    // Stored as the job's output: the "Attività pianificate" view and the scale test read it.
    return { ...result, istanza: instanceName(), durataMs: Date.now() - startedAt };
  });
}

const state = globalThis as unknown as { crmJobsStarting?: Promise<void> };

/**
 * Declares every periodic job and works them in this process: the server (instrumentation.ts,
 * unless JOBS_IN_SERVER=0) and `npm run worker` both call it. Safe to call twice.
 */
export function startJobWorkers(): Promise<void> {
  state.crmJobsStarting ??= (async () => {
    const boss = await getBoss();
    // Schedules of jobs that no longer exist would keep sending into queues nobody works.
    const known = new Set(PERIODIC_JOBS.map((job) => job.queue));
    for (const schedule of await boss.getSchedules()) if (!known.has(schedule.name as never)) await boss.unschedule(schedule.name, schedule.key);
    for (const job of PERIODIC_JOBS) {
      await declare(boss, job);
      await work(boss, job);
    }
    await startNewsletterWorkers();
    await startMailboxWorkers();
  })().catch((error: unknown) => {
    state.crmJobsStarting = undefined;
    throw error;
  });
  return state.crmJobsStarting;
}

/** Queues a run of a periodic job now (the admin's "Esegui ora"); the next free worker takes it. */
export async function runJobNow(queue: string): Promise<string | null> {
  const job = PERIODIC_JOBS.find((candidate) => candidate.queue === queue);
  if (!job) return null;
  const boss = await getBoss();
  if (!(await boss.getQueue(job.queue))) await boss.createQueue(job.queue, QUEUE_OPTIONS);
  return boss.send(job.queue, { richiestaManuale: true });
}
