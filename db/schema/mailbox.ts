import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MailboxFolder, SyncCursor } from '../../lib/vocabulary/mailbox-types';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt } from './columns';
import { contacts } from './contacts';
import { mailTraces } from './mail';
import { quotes } from './quotes';
import { users } from './users';

export type MailboxProvider = 'gmail' | 'imap';
/** active: syncing; reconnect: the provider refused our credentials, the staff must bind again. */
export type MailboxStatus = 'active' | 'reconnect';
export type ImapSettings = { imapHost: string; imapPort: number; imapSecure: boolean; smtpHost: string; smtpPort: number; smtpSecure: boolean; username: string };

/** The campsite's bound mailbox: one per campsite. Secrets are encrypted with DATA_ENCRYPTION_KEY. */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: id(),
    campingId: campingId(),
    provider: text('provider').$type<MailboxProvider>().notNull(),
    address: text('address').notNull(),
    status: text('status').$type<MailboxStatus>().notNull().default('active'),
    statusReason: text('status_reason'),
    /** Gmail: the refresh token; IMAP: the password. Never leaves the server. */
    encryptedSecret: text('encrypted_secret').notNull(),
    encryptedAccessToken: text('encrypted_access_token'),
    accessTokenExpiresAt: timestampTz('access_token_expires_at'),
    imapSettings: jsonb('imap_settings').$type<ImapSettings>(),
    syncCursor: jsonb('sync_cursor').$type<SyncCursor>(),
    /** Set when a full sync completed; null means the next sync is a full one. */
    fullSyncAt: timestampTz('full_sync_at'),
    lastSyncAt: timestampTz('last_sync_at'),
    lastSyncError: text('last_sync_error'),
    lastSyncMs: integer('last_sync_ms'),
    /** One sync at a time per mailbox, across instances: a sync holds the lease while it runs. */
    syncLeaseUntil: timestampTz('sync_lease_until'),
    /** One IDLE connection per IMAP mailbox, across instances: the instance watching it renews this lease (lib/mailbox/idle.ts). */
    idleLeaseUntil: timestampTz('idle_lease_until'),
    boundByUserId: text('bound_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('mailboxes_camping_unique').on(t.campingId)],
);

/** OAuth 2.0 authorization in progress: the state we sent to Google and its PKCE verifier, for 10 minutes. */
export const mailboxOauthStates = pgTable(
  'mailbox_oauth_states',
  {
    state: text('state').primaryKey(),
    campingId: campingId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    encryptedVerifier: text('encrypted_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_oauth_states_camping_idx').on(t.campingId)],
);

/** A conversation of the mailbox, linked to the guest(s) of its addresses and to a quote. */
export const mailboxThreads = pgTable(
  'mailbox_threads',
  {
    id: id(),
    campingId: campingId(),
    mailboxId: text('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    /** Gmail's thread id, or the Message-ID of the conversation's first mail (IMAP). */
    threadKey: text('thread_key').notNull(),
    subject: text('subject').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    /** Lower-cased addresses of everyone in the conversation: the search and the contact links read it. */
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    lastMessageAt: timestampTz('last_message_at').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    inInbox: boolean('in_inbox').notNull().default(false),
    inSent: boolean('in_sent').notNull().default(false),
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    /** The thread of our own traces this conversation continues (by the RIF in its subject). */
    traceThreadId: text('trace_thread_id'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mailbox_threads_key_unique').on(t.mailboxId, t.threadKey),
    index('mailbox_threads_inbox_idx').on(t.campingId, t.lastMessageAt, t.id).where(sql`${t.inInbox}`),
    index('mailbox_threads_sent_idx').on(t.campingId, t.lastMessageAt, t.id).where(sql`${t.inSent}`),
    index('mailbox_threads_quote_idx').on(t.campingId, t.quoteId),
    index('mailbox_threads_trace_thread_idx').on(t.campingId, t.traceThreadId),
    index('mailbox_threads_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** The guests a conversation is with: by address (same campsite only), or linked by hand. */
export const mailboxThreadContacts = pgTable(
  'mailbox_thread_contacts',
  {
    threadId: text('thread_id')
      .notNull()
      .references(() => mailboxThreads.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    campingId: campingId(),
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.contactId] }), index('mailbox_thread_contacts_contact_idx').on(t.campingId, t.contactId)],
);

export type MailboxAttachmentInfo = { fileName: string; mimeType: string; byteSize: number; index: number };

/** One message of the mailbox, parsed once at sync; the raw source is not kept. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: id(),
    campingId: campingId(),
    mailboxId: text('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    threadId: text('thread_id')
      .notNull()
      .references(() => mailboxThreads.id, { onDelete: 'cascade' }),
    providerMessageId: text('provider_message_id').notNull(),
    /** RFC 5322 Message-ID, without angle brackets. */
    rfcMessageId: text('rfc_message_id'),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    fromAddress: text('from_address').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    html: text('html'),
    text: text('text'),
    attachments: jsonb('attachments').$type<MailboxAttachmentInfo[]>().notNull().default([]),
    folders: jsonb('folders').$type<MailboxFolder[]>().notNull().default([]),
    unread: boolean('unread').notNull().default(false),
    /** 'out' when the mailbox's own address sent it. */
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    sentAt: timestampTz('sent_at').notNull(),
    /** Our trace of the same mail (sent from the CRM): the timelines show the trace, not this copy. */
    mailTraceId: text('mail_trace_id').references(() => mailTraces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mailbox_messages_provider_unique').on(t.mailboxId, t.providerMessageId),
    uniqueIndex('mailbox_messages_rfc_unique')
      .on(t.mailboxId, t.rfcMessageId)
      .where(sql`${t.rfcMessageId} is not null`),
    index('mailbox_messages_thread_idx').on(t.threadId, t.sentAt),
    index('mailbox_messages_camping_idx').on(t.campingId),
  ],
);
