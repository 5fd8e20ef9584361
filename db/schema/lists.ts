import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { campingId, type CampsiteContacts } from './campsites';
import { createdAt, id, timestampTz, updatedAt, version } from './columns';
import { contacts } from './contacts';
import { languages } from './reference';
import { users } from './users';
import { templates } from './templates';

export const mailingLists = pgTable(
  'mailing_lists',
  {
    id: id(),
    campingId: campingId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The list's id at the mass-mailing provider (legacy idList). */
    providerListId: text('provider_list_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('mailing_lists_camping_idx').on(t.campingId)],
);

export const listMemberships = pgTable(
  'list_memberships',
  {
    campingId: campingId(),
    listId: text('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    contactId: text('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
    unsubscribedAt: timestampTz('unsubscribed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.contactId] }),
    // Campsite first (every query names it), then the list: counts of a list are index-only scans.
    index('list_memberships_camping_idx').on(t.campingId, t.listId, t.contactId),
    index('list_memberships_contact_idx').on(t.contactId),
    // Members newest first, paged by keyset (addedAt, contactId).
    index('list_memberships_list_added_idx').on(t.listId, t.addedAt, t.contactId),
  ],
);

export type CampaignStats = {
  sent?: number;
  delivered?: number;
  opened?: number;
  clicked?: number;
  bounced?: number;
  unsubscribed?: number;
};

export type CampaignSnapshot = { from: string; origin: string; campsite: { id: string; name: string; contacts: CampsiteContacts | null } };

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'cancelled' | 'sent' | 'failed';

/**
 * A newsletter (campagna, legacy custCamp): a subject and a body sent once to a list. The
 * counters move in the same transaction as the ledger rows they count, so they stay exact.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    campingId: campingId(),
    listId: text('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    templateId: text('template_id').references(() => templates.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html: text('html').notNull().default(''),
    languageId: integer('language_id').references(() => languages.id),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    providerCampaignId: text('provider_campaign_id'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** When the recipients were written to the ledger (the fan-out ran to its end). */
    fannedOutAt: timestampTz('fanned_out_at'),
    startedAt: timestampTz('started_at'),
    pausedAt: timestampTz('paused_at'),
    cancelledAt: timestampTz('cancelled_at'),
    /** Last time a worker moved this newsletter on; recovery wakes newsletters that stalled. */
    progressAt: timestampTz('progress_at'),
    /** Sender, campsite and link origin frozen at fan-out, so every batch (and its resend) is the same mail. */
    contentSnapshot: jsonb('content_snapshot').$type<CampaignSnapshot>(),
    stats: jsonb('stats').$type<CampaignStats>().notNull().default({}),
    scheduledAt: timestampTz('scheduled_at'),
    sentAt: timestampTz('sent_at'),
    statsSyncedAt: timestampTz('stats_synced_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_camping_created_idx').on(t.campingId, t.createdAt)],
);

export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: id(),
    campingId: campingId(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    kind: text('kind').$type<CampaignEventKind>().notNull(),
    url: text('url'),
    /** The provider's message id (Resend's email_id) the event is about. */
    providerMessageId: text('provider_message_id'),
    /** The webhook delivery (svix-id) that carried it. */
    webhookId: text('webhook_id'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [
    index('campaign_events_camping_idx').on(t.campingId),
    index('campaign_events_campaign_idx').on(t.campaignId, t.kind),
    index('campaign_events_campaign_at_idx').on(t.campaignId, t.at),
  ],
);

export type CampaignEventKind = 'sent' | 'delivered' | 'delayed' | 'open' | 'click' | 'bounce' | 'spam' | 'unsub';
