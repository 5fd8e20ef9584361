import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campaigns, newsletterBatches, newsletterRecipients, type CampaignSnapshot } from '@/db/schema';
import { campsiteContext, type CampsiteCtx } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { QUEUES } from '@/lib/jobs/queues';
import { releaseLease, renewLease, takeLease } from '@/lib/jobs/lease';
import { TransportError } from '@/lib/mail/transport';
import { dropNoLongerSendable, settleBatch, type BatchKey, type BatchRef } from './batch-settle';
import { campsiteSender, type ProviderFactory } from './campsite-provider';
import { personalize } from './personalize';
import { holdSendSlots, takeSendTurn } from '@/lib/mail/send-slots';
import { metrics } from '@/lib/ops/metrics-registry.mjs';

export type BatchSendOptions = { factory?: ProviderFactory; ratePerSecond?: number; leaseSeconds?: number; maxAttempts?: number };
export type BatchSendOutcome = 'sent' | 'failed' | 'not-claimed' | 'released';

/** A batch whose first attempt is older than this is never sent again: the provider forgets its key after 24 h. */
export const KEY_WINDOW_HOURS = 23;

type Claim = { attempts: number; listId: string | null; subject: string; html: string; languageId: number | null; snapshot: CampaignSnapshot; idempotencyKey: string; held: Date; renewedAt: number };

const batchLease = { table: newsletterBatches, until: newsletterBatches.leaseUntil };

const thisBatch = (key: BatchKey) =>
  and(eq(newsletterBatches.campaignId, key.campaignId), eq(newsletterBatches.campingId, key.campsiteId), eq(newsletterBatches.batchNo, key.batchNo));

/**
 * Takes the batch for this worker (state 'sending', a lease: lib/jobs/lease.ts), if the newsletter
 * is sending and the batch is waiting or its last holder's lease ran out. The first claim also
 * drops whoever may no longer receive it, in the same transaction.
 */
async function claim(db: Database, key: BatchKey, leaseSeconds: number): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    const taken = await takeLease(tx, {
      ...batchLease,
      where: and(
        thisBatch(key),
        sql`exists (select 1 from ${campaigns} c where c.id = ${newsletterBatches.campaignId} and c.camping_id = ${newsletterBatches.campingId}
          and c.status = 'sending' and c.content_snapshot is not null)`,
        // A waiting batch has no lease; one in flight is taken again only within the key's window.
        sql`(${newsletterBatches.state} = 'queued' or (${newsletterBatches.state} = 'sending'
          and ${newsletterBatches.firstAttemptAt} > now() - make_interval(hours => ${KEY_WINDOW_HOURS})))`,
      ),
      seconds: leaseSeconds,
      set: { state: 'sending', attempts: sql`${newsletterBatches.attempts} + 1`, firstAttemptAt: sql`coalesce(${newsletterBatches.firstAttemptAt}, now())` },
    });
    const [batch] = taken.rows;
    if (!batch) return null;
    const [campaign] = await tx
      .select({ listId: campaigns.listId, subject: campaigns.subject, html: campaigns.html, languageId: campaigns.languageId, snapshot: campaigns.contentSnapshot })
      .from(campaigns)
      .where(and(eq(campaigns.id, key.campaignId), eq(campaigns.campingId, key.campsiteId)));
    if (batch.attempts === 1) await dropNoLongerSendable(campsiteContext({ kind: 'job', campsiteId: key.campsiteId, job: QUEUES.newsletterBatch }, tx), key, campaign.listId!);
    await tx
      .update(campaigns)
      .set({ progressAt: new Date() })
      .where(and(eq(campaigns.id, key.campaignId), eq(campaigns.campingId, key.campsiteId)));
    return {
      attempts: batch.attempts,
      listId: campaign.listId,
      subject: campaign.subject,
      html: campaign.html,
      languageId: campaign.languageId,
      snapshot: campaign.snapshot!,
      idempotencyKey: batch.idempotencyKey,
      held: taken.until!,
      // This process's clock: the lease is moved on when a wait would outlast half of it.
      renewedAt: performance.now(),
    };
  });
}

/** Moves the lease on while the batch waits for its turn; a lease lost meanwhile stays lost (the key keeps the send single). */
async function extendLease(db: Database, key: BatchKey, claimed: Claim, seconds: number) {
  const renewed = await renewLease(db, { ...batchLease, where: thisBatch(key), held: claimed.held, seconds });
  if (renewed) Object.assign(claimed, { held: renewed, renewedAt: performance.now() });
}

/**
 * Waits for the key's turn and takes it: the provider call follows at once. The lease is moved on
 * (one more round trip) only when a wait would eat into its second half, not before every turn.
 */
