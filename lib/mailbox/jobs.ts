import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { getDb } from '@/db/client';
import { mailboxes } from '@/db/schema';
import { afterCommit } from '@/db/tenant-scope';
import { declareQueue, getBoss } from '@/lib/jobs/boss';
import { QUEUES, type MailboxSyncJob } from '@/lib/jobs/queues';
import { syncMailbox } from './sync';

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
export async function requestMailboxSync(campsiteId: string): Promise<void> {
  if (!process.env.NEXT_RUNTIME) return;
  try {
    await afterCommit(() => enqueue([campsiteId]));
  } catch (error) {
    console.error('Casella: sincronizzazione non accodata (la riprende la pianificazione)', error);
  }
}

/** Works the mailbox syncs in this process (server or `npm run worker`). */
export async function startMailboxWorkers(): Promise<void> {
  await declareMailboxQueue();
  const boss = await getBoss();
  await boss.work<MailboxSyncJob>(QUEUES.mailboxSync, { batchSize: 1, localConcurrency: SYNC_CONCURRENCY, pollingIntervalSeconds: 2 }, async ([job]) => {
    const report = await syncMailbox(getDb(), job.data.campsiteId);
    return { esito: report.state, modo: report.mode ?? null, nuove: report.added, durataMs: report.ms };
  });
}
