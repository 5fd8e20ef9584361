import { getDb, type Database } from '@/db/client';
import { campsiteContext, runJobWork } from '@/lib/context/unit-of-work';
import { getBoss } from '@/lib/jobs/boss';
import { QUEUES, type NewsletterBatchJob, type NewsletterSendJob } from '@/lib/jobs/queues';
import { sendNewsletterBatch } from './batch-send';
import { fanOutNewsletter } from './fan-out';
import { declareNewsletterQueues, enqueueNewsletterBatches, enqueueNewsletterSend } from './jobs';
import { planRecovery } from './recovery';

/** Batches one process sends at once; they queue for the key's send turns, so more would only wait. */
const BATCH_CONCURRENCY = 4;

/**
 * The recovery job (lib/workflows/periodic-jobs.ts): hands back to the workers what a crash, a
 * lost job or a stopped worker left behind (planRecovery). One run every
 * NEWSLETTER_RECOVERY_SECONDS across all instances, and one when a worker starts.
 */
export async function recoverNewsletters(db: Database): Promise<{ invii: number; lotti: number; sconosciuti: number }> {
  const plan = await planRecovery(db);
  for (const send of plan.sends) await enqueueNewsletterSend(send);
  const byCampaign = new Map<string, { campsiteId: string; batchNos: number[] }>();
  for (const batch of plan.batches) {
    const entry = byCampaign.get(batch.campaignId) ?? { campsiteId: batch.campsiteId, batchNos: [] };
    entry.batchNos.push(batch.batchNo);
    byCampaign.set(batch.campaignId, entry);
  }
  for (const [campaignId, entry] of byCampaign) await enqueueNewsletterBatches(entry.campsiteId, campaignId, entry.batchNos);
  return { invii: plan.sends.length, lotti: plan.batches.length, sconosciuti: plan.settledUnknown };
}

/** Works the two newsletter queues in this process; recovery is a periodic job of its own. */
export async function startNewsletterWorkers(): Promise<void> {
  await declareNewsletterQueues();
  const boss = await getBoss();
  await boss.work<NewsletterSendJob>(QUEUES.newsletterSend, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    // Database only, one statement per step: the fan-out runs in the job's walled unit of work.
    const result = await runJobWork(job.data.campsiteId, QUEUES.newsletterSend, (ctx) => fanOutNewsletter(ctx, job.data));
    await enqueueNewsletterBatches(job.data.campsiteId, job.data.campaignId, result.batchNos);
    return { esito: result.state, lotti: result.batchNos.length };
  });
  await boss.work<NewsletterBatchJob>(
    QUEUES.newsletterBatch,
    { batchSize: 1, localConcurrency: BATCH_CONCURRENCY, pollingIntervalSeconds: 0.5 },
    // Waits for send slots and calls the provider between its writes: no transaction may span that,
    // so the batch keeps the owner's handle (decision 018) under its campsite's job context.
    async ([job]) => ({
      esito: await sendNewsletterBatch(campsiteContext({ kind: 'job', campsiteId: job.data.campsiteId, job: QUEUES.newsletterBatch }, getDb()), job.data),
    }),
  );
}
