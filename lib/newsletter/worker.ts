import { getDb } from '@/db/client';
import { campsiteContext, runJobWork } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { getBoss } from '@/lib/jobs/boss';
import { QUEUES, type NewsletterBatchJob, type NewsletterSendJob } from '@/lib/jobs/queues';
import { sendNewsletterBatch } from './batch-send';
import { fanOutNewsletter } from './fan-out';
import { declareNewsletterQueues, enqueueNewsletterBatches, enqueueNewsletterSend } from './jobs';
import { planRecovery } from './recovery';

/** Batches one process sends at once; they queue for the key's send slots, so more would only wait. */
const BATCH_CONCURRENCY = 4;

async function recover(): Promise<void> {
  const plan = await planRecovery(getDb());
  for (const send of plan.sends) await enqueueNewsletterSend(send);
  const byCampaign = new Map<string, { campsiteId: string; batchNos: number[] }>();
  for (const batch of plan.batches) {
    const entry = byCampaign.get(batch.campaignId) ?? { campsiteId: batch.campsiteId, batchNos: [] };
    entry.batchNos.push(batch.batchNo);
    byCampaign.set(batch.campaignId, entry);
  }
  for (const [campaignId, entry] of byCampaign) await enqueueNewsletterBatches(entry.campsiteId, campaignId, entry.batchNos);
}

const state = globalThis as unknown as { crmNewsletterRecovery?: NodeJS.Timeout };

/**
 * Works the two newsletter queues in this process and runs recovery now and every
 * NEWSLETTER_RECOVERY_SECONDS: a worker that starts after a crash picks up what was left.
 */
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
  const run = () => recover().catch((error: unknown) => console.error('Newsletter: recupero non riuscito', error));
  await run();
  if (!state.crmNewsletterRecovery) {
    state.crmNewsletterRecovery = setInterval(run, env().NEWSLETTER_RECOVERY_SECONDS * 1000);
    state.crmNewsletterRecovery.unref();
  }
}

/** Stops the recovery timer (graceful shutdown); the queues stop with pg-boss. */
export function stopNewsletterRecovery(): void {
  if (state.crmNewsletterRecovery) clearInterval(state.crmNewsletterRecovery);
  state.crmNewsletterRecovery = undefined;
}
