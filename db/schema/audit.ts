import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Every change an admin or an operator makes: who, when, what, and for settings the values
 * before and after (secrets masked). The campsite is the one whose admins may read the entry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    campingId: campingId(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text: the entry outlives the user who made it. */
    actorEmail: text('actor_email').notNull(),
    /** e.g. 'user.create', 'user.password', 'campsite.delete', 'settings.orari', 'update.create'. */
    action: text('action').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_camping_created_idx').on(t.campingId, t.createdAt, t.id)],
);