async function waitForTurn(db: Database, key: BatchKey, claimed: Claim, keyHash: string, ratePerSecond: number, leaseSeconds: number) {
  for (let wait = await takeSendTurn(db, keyHash, ratePerSecond); wait > 0; wait = await takeSendTurn(db, keyHash, ratePerSecond)) {
    if (performance.now() + wait - claimed.renewedAt > (leaseSeconds * 1000) / 2) await extendLease(db, key, claimed, Math.ceil(wait / 1000) + leaseSeconds);
    await sleep(wait);
  }
}

/**
 * Sends one batch: claim, build the 100 mails from the ledger, wait for the key's turn, one
 * provider call under the batch's idempotency key, then settle. A 429 holds every instance's
 * turns for Retry-After and tries again; other passing failures back off. A refusal settles the
 * batch as failed. Out of attempts, the lease is let go and the job's retry or recovery takes over.
 */
export async function sendNewsletterBatch(ctx: CampsiteCtx, batch: BatchRef, options: BatchSendOptions = {}): Promise<BatchSendOutcome> {
  const { db } = ctx;
  const key: BatchKey = { campsiteId: ctx.campsiteId, campaignId: batch.campaignId, batchNo: batch.batchNo };
  const leaseSeconds = options.leaseSeconds ?? env().NEWSLETTER_LEASE_SECONDS;
  const ratePerSecond = options.ratePerSecond ?? env().NEWSLETTER_RATE_PER_SECOND;
  const claimed = await claim(db, key, leaseSeconds);
  if (!claimed) return 'not-claimed';

  const recipients = await db
    .select({
      contactId: newsletterRecipients.contactId,
      email: newsletterRecipients.email,
      firstName: newsletterRecipients.firstName,
      lastName: newsletterRecipients.lastName,
      languageId: newsletterRecipients.languageId,
    })
    .from(newsletterRecipients)
    .where(
      and(
        eq(newsletterRecipients.campaignId, key.campaignId),
        eq(newsletterRecipients.campingId, key.campsiteId),
        eq(newsletterRecipients.batchNo, key.batchNo),
        eq(newsletterRecipients.state, 'pending'),
      ),
    )
    .orderBy(asc(newsletterRecipients.contactId));
  if (recipients.length === 0) {
    await db.transaction((tx) => settleBatch({ ...ctx, db: tx }, batch, { state: 'sent', messageIds: new Map() }));
    return 'sent';
  }

  const sender = await campsiteSender(ctx, options.factory);
  const content = { subject: claimed.subject, html: claimed.html, from: claimed.snapshot.from, origin: claimed.snapshot.origin, languageId: claimed.languageId };
  const mails = recipients.map((recipient) => personalize(content, claimed.snapshot.campsite, recipient));
  const maxAttempts = options.maxAttempts ?? 8;
  let lastError = '';
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    await waitForTurn(db, key, claimed, sender.keyHash, ratePerSecond, leaseSeconds);
    let ids: string[];
    try {
      // Nothing between the turn and the call: the turn marks the moment the call leaves.
      ({ ids } = await sender.provider.sendBatch(mails, claimed.idempotencyKey));
    } catch (error) {
      // Only the provider's own refusal is final; anything else may have reached it, so the batch is tried again.
      if (error instanceof TransportError && !error.retryable) {
        await db.transaction((tx) => settleBatch({ ...ctx, db: tx }, batch, { state: 'failed', error: error.message.slice(0, 500) }));
        metrics.newsletterSends.inc({ outcome: 'refused' }, mails.length);
        return 'failed';
      }
      lastError = error instanceof Error ? error.message : String(error);
      const retryAfter = error instanceof TransportError ? error.retryAfterMs : null;
      if (retryAfter !== null) metrics.newsletterThrottled.inc();
      if (retryAfter !== null) await holdSendSlots(db, sender.keyHash, Math.min(retryAfter, 60_000));
      else await sleep(Math.min(30_000, 500 * 2 ** attempt));
      continue;
    }
    const messageIds = new Map(recipients.map((recipient, index) => [recipient.contactId, ids[index]]));
    metrics.newsletterSends.inc({ outcome: 'sent' }, mails.length);
    await db.transaction((tx) => settleBatch({ ...ctx, db: tx }, batch, { state: 'sent', messageIds }));
    return 'sent';
  }
  // Still 'sending': recovery takes it again under the same key once the lease is over.
  await releaseLease(db, { ...batchLease, where: thisBatch(key), held: claimed.held, at: sql`now()`, set: { lastError: lastError.slice(0, 500) } });
  return 'released';
}
