import { and, eq, inArray, sql } from 'drizzle-orm';
import { campaigns, newsletterBatches, newsletterRecipients, type CampaignStatus } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { wakeNewsletterWorkers } from './jobs';

export type SendProgress = {
  campaignId: string;
  subject: string;
  listId: string | null;
  status: CampaignStatus;
  scheduledAt: Date | null;
  startedAt: Date | null;
  sentAt: Date | null;
  /** Recipients in the ledger that will get (or got) a mail. */
  recipients: number;
  sent: number;
  failed: number;
  /** Never handed to the provider: unreachable at fan-out or claim, or left out by a cancellation. */
  skipped: number;
  /** Of the skipped, those the cancellation left out (their reason is not the guest's address or consent). */
  cancelled: number;
  /** Written to the ledger, not yet settled. */
  queued: number;
};

export const CAMPAIGN_NOT_FOUND = 'Newsletter non trovata.';

type CampaignRef = { campaignId: string };

async function campaignRow({ db, campsiteId }: CampsiteCtx, { campaignId }: CampaignRef) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.campingId, campsiteId)));
  if (!row) throw new AppError('not_found', CAMPAIGN_NOT_FOUND);
  return row;
}

/** Live progress of one newsletter, from the counters the batches move in their own transaction. */
export async function getSendProgress(ctx: CampsiteCtx, ref: CampaignRef): Promise<SendProgress> {
  const row = await campaignRow(ctx, ref);
  return {
    campaignId: row.id,
    subject: row.subject,
    listId: row.listId,
    status: row.status,
    scheduledAt: row.scheduledAt,
    startedAt: row.startedAt,
    sentAt: row.sentAt,
    recipients: row.recipientCount,
    sent: row.sentCount,
    failed: row.failedCount,
    skipped: row.skippedCount,
    cancelled: row.status === 'cancelled' ? await cancelledRecipients(ctx, ref) : 0,
    queued: Math.max(0, row.recipientCount - row.sentCount - row.failedCount),
  };
}

/** Only a cancellation skips for this reason, so only a cancelled newsletter's ledger is counted. */
async function cancelledRecipients({ db, campsiteId }: CampsiteCtx, { campaignId }: CampaignRef): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterRecipients)
    .where(and(eq(newsletterRecipients.campaignId, campaignId), eq(newsletterRecipients.campingId, campsiteId), eq(newsletterRecipients.skipReason, 'cancelled')));
  return Number(row?.count ?? 0);
}

/** Pause: batches not yet handed to the provider wait; the ones in flight finish. */
export async function pauseNewsletter(ctx: CampsiteCtx, ref: CampaignRef): Promise<SendProgress> {
  const ids = { campsiteId: ctx.campsiteId, campaignId: ref.campaignId };
  const [row] = await ctx.db
    .update(campaigns)
    .set({ status: 'paused', pausedAt: new Date() })
    .where(and(eq(campaigns.id, ids.campaignId), eq(campaigns.campingId, ids.campsiteId), inArray(campaigns.status, ['sending', 'scheduled'])))
    .returning({ id: campaigns.id });
  if (!row) await refuse(ctx, ref, 'Si può mettere in pausa solo una newsletter in invio o programmata.');
  return getSendProgress(ctx, ref);
}

/** Resume a paused newsletter: its waiting batches go back to the queue . */
export async function resumeNewsletter(ctx: CampsiteCtx, ref: CampaignRef): Promise<SendProgress> {
  const ids = { campsiteId: ctx.campsiteId, campaignId: ref.campaignId };
  const [row] = await ctx.db
    .update(campaigns)
    .set({ status: sql`case when ${campaigns.fannedOutAt} is null and ${campaigns.scheduledAt} > now() then 'scheduled' else 'sending' end`, pausedAt: null })
    .where(and(eq(campaigns.id, ids.campaignId), eq(campaigns.campingId, ids.campsiteId), eq(campaigns.status, 'paused')))
    .returning({ id: campaigns.id });
  if (!row) await refuse(ctx, ref, 'La newsletter non è in pausa.');
  // The send job is idempotent: it fans out if it never did, then queues the batches still waiting.
  await wakeNewsletterWorkers(ids);
  return getSendProgress(ctx, ref);
}

/**
 * Cancel: whoever has not been handed to the provider yet gets nothing (ledger rows 'skipped',
 * reason 'cancelled'); a batch already in flight is settled by its worker as usual.
 */
export async function cancelNewsletter(ctx: CampsiteCtx, ref: CampaignRef): Promise<SendProgress> {
  const ids = { campsiteId: ctx.campsiteId, campaignId: ref.campaignId };
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(
        and(eq(campaigns.id, ids.campaignId), eq(campaigns.campingId, ids.campsiteId), inArray(campaigns.status, ['sending', 'scheduled', 'paused', 'draft'])),
      )
      .returning({ id: campaigns.id });
    if (!row) return false;
    const batches = await tx
      .update(newsletterBatches)
      .set({ state: 'cancelled', settledAt: new Date() })
      .where(and(eq(newsletterBatches.campaignId, ids.campaignId), eq(newsletterBatches.campingId, ids.campsiteId), eq(newsletterBatches.state, 'queued')))
      .returning({ batchNo: newsletterBatches.batchNo });
    if (batches.length > 0) {
      const dropped = await tx
        .update(newsletterRecipients)
        .set({ state: 'skipped', skipReason: 'cancelled', updatedAt: new Date() })
        .where(
          and(
            eq(newsletterRecipients.campaignId, ids.campaignId),
            eq(newsletterRecipients.campingId, ids.campsiteId),
            eq(newsletterRecipients.state, 'pending'),
            inArray(
              newsletterRecipients.batchNo,
              batches.map((batch) => batch.batchNo),
            ),
          ),
        )
        .returning({ contactId: newsletterRecipients.contactId });
      await tx
        .update(campaigns)
        .set({ skippedCount: sql`${campaigns.skippedCount} + ${dropped.length}`, recipientCount: sql`${campaigns.recipientCount} - ${dropped.length}` })
        .where(and(eq(campaigns.id, ids.campaignId), eq(campaigns.campingId, ids.campsiteId)));
    }
    return true;
  });
  if (!cancelled) await refuse(ctx, ref, 'Questa newsletter è già conclusa: non si può annullare.');
  return getSendProgress(ctx, ref);
}

async function refuse(ctx: CampsiteCtx, ref: CampaignRef, message: string): Promise<never> {
  await campaignRow(ctx, ref);
  throw new AppError('conflict', message);
}
