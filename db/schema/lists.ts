import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt, version } from './columns';
import { contacts } from './contacts';
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
    index('list_memberships_camping_idx').on(t.campingId),
    index('list_memberships_contact_idx').on(t.contactId),
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

/** A newsletter sent to a list; stats come back from the mass-mailing provider (custCamp). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    campingId: campingId(),
    listId: text('list_id').references(() => mailingLists.id, { onDelete: 'set null' }),
    templateId: text('template_id').references(() => templates.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html: text('html').notNull().default(''),
    providerCampaignId: text('provider_campaign_id'),
    status: text('status').$type<'draft' | 'scheduled' | 'sending' | 'sent' | 'failed'>().notNull().default('draft'),
    recipientCount: integer('recipient_count').notNull().default(0),
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
    kind: text('kind').$type<'sent' | 'open' | 'click' | 'bounce' | 'spam' | 'unsub'>().notNull(),
    url: text('url'),
    at: timestampTz('at').notNull().defaultNow(),
  },
  (t) => [index('campaign_events_camping_idx').on(t.campingId), index('campaign_events_campaign_idx').on(t.campaignId, t.kind)],
);
