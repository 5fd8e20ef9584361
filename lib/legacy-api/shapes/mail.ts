import { z } from '@/lib/validation';
import type { AttachmentInfo } from '@/lib/mail/attachments';
import type { TraceRow } from '@/lib/mail/traces';

/** Answer shapes of the mail calls (sending, traces, attachments, newsletters); the fields are in lib/vocabulary/mail-fields. */

const metaText = z.string().trim().max(320).optional();
export const metaSchema = z.object({ operatore: metaText, emailCV: metaText, cliente: metaText, tag: metaText }, 'meta deve essere un oggetto');

export const legacyTraceSchema = z.object({
  _id: z.string(),
  camping: z.string(),
  thread: z.string(),
  uuid: z.string().nullable().describe('il riferimento nell’oggetto (getUUID)'),
  direction: z.enum(['in', 'out']),
  emails: z.array(z.string()),
  object: z.string(),
  body: z.string(),
  client: z.string().nullable(),
  idPreventivo: z.string().nullable(),
  isSent: z.boolean(),
  linked_mails: z.array(z.string()),
  prev_replies: z.array(z.string()),
  idEmail: z.string().nullable().describe('l’id del messaggio presso il fornitore o la casella'),
  meta: z.object({ operatore: z.string().optional(), emailCV: z.string().optional(), cliente: z.string().optional(), tag: z.string().optional() }),
  date: z.string().describe('ISO 8601'),
  sentAt: z.string().nullable(),
  usedAt: z.string().nullable(),
});
type LegacyTrace = z.infer<typeof legacyTraceSchema>;
export const tracePageSchema = z.object({ items: z.array(legacyTraceSchema), nextCursor: z.string().nullable(), total: z.number() });

export function toLegacyTrace(row: TraceRow): LegacyTrace {
  return {
    _id: row.id,
    camping: row.campingId,
    thread: row.threadId,
    uuid: row.referenceId,
    direction: row.direction,
    emails: row.recipients,
    object: row.subject,
    body: row.body,
    client: row.contactId,
    idPreventivo: row.quoteId,
    isSent: row.isSent,
    linked_mails: row.linkedMailIds,
    prev_replies: row.previousReplies,
    idEmail: row.providerMessageId,
    meta: row.meta,
    date: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

export const legacyAttachmentSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().describe('byte'),
  idPreventivo: z.string().nullable(),
  idMail: z.string().nullable(),
  date: z.string(),
});
export const toLegacyAttachment = (row: AttachmentInfo): z.infer<typeof legacyAttachmentSchema> => ({
  _id: row.id,
  fileName: row.fileName,
  mimeType: row.mimeType,
  size: row.byteSize,
  idPreventivo: row.quoteId,
  idMail: row.mailTraceId,
  date: row.createdAt.toISOString(),
});
