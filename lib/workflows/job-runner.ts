import { logger } from '@/lib/ops/logger.mjs';
import type { PgBoss } from 'pg-boss';
import { getDb, type Database } from '@/db/client';
import { startMailboxWorkers } from '@/lib/mailbox/jobs';
import { startNewsletterWorkers } from '@/lib/newsletter/worker';
import { declareQueue, getBoss, instanceName, oncePerBoss } from '@/lib/jobs/boss';
import { PERIODIC_JOBS, type PeriodicJob } from './periodic-jobs';

const TIME_ZONE = 'Europe/Rome';

// Periodic work is idempotent: a job lost with a crashed worker is retried, a slow one expires.
const QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60, deleteAfterSeconds: 14 * 24 * 60 * 60 };

const queueOptions = (job: PeriodicJob) => (job.everySeconds ? { ...QUEUE_OPTIONS, policy: 'short' as const } : QUEUE_OPTIONS);

/** Exported for the jobs test, which declares and works a periodic job of its own. */
export async function declarePeriodicJob(boss: PgBoss, job: PeriodicJob): Promise<void> {
  await declareQueue(boss, job.queue, queueOptions(job));
  // An upsert: every instance declares the same schedule, pg-boss keeps one row per queue.
  await boss.schedule(job.queue, job.cron, null, { tz: TIME_ZONE });
}

/** The run a starting worker asks for: its own key, so a next run already waiting does not swallow it. */
const AT_START = 'avvio';

export async function workPeriodicJob(boss: PgBoss, job: PeriodicJob, db: () => Database = getDb): Promise<void> {
  const every = job.everySeconds?.();
  // A run due every few seconds is looked for at least twice a period (pg-boss polls at 0.5 s at most).
  const pollingIntervalSeconds = every ? Math.min(5, Math.max(0.5, every / 2)) : 5;
  await boss.work(job.queue, { batchSize: 1, pollingIntervalSeconds }, async () => {
    // The next run first: a worker that dies during this one leaves it queued. Policy 'short'
    // drops it when one is waiting already (the cron's, another instance's).
    if (every) await boss.send(job.queue, null, { startAfter: every });
    const startedAt = Date.now();
    let result: object;
    try {
      result = await job.run(db());
    } catch (error) {
      // pg-boss keeps the error in the job's output without logging it; the jobs page only says it stopped.
      logger.error({ err: error, job: job.label }, 'Attività pianificata interrotta');
      throw error;
    }
    // Stored as the job's output: the "Attività pianificate" view and the scale test read it.
    return { ...result, istanza: instanceName(), durataMs: Date.now() - startedAt };
  });
  // A worker that starts after a crash picks up what was left without waiting for the period.
  if (every) await boss.send(job.queue, null, { singletonKey: AT_START });
}

/**
 * Declares every periodic job and works them in this process: the server (instrumentation.ts,
 * unless JOBS_IN_SERVER=0) and `npm run worker` both call it. Safe to call twice, from any bundled
 * copy: it happens once per pg-boss instance.
 */
export async function startJobWorkers(): Promise<void> {
  const boss = await getBoss();
  await oncePerBoss(boss, 'periodic-workers', async () => {
    // Schedules of jobs that no longer exist would keep sending into queues nobody works.
    const known = new Set(PERIODIC_JOBS.map((job) => job.queue));
    for (const schedule of await boss.getSchedules()) if (!known.has(schedule.name as never)) await boss.unschedule(schedule.name, schedule.key);
    for (const job of PERIODIC_JOBS) {
      await declarePeriodicJob(boss, job);
      await workPeriodicJob(boss, job);
    }
    await startNewsletterWorkers();
    await startMailboxWorkers();
  });
}

/** Queues a run of a periodic job now (the admin's "Esegui ora"); the next free worker takes it. */
export async function runJobNow(queue: string): Promise<string | null> {
  const job = PERIODIC_JOBS.find((candidate) => candidate.queue === queue);
  if (!job) return null;
  const boss = await getBoss();
  await declareQueue(boss, job.queue, queueOptions(job));
  return boss.send(job.queue, { richiestaManuale: true }, job.everySeconds ? { singletonKey: 'manuale' } : {});
}
