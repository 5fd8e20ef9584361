import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { getDb } from '@/db/client';
import { mailboxes } from '@/db/schema';
import { campsiteContext, type CampsiteCtx } from '@/lib/context/unit-of-work';
import { declareQueue, getBoss } from '@/lib/jobs/boss';
import { QUEUES, type MailboxSyncJob } from '@/lib/jobs/queues';
import { watchMailboxes } from './idle';
import { syncMailbox } from './sync';
import { logger } from '@/lib/ops/logger.mjs';

// 'stately': one job queued and one running per mailbox (the singleton key), so a sync asked
// for while another runs waits for it instead of piling up or running twice.
const SYNC_QUEUE_OPTIONS = { policy: 'stately', retryLimit: 1, retryDelay: 30, expireInSeconds: 30 * 60, deleteAfterSeconds: 2 * 24 * 60 * 60 } as const;
/** Mailboxes one process syncs at once; the rest wait in the queue. */
const SYNC_CONCURRENCY = 2;

/** Declared once per pg-boss instance (lib/jobs/boss.ts). */
async function declareMailboxQueue(): Promise<void> {
  await declareQueue(await getBoss(), QUEUES.mailboxSync, SYNC_QUEUE_OPTIONS);
}

async function enqueue(campsiteIds: string[]): Promise<void> {
  if (campsiteIds.length === 0) return;
  await declareMailboxQueue();
  const boss = await getBoss();
  for (const campsiteId of campsiteIds) await boss.send(QUEUES.mailboxSync, { campsiteId } satisfies MailboxSyncJob, { singletonKey: campsiteId });
}

/** The periodic job: a sync for every mailbox that is bound and not waiting to be reconnected. */
export async function scheduleMailboxSyncs(db: Database): Promise<{ caselle: number }> {
  const rows = await db.select({ campsiteId: mailboxes.campingId }).from(mailboxes).where(eq(mailboxes.status, 'active'));
  await enqueue(rows.map((row) => row.campsiteId));
  return { caselle: rows.length };
}

/**
 * "Aggiorna" and a fresh binding: a sync now, by the next free worker. Scripts and tests have no
 * worker to wake and call syncMailbox themselves; the minute's schedule catches up anyway.
 */
export function requestMailboxSync(ctx: CampsiteCtx): void {
  if (!process.env.NEXT_RUNTIME) return;
  const { campsiteId } = ctx;
  // Outside a transaction the unit of work runs the task at once without awaiting it: the task logs its own failure.
  ctx.afterCommit(() => enqueue([campsiteId]).catch((error: unknown) => logger.error({ err: error }, 'Casella: sincronizzazione non accodata (la riprende la pianificazione)')));
}

/**
 * Works the mailbox syncs in this process (server or `npm run worker`), and holds the IDLE
 * connections of the IMAP mailboxes it wins the lease of (lib/mailbox/idle.ts) until pg-boss
 * stops: the same shutdown that ends the jobs lets the leases go.
 */
export async function startMailboxWorkers(): Promise<void> {
  await declareMailboxQueue();
  const boss = await getBoss();
  const watcher = watchMailboxes(getDb());
  boss.once('stopped', () => void watcher.stop().catch((error: unknown) => logger.error({ err: error }, 'Casella: IDLE non fermato')));
  await boss.work<MailboxSyncJob>(QUEUES.mailboxSync, { batchSize: 1, localConcurrency: SYNC_CONCURRENCY, pollingIntervalSeconds: 2 }, async ([job]) => {
    // The owner's handle, not one transaction: a sync runs for minutes and saves page by page (decision 018).
    const report = await syncMailbox(campsiteContext({ kind: 'job', campsiteId: job.data.campsiteId, job: QUEUES.mailboxSync }, getDb()));
    return { esito: report.state, modo: report.mode ?? null, nuove: report.added, durataMs: report.ms };
  });
}
