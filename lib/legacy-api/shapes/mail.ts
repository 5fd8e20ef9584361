import { z } from '@/lib/validation';
import type { AttachmentInfo } from '@/lib/mail/attachments';
import type { TraceRow } from '@/lib/mail/traces';

/** Field and answer shapes shared by the mail calls (sending, traces, attachments, newsletters). */

export const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 500;
const MAX_HTML = 2_000_000;

export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const id = (what: string) => z.string(`${what} non valido`).trim().min(1, `${what} non valido`).max(100, `${what} non valido`);
export const optionalId = (what: string) => z.preprocess(blankToUndefined, id(what).optional());

/** A getUUID reference: letters, digits and dashes (a legacy client may still send a real UUID). */
export const referenceSchema = z
  .string('Riferimento (uuid) non valido')
  .trim()
  .min(4, 'Riferimento (uuid) non valido')
  .max(64, 'Riferimento (uuid) non valido')
  .regex(/^[A-Za-z0-9-]+$/, 'Riferimento (uuid) non valido: solo lettere, cifre e trattini');
export const threadSchema = z.string('Conversazione (thread) non valida').trim().min(1, 'Conversazione (thread) non valida').max(200, 'Conversazione (thread) non valida');

/** Recipients as an array or one text ("a@x.it, b@y.de"); every one a valid address, at most 50. */
export const addressList = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.split(/[,;]/).map((item) => item.trim()).filter(Boolean);
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item.trim() : item));
    return value;
  },
  z
    .array(z.email('Indirizzo e-mail del destinatario non valido').max(320, 'Indirizzo e-mail troppo lungo'), 'I destinatari devono essere indirizzi e-mail')
    .max(MAX_RECIPIENTS, `Al massimo ${MAX_RECIPIENTS} destinatari per e-mail`),
);
export const subjectText = z.string('L’oggetto deve essere un testo').trim().max(MAX_SUBJECT, `L’oggetto supera i ${MAX_SUBJECT} caratteri`);
export const htmlText = z.string('Il testo dell’e-mail deve essere un testo').max(MAX_HTML, 'Il testo dell’e-mail è troppo lungo (massimo 2 MB)');
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
