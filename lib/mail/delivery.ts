import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { mailAttachments, mailboxes, mailOutbox, mailTraces } from '@/db/schema';
import { countMailsSent } from '@/lib/campsites/monthly-mail-count';
import { releaseLease, takeLease } from '@/lib/jobs/lease';
import { messageIdHeader } from './message-id';
import { holdSendSlots, takeSendTurn } from './send-slots';
import { TransportError, type CampsiteTransports, type MailTransport, type OutgoingMail } from './transport';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { QUEUES } from '@/lib/jobs/queues';
import { logger } from '@/lib/ops/logger.mjs';

export const MAX_ATTEMPTS = 8;
/** A row left in 'sending' longer than this was abandoned by a crashed process: try it again. */
export const SENDING_LEASE_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min… up to an hour; a provider's Retry-After wins when it asks for longer. */
export const backoffMs = (attempt: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));

type OutboxRow = typeof mailOutbox.$inferSelect;

const outboxLease = { table: mailOutbox, until: mailOutbox.nextAttemptAt };

/** Mails a person is waiting for (a quote, a staff mail, an answer to a guest's question) go before a burst of automatic ones. */
const URGENT_KINDS = ['quote', 'staff', 'question-answer'] as const;
const urgentFirst = sql`case when ${mailOutbox.kind} in (${sql.join(
  URGENT_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}) then 0 else 1 end`;

/**
 * Takes due rows for this process: pending ones, and 'sending' ones whose lease ran out. While a
 * row is 'sending', next_attempt_at is its lease's deadline (lib/jobs/lease.ts).
 */
/**
 * A campsite with an active bound mailbox sends its mails (not its newsletters) from it: a caller
 * that cannot open mailboxes leaves those rows to one that can (lib/workflows/outbox-delivery.ts).
 */
const notForOwnMailbox = sql`not (${mailOutbox.kind} <> 'newsletter' and exists (select 1 from ${mailboxes} where ${mailboxes.campingId} = ${mailOutbox.campingId} and ${mailboxes.status} = 'active'))`;

/** Whether mails wait for a campsite's own mailbox, which only a caller with `campsiteTransports` sends. */
export async function mailboxMailsWaiting(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), sql`${mailOutbox.nextAttemptAt} <= now()`, sql`not ${notForOwnMailbox}`))
    .limit(1);
  return Boolean(row);
}

