import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FollowUpOrigin, FollowUpSubject } from '../../lib/vocabulary/follow-ups';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt } from './columns';
import { contacts } from './contacts';
import { quotes } from './quotes';
import { users } from './users';

/**
 * «Ricordami»: a follow-up on a quote, a request or a contact, for one staff member at a time.
 * A suggestion the staff accepted or dismissed is a row too, so it is never suggested again.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: id(),
    campingId: campingId(),
    subject: text('subject').$type<FollowUpSubject>().notNull(),
    quoteId: text('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    assigneeId: text('assignee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: text('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestampTz('due_at').notNull(),
    note: text('note').notNull().default(''),
    suggestion: text('suggestion').$type<FollowUpOrigin>(),
    doneAt: timestampTz('done_at'),
    doneById: text('done_by_id').references(() => users.id, { onDelete: 'set null' }),
    dismissedAt: timestampTz('dismissed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('follow_ups_open_due_idx')
      .on(t.campingId, t.assigneeId, t.dueAt, t.id)
      .where(sql`${t.doneAt} is null and ${t.dismissedAt} is null`),
    index('follow_ups_camping_contact_idx').on(t.campingId, t.contactId, t.createdAt),
    index('follow_ups_camping_quote_idx').on(t.campingId, t.quoteId, t.createdAt),
    uniqueIndex('follow_ups_quote_suggestion_unique')
      .on(t.quoteId, t.suggestion)
      .where(sql`${t.suggestion} is not null`),
  ],
);
