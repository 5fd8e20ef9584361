import { and, eq, sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { campaigns, newsletterBatches, type CampaignSnapshot } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { appUrl, env } from '@/lib/env';
import { fromWithDisplayName } from '@/lib/mail/sender-name';

/** Mails per provider call: Resend's batch endpoint takes at most 100. */
export const BATCH_SIZE = 100;

export type FanOutResult = { state: 'fanned-out' | 'already' | 'not-due' | 'stopped'; batchNos: number[] };

/**
 * Writes the ledger of one newsletter in a single transaction: every member of the list gets a
 * row, either to send (numbered into batches of 100, one per address) or skipped with its reason
 * (left the list or every newsletter, address suppressed, no address, address already served).
 * Running it again finds fanned_out_at set and only answers the batches still waiting.
 */
export async function fanOutNewsletter({ db, campsiteId }: CampsiteCtx, { campaignId }: { campaignId: string }): Promise<FanOutResult> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.campingId, campsiteId)))
      .for('update');
    if (!campaign || !campaign.listId || !['scheduled', 'sending'].includes(campaign.status)) return { state: 'stopped', batchNos: [] };
    if (campaign.fannedOutAt) {
      const open = await tx
        .select({ batchNo: newsletterBatches.batchNo })
        .from(newsletterBatches)
        .where(and(eq(newsletterBatches.campaignId, campaignId), eq(newsletterBatches.campingId, campsiteId), eq(newsletterBatches.state, 'queued')));
      return { state: 'already', batchNos: open.map((batch) => batch.batchNo) };
    }
    if (campaign.scheduledAt && campaign.scheduledAt.getTime() > Date.now() + 1000) return { state: 'not-due', batchNos: [] };

    const [campsite] = resultRows<{ name: string; contacts: CampaignSnapshot['campsite']['contacts'] }>(
      await tx.execute(sql`select name, contacts from campsites where id = ${campsiteId}`),
    );
    const snapshot: CampaignSnapshot = {
      from: fromWithDisplayName(env().MAIL_FROM, campsite?.name),
      origin: appUrl(),
      campsite: { id: campsiteId, name: campsite?.name ?? '', contacts: campsite?.contacts ?? null },
    };

    const [counts] = resultRows<{ to_send: number; skipped: number }>(
      await tx.execute(sql`
      with members as (
        select c.id as contact_id, coalesce(trim(c.email), '') as email, c.first_name, c.last_name, c.language_id,
          case
            when coalesce(trim(c.email), '') = '' then 'no_email'
            when m.unsubscribed_at is not null or c.newsletter_opt_out_at is not null then 'unsubscribed'
            when c.email_suppressed_at is not null then 'suppressed'
          end as reason
        from list_memberships m
        join contacts c on c.id = m.contact_id and c.camping_id = m.camping_id
        where m.camping_id = ${campsiteId} and m.list_id = ${campaign.listId}
      ),
      ranked as (
        select *, case when reason is null then row_number() over (partition by reason is null, lower(email) order by contact_id) end as copy
        from members
      ),
      numbered as (
        select *, case when reason is null and copy = 1
          then ((row_number() over (partition by reason is null and copy = 1 order by contact_id)) - 1) / ${BATCH_SIZE} end as batch_no
        from ranked
      ),
      inserted as (
        insert into newsletter_recipients (camping_id, campaign_id, contact_id, email, first_name, last_name, language_id, batch_no, state, skip_reason)
        select ${campsiteId}, ${campaignId}, contact_id, email, first_name, last_name, language_id, batch_no,
          case when batch_no is null then 'skipped' else 'pending' end,
          case when batch_no is not null then null when reason is not null then reason else 'duplicate' end
        from numbered
        on conflict do nothing
        returning batch_no
      )
      select count(*) filter (where batch_no is not null)::int as to_send, count(*) filter (where batch_no is null)::int as skipped from inserted`),
    );

    const batches = resultRows<{ batch_no: number }>(
      await tx.execute(sql`
      insert into newsletter_batches (camping_id, campaign_id, batch_no, size, idempotency_key)
      select ${campsiteId}, ${campaignId}, batch_no, count(*), 'newsletter-' || ${campaignId} || '-' || batch_no
      from newsletter_recipients
      where campaign_id = ${campaignId} and camping_id = ${campsiteId} and batch_no is not null
      group by batch_no
      returning batch_no`),
    );

    const toSend = Number(counts?.to_send ?? 0);
    const now = new Date();
    await tx
      .update(campaigns)
      .set({
        fannedOutAt: now,
        startedAt: now,
        progressAt: now,
        contentSnapshot: snapshot,
        recipientCount: toSend,
        skippedCount: Number(counts?.skipped ?? 0),
        ...(toSend === 0 ? { status: 'sent' as const, sentAt: now } : { status: 'sending' as const }),
      })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.campingId, campsiteId)));
    return { state: 'fanned-out', batchNos: batches.map((batch) => Number(batch.batch_no)).sort((a, b) => a - b) };
  });
}
