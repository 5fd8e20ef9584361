import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { resultRows } from '@/db/result-rows';
import { campaigns, newsletterBatches, newsletterRecipients, type CampaignSnapshot } from '@/db/schema';
import { campsiteContext, type CampsiteCtx } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { QUEUES } from '@/lib/jobs/queues';
import { TransportError } from '@/lib/mail/transport';
import { dropNoLongerSendable, settleBatch, type BatchKey, type BatchRef } from './batch-settle';
import { campsiteSender, type ProviderFactory } from './campsite-provider';
import { personalize } from './personalize';
import { heldForMs, holdSendSlots, reserveSendSlot, slotSpacingMs } from './send-slots';

export type BatchSendOptions = { factory?: ProviderFactory; ratePerSecond?: number; leaseSeconds?: number; maxAttempts?: number };
export type BatchSendOutcome = 'sent' | 'failed' | 'not-claimed' | 'released';

/** A batch whose first attempt is older than this is never sent again: the provider forgets its key after 24 h. */
export const KEY_WINDOW_HOURS = 23;

type Claim = { attempts: number; listId: string; subject: string; html: string; snapshot: CampaignSnapshot; idempotencyKey: string };

/**
 * Takes the batch for this worker (state 'sending', a lease), if the newsletter is sending and the
 * batch is waiting or its last holder's lease ran out. The first claim also drops whoever may no
 * longer receive it, in the same transaction.
 */
async function claim(db: Database, key: BatchKey, leaseSeconds: number): Promise<Claim | null> {
  return db.transaction(async (tx) => {
    const [row] = resultRows<{ attempts: number; list_id: string; subject: string; html: string; content_snapshot: CampaignSnapshot; idempotency_key: string }>(
      await tx.execute(sql`
        update newsletter_batches b
        set state = 'sending', attempts = b.attempts + 1, first_attempt_at = coalesce(b.first_attempt_at, now()),
          lease_until = now() + make_interval(secs => ${leaseSeconds})
        from campaigns c
        where b.campaign_id = ${key.campaignId} and b.camping_id = ${key.campsiteId} and b.batch_no = ${key.batchNo}
          and c.id = b.campaign_id and c.camping_id = b.camping_id and c.status = 'sending' and c.content_snapshot is not null
          and (b.state = 'queued' or (b.state = 'sending' and b.lease_until < now()
            and b.first_attempt_at > now() - make_interval(hours => ${KEY_WINDOW_HOURS})))
        returning b.attempts, c.list_id, c.subject, c.html, c.content_snapshot, b.idempotency_key`),
    );
    if (!row) return null;
    if (row.attempts === 1) await dropNoLongerSendable(campsiteContext({ kind: 'job', campsiteId: key.campsiteId, job: QUEUES.newsletterBatch }, tx), key, row.list_id);
    await tx
      .update(campaigns)
      .set({ progressAt: new Date() })
      .where(and(eq(campaigns.id, key.campaignId), eq(campaigns.campingId, key.campsiteId)));
    return { attempts: row.attempts, listId: row.list_id, subject: row.subject, html: row.html, snapshot: row.content_snapshot, idempotencyKey: row.idempotency_key };
  });
}

async function extendLease(db: Database, key: BatchKey, seconds: number) {
  await db
    .update(newsletterBatches)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(newsletterBatches.campaignId, key.campaignId),
        eq(newsletterBatches.campingId, key.campsiteId),
        eq(newsletterBatches.batchNo, key.batchNo),
        eq(newsletterBatches.state, 'sending'),
      ),
    );
}

/**
 * Sends one batch: claim, build the 100 mails from the ledger, wait for the key's send slot, one
 * provider call under the batch's idempotency key, then settle. A 429 holds every instance's
 * slots for Retry-After and tries again; other passing failures back off. A refusal settles the
 * batch as failed. Out of attempts, the lease is let go and the job's retry or recovery takes over.
 */
export async function sendNewsletterBatch(ctx: CampsiteCtx, batch: BatchRef, options: BatchSendOptions = {}): Promise<BatchSendOutcome> {
  const { db } = ctx;
  const key: BatchKey = { campsiteId: ctx.campsiteId, campaignId: batch.campaignId, batchNo: batch.batchNo };
  const leaseSeconds = options.leaseSeconds ?? env().NEWSLETTER_LEASE_SECONDS;
  const spacing = slotSpacingMs(options.ratePerSecond ?? env().NEWSLETTER_RATE_PER_SECOND);
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
  const content = { subject: claimed.subject, html: claimed.html, from: claimed.snapshot.from, origin: claimed.snapshot.origin };
  const mails = recipients.map((recipient) => personalize(content, claimed.snapshot.campsite, recipient));
  const maxAttempts = options.maxAttempts ?? 8;
  let lastError = '';
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    let wait = await reserveSendSlot(db, sender.keyHash, spacing);
    await extendLease(db, key, Math.ceil(wait / 1000) + leaseSeconds);
    if (wait > 0) await sleep(wait);
    // A 429 seen by another call while this one waited: its slot is void, take a new one after the hold.
    while ((wait = await heldForMs(db, sender.keyHash)) > 0) {
      await sleep(wait);
      wait = await reserveSendSlot(db, sender.keyHash, spacing);
      await extendLease(db, key, Math.ceil(wait / 1000) + leaseSeconds);
      if (wait > 0) await sleep(wait);
    }
    let ids: string[];
    try {
      ({ ids } = await sender.provider.sendBatch(mails, claimed.idempotencyKey));
    } catch (error) {
      // Only the provider's own refusal is final; anything else may have reached it, so the batch is tried again.
      if (error instanceof TransportError && !error.retryable) {
        await db.transaction((tx) => settleBatch({ ...ctx, db: tx }, batch, { state: 'failed', error: error.message.slice(0, 500) }));
        return 'failed';
      }
      lastError = error instanceof Error ? error.message : String(error);
      const retryAfter = error instanceof TransportError ? error.retryAfterMs : null;
      if (retryAfter !== null) await holdSendSlots(db, sender.keyHash, Math.min(retryAfter, 60_000));
      else await sleep(Math.min(30_000, 500 * 2 ** attempt));
      continue;
    }
    const messageIds = new Map(recipients.map((recipient, index) => [recipient.contactId, ids[index]]));
    await db.transaction((tx) => settleBatch({ ...ctx, db: tx }, batch, { state: 'sent', messageIds }));
    return 'sent';
  }
  // Still 'sending': recovery takes it again under the same key once the lease is over.
  await db
    .update(newsletterBatches)
    .set({ leaseUntil: sql`now()`, lastError: lastError.slice(0, 500) })
    .where(and(eq(newsletterBatches.campaignId, key.campaignId), eq(newsletterBatches.campingId, key.campsiteId), eq(newsletterBatches.batchNo, key.batchNo)));
  return 'released';
}
