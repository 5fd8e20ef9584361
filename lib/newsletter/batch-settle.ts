import { and, eq, sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { campaigns, newsletterBatches, newsletterRecipients, type BatchState } from '@/db/schema';
import { countMailsSent } from '@/lib/campsites/monthly-mail-count';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

export type BatchKey = { campsiteId: string; campaignId: string; batchNo: number };
/** A batch within the unit of work's campsite. */
export type BatchRef = Omit<BatchKey, 'campsiteId'>;

const thisBatch = ({ campsiteId, campaignId, batchNo }: BatchKey) =>
  and(eq(newsletterBatches.campaignId, campaignId), eq(newsletterBatches.campingId, campsiteId), eq(newsletterBatches.batchNo, batchNo));

const itsRecipients = ({ campsiteId, campaignId, batchNo }: BatchKey) =>
  and(
    eq(newsletterRecipients.campaignId, campaignId),
    eq(newsletterRecipients.campingId, campsiteId),
    eq(newsletterRecipients.batchNo, batchNo),
    eq(newsletterRecipients.state, 'pending'),
  );

/** A newsletter whose batches are all settled is over: sent, or failed when nobody got it. */
async function finishIfDone({ db, campsiteId }: CampsiteCtx, { campaignId }: BatchRef) {
  await db
    .update(campaigns)
    .set({ status: sql`case when ${campaigns.sentCount} = 0 and ${campaigns.failedCount} > 0 then 'failed' else 'sent' end`, sentAt: new Date() })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.campingId, campsiteId),
        eq(campaigns.status, 'sending'),
        sql`not exists (select 1 from newsletter_batches b where b.campaign_id = ${campaignId} and b.state in ('queued', 'sending'))`,
      ),
    );
}

/**
 * Records a batch's outcome with its recipients and the counters, in the caller's transaction
 * (ctx.db is one: the campaign's lock must hold until the counters are written).
 * The campaign row is locked first, so two batches settling at once see each other and the last
 * one closes the newsletter. Only a batch still 'sending' settles: a worker that lost its lease
 * and finishes late (with the same provider answer, thanks to the key) changes nothing.
 */
export async function settleBatch(
  ctx: CampsiteCtx,
  ref: BatchRef,
  outcome: { state: Extract<BatchState, 'sent' | 'failed' | 'unknown'>; messageIds?: Map<string, string>; error?: string },
): Promise<boolean> {
  const { db: tx } = ctx;
  const key: BatchKey = { campsiteId: ctx.campsiteId, campaignId: ref.campaignId, batchNo: ref.batchNo };
  await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, key.campaignId), eq(campaigns.campingId, key.campsiteId)))
    .for('update');
  const [batch] = await tx
    .update(newsletterBatches)
    .set({ state: outcome.state, settledAt: new Date(), leaseUntil: null, lastError: outcome.error ?? null })
    .where(and(thisBatch(key), eq(newsletterBatches.state, 'sending')))
    .returning({ batchNo: newsletterBatches.batchNo });
  if (!batch) return false;

  let settled = 0;
  if (outcome.state === 'sent' && outcome.messageIds && outcome.messageIds.size > 0) {
    const contactIds = [...outcome.messageIds.keys()];
    const messageIds = contactIds.map((id) => outcome.messageIds!.get(id)!);
    const rows = await tx.execute(sql`
      update newsletter_recipients r set state = 'sent', provider_message_id = m.message_id, updated_at = now()
      from unnest(${sql`ARRAY[${sql.join(
        contactIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`}, ${sql`ARRAY[${sql.join(
        messageIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`}) as m(contact_id, message_id)
      where r.campaign_id = ${key.campaignId} and r.camping_id = ${key.campsiteId} and r.batch_no = ${key.batchNo}
        and r.state = 'pending' and r.contact_id = m.contact_id
      returning r.contact_id`);
    settled = resultRows(rows).length;
  } else if (outcome.state !== 'sent') {
    const rows = await tx
      .update(newsletterRecipients)
      .set({ state: outcome.state, updatedAt: new Date() })
      .where(itsRecipients(key))
      .returning({ contactId: newsletterRecipients.contactId });
    settled = rows.length;
  }

  const sent = outcome.state === 'sent' ? settled : 0;
  await tx
    .update(campaigns)
    .set({
      sentCount: sql`${campaigns.sentCount} + ${sent}`,
      failedCount: sql`${campaigns.failedCount} + ${outcome.state === 'sent' ? 0 : settled}`,
      progressAt: new Date(),
    })
    .where(and(eq(campaigns.id, key.campaignId), eq(campaigns.campingId, key.campsiteId)));
  await countMailsSent(ctx, sent);
  await finishIfDone(ctx, ref);
  return true;
}

/**
 * The first claim of a batch drops whoever left the list, every newsletter, or had their address
 * suppressed since the fan-out. Later claims never do: the provider may already hold the batch,
 * and its idempotency key only matches the same mails.
 */
export async function dropNoLongerSendable(ctx: CampsiteCtx, batch: BatchRef, listId: string): Promise<number> {
  const { db: tx } = ctx;
  const key: BatchKey = { campsiteId: ctx.campsiteId, campaignId: batch.campaignId, batchNo: batch.batchNo };
  const dropped = await tx.execute(sql`
    update newsletter_recipients r
    set state = 'skipped', updated_at = now(),
      skip_reason = case when c.email_suppressed_at is not null then 'suppressed' else 'unsubscribed' end
    from contacts c
    left join list_memberships m on m.contact_id = c.id and m.list_id = ${listId} and m.camping_id = c.camping_id
    where r.campaign_id = ${key.campaignId} and r.camping_id = ${key.campsiteId} and r.batch_no = ${key.batchNo}
      and r.state = 'pending' and c.id = r.contact_id and c.camping_id = r.camping_id
      and (c.newsletter_opt_out_at is not null or c.email_suppressed_at is not null or m.unsubscribed_at is not null or m.contact_id is null)
    returning r.contact_id`);
  const count = resultRows(dropped).length;
  if (count > 0) {
    await tx
      .update(campaigns)
      .set({ skippedCount: sql`${campaigns.skippedCount} + ${count}`, recipientCount: sql`${campaigns.recipientCount} - ${count}` })
      .where(and(eq(campaigns.id, key.campaignId), eq(campaigns.campingId, key.campsiteId)));
    await tx
      .update(newsletterBatches)
      .set({ size: sql`${newsletterBatches.size} - ${count}` })
      .where(thisBatch(key));
  }
  return count;
}
