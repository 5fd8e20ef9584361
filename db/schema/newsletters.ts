import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id, timestampTz } from './columns';
import { contacts } from './contacts';
import { campaigns, mailingLists } from './lists';

export type RecipientState = 'pending' | 'sent' | 'failed' | 'skipped' | 'unknown';
export type SkipReason = 'unsubscribed' | 'suppressed' | 'no_email' | 'duplicate' | 'cancelled';

/**
 * The ledger: one row per newsletter × contact, written before anything is sent. The primary key
 * makes a second row for the same guest impossible; the address index, a second copy to a shared
 * address (among the rows to send: a skipped duplicate keeps its row and its reason). Rows to send carry their batch number; skipped rows say why.
 */
export const newsletterRecipients = pgTable(
  'newsletter_recipients',
  {
    campingId: campingId(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The name and language as they were at fan-out: a batch sent again must be the same mail. */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    languageId: integer('language_id'),
    batchNo: integer('batch_no'),
    state: text('state').$type<RecipientState>().notNull(),
    skipReason: text('skip_reason').$type<SkipReason>(),
    providerMessageId: text('provider_message_id'),
    /** Last event the provider reported (delivered, bounced…), for the recipient list. */
    lastEvent: text('last_event'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.contactId] }),
    uniqueIndex('newsletter_recipients_address_uq')
      .on(t.campaignId, sql`lower(${t.email})`)
      .where(sql`${t.batchNo} is not null`),
    index('newsletter_recipients_batch_idx').on(t.campaignId, t.batchNo),
    index('newsletter_recipients_camping_idx').on(t.campingId),
    index('newsletter_recipients_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
  ],
);

export type BatchState = 'queued' | 'sending' | 'sent' | 'failed' | 'unknown' | 'cancelled';

/**
 * One provider call of up to 100 mails. 'sending' with an expired lease is a batch whose fate a
 * crash hid: recovery sends it again under the same idempotency key, so the provider answers the
 * first outcome instead of mailing twice; past the provider's key window it is settled 'unknown'.
 */
export const newsletterBatches = pgTable(
  'newsletter_batches',
  {
    campingId: campingId(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    batchNo: integer('batch_no').notNull(),
    state: text('state').$type<BatchState>().notNull().default('queued'),
    size: integer('size').notNull(),
    attempts: integer('attempts').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    /** First attempt: from then on the batch's content is frozen (the key must match one payload). */
    firstAttemptAt: timestampTz('first_attempt_at'),
    leaseUntil: timestampTz('lease_until'),
    lastError: text('last_error'),
    settledAt: timestampTz('settled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.batchNo] }),
    index('newsletter_batches_camping_idx').on(t.campingId),
    index('newsletter_batches_open_idx')
      .on(t.state, t.leaseUntil)
      .where(sql`${t.state} in ('queued', 'sending')`),
  ],
);

/**
 * The next free send slot per provider key (a hash, never the key): every instance reserves its
 * slot here, so the rate per key holds across processes. Worthless after a crash, hence unlogged
 * (migration).
 */
export const providerSendSlots = pgTable('provider_send_slots', {
  keyHash: text('key_hash').primaryKey(),
  nextAt: timestampTz('next_at').notNull(),
  /** Set by a 429: until then no call of this key leaves, even one whose slot was reserved before. */
  heldUntil: timestampTz('held_until'),
});

/**
 * Each webhook delivery (svix-id) is processed once per campsite; a replay finds its row and
 * changes nothing. The id is the campsite's provider account's: another campsite may reuse it.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    webhookId: text('webhook_id').notNull(),
    campingId: campingId(),
    eventType: text('event_type').notNull(),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campingId, t.webhookId] }), index('webhook_receipts_camping_idx').on(t.campingId, t.receivedAt)],
);

export type ConsentAction = 'requested' | 'confirmed' | 'subscribed' | 'unsubscribed';
export type ConsentMethod = 'form' | 'staff' | 'api' | 'link' | 'platform';

/**
 * The consent log: who asked to receive newsletters, when, how, seeing which text, from which
 * address. A 'requested' row (double opt-in) holds the hash of its confirmation token.
 */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: id(),
    campingId: campingId(),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    listId: text('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    action: text('action').$type<ConsentAction>().notNull(),
    method: text('method').$type<ConsentMethod>().notNull(),
    /** The consent text the guest saw, word for word, in their language. */
    textShown: text('text_shown').notNull().default(''),
    languageId: integer('language_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    tokenHash: text('token_hash'),
    expiresAt: timestampTz('expires_at'),
    confirmedAt: timestampTz('confirmed_at'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_consents_camping_at_idx').on(t.campingId, t.at, t.id),
    index('newsletter_consents_contact_idx').on(t.contactId),
    uniqueIndex('newsletter_consents_token_uq')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
  ],
);
