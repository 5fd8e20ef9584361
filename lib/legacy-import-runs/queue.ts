import { declareQueue, getBoss } from '@/lib/jobs/boss';
import { QUEUES, type LegacyImportJob } from '@/lib/jobs/queues';

/**
 * An import runs for minutes or hours: no expiry to speak of, but a heartbeat, so a worker that
 * dies is noticed within a minute and pg-boss hands the job to another (which resumes from the
 * checkpoints). A run that ends in an error is not retried: its row says why, «Riprendi» asks again.
 */
export const LEGACY_IMPORT_QUEUE_OPTIONS = {
  retryLimit: 3,
  retryDelay: 10,
  expireInSeconds: 24 * 60 * 60,
  heartbeatSeconds: 60,
  deleteAfterSeconds: 14 * 24 * 60 * 60,
} as const;

export async function declareLegacyImportQueue(): Promise<void> {
  await declareQueue(await getBoss(), QUEUES.legacyImport, LEGACY_IMPORT_QUEUE_OPTIONS);
}

/**
 * Queues a run. One job per running row: a start makes a new row, «Riprendi» takes only a failed
 * one (a row whose worker died stays running and its own job comes back from pg-boss).
 */
export async function enqueueLegacyImport(job: LegacyImportJob): Promise<void> {
  await declareLegacyImportQueue();
  await (await getBoss()).send(QUEUES.legacyImport, job);
}
