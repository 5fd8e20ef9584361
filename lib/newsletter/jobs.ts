import { afterCommit } from '@/db/tenant-scope';
import { declareQueue, getBoss } from '@/lib/jobs/boss';
import { QUEUES, type NewsletterBatchJob, type NewsletterSendJob } from '@/lib/jobs/queues';
import { logger } from '@/lib/ops/logger.mjs';

/**
 * Newsletter jobs are wake-up calls: the ledger and the batch rows are the truth, and every
 * handler claims its work there, so a duplicate or a retried job finds nothing left to do.
 */
const SEND_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60, deleteAfterSeconds: 14 * 24 * 60 * 60 };
const BATCH_QUEUE_OPTIONS = { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 };

/** Declares both queues, once per pg-boss instance (lib/jobs/boss.ts). */
export async function declareNewsletterQueues(): Promise<void> {
  const boss = await getBoss();
  await declareQueue(boss, QUEUES.newsletterSend, SEND_QUEUE_OPTIONS);
  await declareQueue(boss, QUEUES.newsletterBatch, BATCH_QUEUE_OPTIONS);
}

/** Queues a newsletter's fan-out job, now or at a later time. */
export async function enqueueNewsletterSend(job: NewsletterSendJob, startAfter?: Date | null): Promise<void> {
  // The job reads the newsletter this request wrote: it may start only once that is committed.
  await afterCommit(async () => {
    await declareNewsletterQueues();
    await (await getBoss()).send(QUEUES.newsletterSend, job, startAfter ? { startAfter } : {});
  });
}

/** Queues one job per batch; a batch that is already done or in flight ignores its job. */
export async function enqueueNewsletterBatches(campsiteId: string, campaignId: string, batchNos: number[]): Promise<void> {
  if (batchNos.length === 0) return;
  await afterCommit(async () => {
    await declareNewsletterQueues();
    const boss = await getBoss();
    const jobs = batchNos.map((batchNo) => ({ data: { campsiteId, campaignId, batchNo } satisfies NewsletterBatchJob }));
    for (let start = 0; start < jobs.length; start += 500) await boss.insert(QUEUES.newsletterBatch, jobs.slice(start, start + 500));
  });
}

/**
 * The fast path from a request: the send job goes out at once (or at startAfter). Scripts and
 * tests have no server process to wake; recovery finds a due newsletter within
 * NEWSLETTER_RECOVERY_SECONDS anyway, so nothing depends on this call.
 */
export async function wakeNewsletterWorkers(job: NewsletterSendJob, startAfter?: Date | null): Promise<void> {
  if (!process.env.NEXT_RUNTIME) return;
  try {
    await enqueueNewsletterSend(job, startAfter);
  } catch (error) {
    logger.error({ err: error }, 'Newsletter: lavoro di invio non accodato (lo riprende il recupero)');
  }
}
