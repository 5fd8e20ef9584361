import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { bytea, createdAt, id, timestampTz } from './columns';
import { contacts } from './contacts';
import { quotes } from './quotes';

export type MailMeta = { operatore?: string; emailCV?: string; cliente?: string; tag?: string };

/** tracciaMail: every mail the product sent or received for a contact, grouped in threads. */
export const mailTraces = pgTable(
  'mail_traces',
  {
    id: id(),
    campingId: campingId(),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    threadId: text('thread_id').notNull(),
    /** The reference id put in the subject (' - RIF.: {id} [CRM]'), from getUUID. */
    referenceId: text('reference_id'),
    direction: text('direction').$type<'out' | 'in'>().notNull().default('out'),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    isSent: boolean('is_sent').notNull().default(false),
    linkedMailIds: jsonb('linked_mail_ids').$type<string[]>().notNull().default([]),
    previousReplies: jsonb('previous_replies').$type<string[]>().notNull().default([]),
    providerMessageId: text('provider_message_id'),
    /** The RFC 5322 Message-ID this mail carries (without angle brackets): a reply's In-Reply-To/References finds its quote by it. */
    rfcMessageId: text('rfc_message_id'),
    meta: jsonb('meta').$type<MailMeta>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
    /** markUUID: the reference was used by a sent mail. */
    usedAt: timestampTz('used_at'),
  },
  (t) => [
    index('mail_traces_camping_thread_idx').on(t.campingId, t.threadId, t.createdAt),
    index('mail_traces_contact_idx').on(t.contactId, t.createdAt),
    uniqueIndex('mail_traces_reference_unique').on(t.referenceId),
    index('mail_traces_rfc_message_idx').on(t.campingId, t.rfcMessageId),
  ],
);

/** Files attached to a mail or a quote (allegati). */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: id(),
    campingId: campingId(),
    mailTraceId: text('mail_trace_id').references(() => mailTraces.id, { onDelete: 'cascade' }),
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_attachments_camping_idx').on(t.campingId), index('mail_attachments_quote_idx').on(t.quoteId)],
);

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'captured' | 'failed';

/**
 * Every outgoing mail is written here in the same transaction as the change that caused it,
 * then delivered with retries; the idempotency key stops a retry from sending twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    campingId: campingId(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    mailTraceId: text('mail_trace_id').references(() => mailTraces.id, { onDelete: 'set null' }),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    /** The Message-ID generated at enqueue time, so every attempt of the row sends the same one. */
    rfcMessageId: text('rfc_message_id'),
    /** Which way the mail left: 'resend', 'capture', 'mailbox-imap' or 'mailbox-gmail' (null until sent). */
    transport: text('transport'),
    /**
     * When the campsite's own SMTP took the mail, recorded before the copy to Sent: a retry after a
     * crash there finds it here even though Sent has no copy, and does not send it again.
     */
    handedOverAt: timestampTz('handed_over_at'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_idempotency_unique').on(t.idempotencyKey),
    index('mail_outbox_camping_idx').on(t.campingId, t.createdAt),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Every list that shows a mail's status finds its outbox row by trace (lib/mail/trace-outbox.ts).
    index('mail_outbox_trace_idx').on(t.campingId, t.mailTraceId),
  ],
);