async function claimDue(db: Database, now: Date | undefined, limit: number, campsiteId?: string, withMailboxes = false): Promise<{ rows: OutboxRow[]; held: Date | null }> {
  // The database's clock by default: a mail queued in this very millisecond has a due time in
  // microseconds that a JavaScript date, rounded down to the millisecond, would call not yet due.
  const taken = await takeLease(db, {
    ...outboxLease,
    key: [mailOutbox.id],
    where: and(inArray(mailOutbox.status, ['pending', 'sending']), campsiteId ? eq(mailOutbox.campingId, campsiteId) : undefined, withMailboxes ? undefined : notForOwnMailbox),
    orderBy: sql`${urgentFirst}, ${mailOutbox.nextAttemptAt}`,
    limit,
    seconds: SENDING_LEASE_MS / 1000,
    set: { status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` },
    now,
  });
  return { rows: taken.rows, held: taken.until };
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
    headers: row.rfcMessageId ? { 'Message-ID': messageIdHeader(row.rfcMessageId) } : undefined,
    attachments: files.map((file) => ({ ...file, content: Buffer.from(file.content) })),
  };
}

/** Records the delivery, if this process still holds the row: a later holder sends under the same key and records it itself. */
async function markDelivered(db: Database, row: OutboxRow, held: Date, transport: MailTransport, providerMessageId: string | null, now: Date) {
  await db.transaction(async (tx) => {
    const mine = await releaseLease(tx, {
      ...outboxLease,
      where: eq(mailOutbox.id, row.id),
      held,
      at: sql`${mailOutbox.nextAttemptAt}`,
      set: { status: transport.kind === 'capture' ? 'captured' : 'sent', sentAt: now, providerMessageId, lastError: null, transport: transport.kind },
    });
    if (!mine) return;
    if (row.mailTraceId) {
      await tx.update(mailTraces).set({ isSent: true, sentAt: now, usedAt: now, providerMessageId }).where(eq(mailTraces.id, row.mailTraceId));
    }
    await countMailsSent(campsiteContext({ kind: 'job', campsiteId: row.campingId, job: QUEUES.outbox }, tx), 1);
  });
}

async function markFailed(db: Database, row: OutboxRow, held: Date, error: unknown, now: Date) {
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ outboxId: row.id, attempt: row.attempts, reason: message }, 'Posta in uscita: invio non riuscito');
  const retryable = !(error instanceof TransportError) || error.retryable;
  const giveUp = !retryable || row.attempts >= MAX_ATTEMPTS;
  const wait = Math.max(backoffMs(row.attempts), error instanceof TransportError ? (error.retryAfterMs ?? 0) : 0);
  await releaseLease(db, {
    ...outboxLease,
    where: eq(mailOutbox.id, row.id),
    held,
    at: sql`${new Date(now.getTime() + wait).toISOString()}::timestamptz`,
    set: { status: giveUp ? 'failed' : 'pending', lastError: message.slice(0, 1000) },
  });
}

export type DeliveryReport = { delivered: number; retrying: number; failed: number };

/** Waits for the transport's turn and takes it: the provider call follows at once. */
async function waitForTurn(db: Database, pace: NonNullable<MailTransport['pace']>) {
  for (let wait = await takeSendTurn(db, pace.key, pace.ratePerSecond); wait > 0; wait = await takeSendTurn(db, pace.key, pace.ratePerSecond)) {
    await sleep(wait);
  }
}

/**
 * Rows claimed at a time: a paced transport takes about two seconds' worth, so a quote queued
 * behind a burst of automatic mails waits for one small batch, not for twenty turns.
 */
const batchSizeFor = (transport: MailTransport) => (transport.pace ? Math.min(20, Math.max(2, Math.ceil(transport.pace.ratePerSecond * 2))) : 20);

/**
 * Delivers what is due, batch after batch, until nothing is or `budgetMs` has passed (the
 * scheduled run comes back a minute later). Each row is sent with its idempotency key, so a row
 * sent by a process that crashed before recording it is sent again with the same key and the
 * provider drops the copy. Each transport keeps its provider's pace, every instance together.
 */
export async function deliverDue(
  db: Database,
  transport: MailTransport,
  options: {
    now?: Date;
    /** One batch of at most this many rows, then stop. */
    limit?: number;
    /** Only this campsite's mails (an admin's "send now", tests). */
    campsiteId?: string;
    /** The campsites' own mailboxes; without them, the mails of a campsite with an active mailbox stay queued for a caller that has them. */
    campsiteTransports?: CampsiteTransports;
    budgetMs?: number;
  } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0 };
  const { campsiteTransports } = options;
  const batchSize = options.limit ?? batchSizeFor(transport);
  const deadline = performance.now() + (options.budgetMs ?? 45_000);
  const handled = new Set<string>();
  const own = new Map<string, Promise<MailTransport | null>>();
  const transportOf = (row: OutboxRow): Promise<MailTransport> => {
    if (row.kind === 'newsletter' || !campsiteTransports) return Promise.resolve(transport);
    if (!own.has(row.campingId)) own.set(row.campingId, campsiteTransports(row.campingId));
    return own.get(row.campingId)!.then((mine) => mine ?? transport);
  };
  for (;;) {
    const { rows, held } = await claimDue(db, options.now, batchSize, options.campsiteId, Boolean(campsiteTransports));
    // An UPDATE … RETURNING keeps no order: the urgent ones of the batch leave first too.
    const urgent = (row: OutboxRow) => (URGENT_KINDS as readonly string[]).includes(row.kind);
    rows.sort((a, b) => Number(urgent(b)) - Number(urgent(a)));
    for (const row of rows) await deliverOne(db, row, held!, () => transportOf(row), now, report);
    // A row met again was taken back from this very run (a clock moved by a test): stop there.
    const again = rows.some((row) => handled.has(row.id));
    rows.forEach((row) => handled.add(row.id));
    if (options.limit !== undefined || rows.length < batchSize || again || performance.now() > deadline) return report;
  }
}

async function deliverOne(db: Database, row: OutboxRow, held: Date, transportOf: () => Promise<MailTransport>, now: Date, report: DeliveryReport) {
  let via: MailTransport | undefined;
  try {
    via = await transportOf();
    const mail = await outgoing(db, row);
    // Nothing between the turn and the call: the turn marks the moment the call leaves.
    if (via.pace) await waitForTurn(db, via.pace);
    const { providerMessageId } = await via.send(mail, row.idempotencyKey, { retry: row.attempts > 1 });
    await markDelivered(db, row, held, via, providerMessageId, now);
    report.delivered++;
  } catch (error) {
    // The provider said to wait (429): no instance calls it under this key before then.
    if (via?.pace && error instanceof TransportError && error.retryAfterMs !== null) await holdSendSlots(db, via.pace.key, Math.min(error.retryAfterMs, 60_000));
    await markFailed(db, row, held, error, now);
    const [after] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, row.id));
    if (after?.status === 'failed') report.failed++;
    else report.retrying++;
  }
}
