import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { settleBatch, type BatchKey } from './batch-settle';
import { KEY_WINDOW_HOURS } from './batch-send';

export type RecoveryPlan = {
  /** Newsletters due whose fan-out has not run (or stalled): their send job goes out again. */
  sends: { campsiteId: string; campaignId: string }[];
  /** Batches to hand to a worker again; the claim decides whether there is anything left to do. */
  batches: BatchKey[];
  /** Batches whose fate a crash hid and that may not be sent again: settled 'unknown'. */
  settledUnknown: number;
};

type BatchRow = { camping_id: string; campaign_id: string; batch_no: number };
const keyOf = (row: BatchRow): BatchKey => ({ campsiteId: row.camping_id, campaignId: row.campaign_id, batchNo: Number(row.batch_no) });

/**
 * Finds the newsletters a crash, a lost job or a stopped worker left behind. Every instance runs
 * it; everything it hands out is safe to do twice, because each batch is claimed in the database.
 * - a batch whose holder's lease ran out goes back to the workers, to be sent again under the same
 *   idempotency key; unless the newsletter was cancelled or its key is past the provider's window,
 *   when it is settled 'unknown' without a second mail;
 * - a sending newsletter that moved on for no one in two leases gets its waiting batches again;
 * - a due newsletter that was never fanned out gets its send job again.
 */
export async function planRecovery(db: Database, leaseSeconds = env().NEWSLETTER_LEASE_SECONDS): Promise<RecoveryPlan> {
  const stall = sql`make_interval(secs => ${leaseSeconds * 2})`;
  const forgotten = resultRows<BatchRow>(
    await db.execute(sql`
      select b.camping_id, b.campaign_id, b.batch_no from newsletter_batches b join campaigns c on c.id = b.campaign_id and c.camping_id = b.camping_id
      where b.state = 'sending' and b.lease_until < now()
        and (c.status = 'cancelled' or b.first_attempt_at <= now() - make_interval(hours => ${KEY_WINDOW_HOURS}))`),
  );
  let settledUnknown = 0;
  for (const row of forgotten) {
    if (await db.transaction((tx) => settleBatch(campsiteContext({ kind: 'job', campsiteId: row.camping_id, job: 'newsletter recovery' }, tx), keyOf(row), { state: 'unknown', error: 'Esito sconosciuto dopo un’interruzione: non reinviato.' }))) settledUnknown++;
  }

  const expired = resultRows<BatchRow>(
    await db.execute(sql`
      select b.camping_id, b.campaign_id, b.batch_no from newsletter_batches b join campaigns c on c.id = b.campaign_id and c.camping_id = b.camping_id
      where b.state = 'sending' and b.lease_until < now() and c.status = 'sending'
      limit 1000`),
  );
  const stalled = resultRows<BatchRow>(
    await db.execute(sql`
      with woken as (
        update campaigns c set progress_at = now()
        where c.status = 'sending' and c.fanned_out_at is not null and c.progress_at < now() - ${stall}
          and exists (select 1 from newsletter_batches b where b.campaign_id = c.id and b.state = 'queued')
        returning c.id, c.camping_id
      )
      select b.camping_id, b.campaign_id, b.batch_no from newsletter_batches b join woken w on w.id = b.campaign_id and w.camping_id = b.camping_id
      where b.state = 'queued'`),
  );
  const due = resultRows<{ camping_id: string; id: string }>(
    await db.execute(sql`
      update campaigns c set progress_at = now()
      where c.status in ('scheduled', 'sending') and c.fanned_out_at is null and coalesce(c.scheduled_at, c.created_at) <= now()
        and (c.progress_at is null or c.progress_at < now() - ${stall})
      returning c.camping_id, c.id`),
  );
  return {
    sends: due.map((row) => ({ campsiteId: row.camping_id, campaignId: row.id })),
    batches: [...expired, ...stalled].map(keyOf),
    settledUnknown,
  };
}
