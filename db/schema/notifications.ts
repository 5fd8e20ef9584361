import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id, timestampTz } from './columns';
import { contacts } from './contacts';
import { quotes } from './quotes';
import { users } from './users';

export type { NotificationGroup } from '../../lib/vocabulary/notification-groups';
import type { NotificationGroup } from '../../lib/vocabulary/notification-groups';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    campingId: campingId(),
    group: text('group').$type<NotificationGroup>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_camping_created_idx').on(t.campingId, t.createdAt, t.id),
    index('notifications_camping_unread_idx').on(t.campingId).where(sql`${t.readAt} is null`),
  ],
);

/** Product-update notices from the provider, posted by an operator to every campsite or to chosen ones. */
export const productUpdates = pgTable(
  'product_updates',
  {
    id: id(),
    title: text('title').notNull(),
    /** Sanitized on the way in, like every staff HTML. */
    html: text('html').notNull(),
    /** 'all': every campsite, present and future; 'selected': those in product_update_targets. */
    audience: text('audience').$type<'all' | 'selected'>().notNull().default('all'),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_updates_created_idx').on(t.createdAt, t.id)],
);

/** The campsites an update with audience 'selected' goes to. */
export const productUpdateTargets = pgTable(
  'product_update_targets',
  {
    campingId: campingId(),
    updateId: text('update_id')
      .notNull()
      .references(() => productUpdates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campingId, t.updateId] }), index('product_update_targets_update_idx').on(t.updateId)],
);

export const productUpdateViews = pgTable(
  'product_update_views',
  {
    campingId: campingId(),
    updateId: text('update_id')
      .notNull()
      .references(() => productUpdates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.updateId] }), index('product_update_views_camping_idx').on(t.campingId)],
);
