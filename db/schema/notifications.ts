import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { campingId, campsites } from './campsites';
import { createdAt, id, timestampTz } from './columns';
import { contacts } from './contacts';
import { quotes } from './quotes';
import { users } from './users';

export type NotificationGroup = 'preventivo' | 'accettazione' | 'richiesta';

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

/** Product-update notices from the provider; shared by every campsite. */
export const productUpdates = pgTable('product_updates', {
  id: id(),
  title: text('title').notNull(),
  html: text('html').notNull(),
  /** Null: every campsite sees it; otherwise only this one. */
  targetCampingId: text('target_camping_id').references(() => campsites.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

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
