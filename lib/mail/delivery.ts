import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { mailAttachments, mailOutbox, mailTraces } from '@/db/schema';
import { countMailsSent } from '@/lib/campsites/monthly-mail-count';
import { TransportError, type MailTransport, type OutgoingMail } from './transport';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { QUEUES } from '@/lib/jobs/queues';

export const MAX_ATTEMPTS = 8;
/** A row left in 'sending' longer than this was abandoned by a crashed process: try it again. */
export const SENDING_LEASE_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min… up to an hour; a provider's Retry-After wins when it asks for longer. */
export const backoffMs = (attempt: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Takes due rows for this process: pending ones, and 'sending' ones whose lease ran out. */
async function claimDue(db: Database, now: Date, clock: 'database' | 'given', limit: number, campsiteId?: string): Promise<OutboxRow[]> {
  const leaseEnd = new Date(now.getTime() + SENDING_LEASE_MS);
  // The database's clock by default: a mail queued in this very millisecond has a due time in
  // microseconds that a JavaScript date, rounded down to the millisecond, would call not yet due.
  const due = clock === 'database' ? sql`now()` : sql`${now.toISOString()}::timestamptz`;
  return db.execute(sql`
    update ${mailOutbox} set status = 'sending', attempts = attempts + 1, next_attempt_at = ${leaseEnd.toISOString()}::timestamptz
    where id in (
      select id from ${mailOutbox}
      where status in ('pending', 'sending') and next_attempt_at <= ${due}
        ${campsiteId ? sql`and camping_id = ${campsiteId}` : sql``}
      order by next_attempt_at limit ${limit}
      for update skip locked)
    returning id`).then(async (result) => {
    const rows = (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];
    if (rows.length === 0) return [];
    return db.select().from(mailOutbox).where(inArray(mailOutbox.id, rows.map((row) => row.id)));
  });
}

async function outgoing(db: Database, row: OutboxRow): Promise<OutgoingMail> {
  const files = row.attachmentIds.length
    ? await db
        .select({ fileName: mailAttachments.fileName, contentType: mailAttachments.mimeType, content: mailAttachments.data })
        .from(mailAttachments)
        .where(and(eq(mailAttachments.campingId, row.campingId), inArray(mailAttachments.id, row.attachmentIds)))
    : [];
  return {
    from: row.fromAddress,
    to: row.recipients,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    html: row.html,
    text: row.text ?? undefined,
    attachments: files.map((file) => ({ ...file, content: Buffer.from(file.content) })),
  };
}

async function markDelivered(db: Database, row: OutboxRow, transport: MailTransport, providerMessageId: string | null, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(mailOutbox)
      .set({ status: transport.kind === 'capture' ? 'captured' : 'sent', sentAt: now, providerMessageId, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    if (row.mailTraceId) {
      await tx.update(mailTraces).set({ isSent: true, sentAt: now, usedAt: now, providerMessageId }).where(eq(mailTraces.id, row.mailTraceId));
    }
    await countMailsSent(campsiteContext({ kind: 'job', campsiteId: row.campingId, job: QUEUES.outbox }, tx), 1);
  });
}

async function markFailed(db: Database, row: OutboxRow, error: unknown, now: Date) {
  const message = error instanceof Error ? error.message : String(error);
  const retryable = !(error instanceof TransportError) || error.retryable;
  const giveUp = !retryable || row.attempts >= MAX_ATTEMPTS;
  const wait = Math.max(backoffMs(row.attempts), error instanceof TransportError ? (error.retryAfterMs ?? 0) : 0);
  await db
    .update(mailOutbox)
    .set({ status: giveUp ? 'failed' : 'pending', lastError: message.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + wait) })
    .where(eq(mailOutbox.id, row.id));
}

export type DeliveryReport = { delivered: number; retrying: number; failed: number };

/**
 * Delivers what is due. Each row is sent with its idempotency key, so a row sent by a process
 * that crashed before recording it is sent again with the same key and the provider drops the copy.
 */
export async function deliverDue(
  db: Database,
  transport: MailTransport,
  options: { now?: Date; limit?: number; /** Only this campsite's mails (an admin's "send now", tests). */ campsiteId?: string } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of await claimDue(db, now, options.now ? 'given' : 'database', options.limit ?? 20, options.campsiteId)) {
    try {
      const { providerMessageId } = await transport.send(await outgoing(db, row), row.idempotencyKey);
      await markDelivered(db, row, transport, providerMessageId, now);
      report.delivered++;
    } catch (error) {
      await markFailed(db, row, error, now);
      const [after] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, row.id));
      if (after?.status === 'failed') report.failed++;
      else report.retrying++;
    }
  }
  return report;
}
