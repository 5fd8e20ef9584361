import { and, desc, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { mailAttachments, mailOutbox, mailTraces } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { tableDateRange } from '@/lib/date-filter';
import { AppError } from '@/lib/errors';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import { NOT_COUNTED_AS_SENT_KINDS, SENT_OUTBOX_STATUSES, type OutboxListParams } from './outbox-list-params';

export const OUTBOX_PAGE_SIZE = 30;

export type OutboxSummary = Pick<typeof mailOutbox.$inferSelect, 'id' | 'kind' | 'recipients' | 'subject' | 'status' | 'transport' | 'attempts' | 'createdAt' | 'sentAt'> & { position: string };

/**
 * The campsite's outgoing mails, newest first, a page at a time; sentOnly keeps those that left
 * (or were kept in the local preview), dateFrom/dateTo those that left on those days.
 */
export async function listOutbox(ctx: CampsiteCtx, filters: Partial<OutboxListParams> = {}): Promise<Page<OutboxSummary>> {
  const after = decodeCursor(filters.cursor, 2);
  const range = tableDateRange(filters.dateFrom, filters.dateTo);
  const rows = await ctx.db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipients: mailOutbox.recipients,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      transport: mailOutbox.transport,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      position: exactTimestamp(mailOutbox.createdAt),
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.campingId, ctx.campsiteId),
        filters.sentOnly ? and(inArray(mailOutbox.status, [...SENT_OUTBOX_STATUSES]), isNotNull(mailOutbox.sentAt), notInArray(mailOutbox.kind, [...NOT_COUNTED_AS_SENT_KINDS])) : undefined,
        range ? and(gte(mailOutbox.sentAt, range.from), lt(mailOutbox.sentAt, range.to)) : undefined,
        after ? sql`(${mailOutbox.createdAt}, ${mailOutbox.id}) < (${String(after[0])}::timestamptz, ${String(after[1])}::text)` : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
  return toPage(rows, OUTBOX_PAGE_SIZE, (row) => [row.position, row.id]);
}

/** One outgoing mail with its body, and the thread it belongs to. */
export async function getOutboxMail(ctx: CampsiteCtx, id: string) {
  const [row] = await ctx.db
    .select({ mail: mailOutbox, threadId: mailTraces.threadId, contactId: mailTraces.contactId, quoteId: mailTraces.quoteId })
    .from(mailOutbox)
    .leftJoin(mailTraces, and(eq(mailTraces.id, mailOutbox.mailTraceId), eq(mailTraces.campingId, mailOutbox.campingId)))
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.campingId, ctx.campsiteId)));
  if (!row) throw new AppError('not_found', 'E-mail non trovata.');
  const files = row.mail.attachmentIds.length
    ? await ctx.db
        .select({ id: mailAttachments.id, fileName: mailAttachments.fileName, byteSize: mailAttachments.byteSize })
        .from(mailAttachments)
        .where(and(eq(mailAttachments.campingId, ctx.campsiteId), inArray(mailAttachments.id, row.mail.attachmentIds)))
    : [];
  return { ...row, files };
}

/** A thread's mails (tracciaMail), oldest first, as a conversation reads. */
export async function threadMails(ctx: CampsiteCtx, threadId: string) {
  return ctx.db
    .select()
    .from(mailTraces)
    .where(and(eq(mailTraces.campingId, ctx.campsiteId), eq(mailTraces.threadId, threadId)))
    .orderBy(mailTraces.createdAt, mailTraces.id)
    .limit(200);
}
