import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id, timestampTz, updatedAt, version } from './columns';
import { languages, nations } from './reference';
import { users } from './users';

export type ContactSource = 'staff' | 'form' | 'import' | 'api' | 'platform';

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    campingId: campingId(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phonePrefix: text('phone_prefix'),
    phone: text('phone'),
    languageId: integer('language_id').references(() => languages.id),
    nationId: integer('nation_id').references(() => nations.id),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    notes: text('notes'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    source: text('source').$type<ContactSource>().notNull().default('staff'),
    /** Set when the guest unsubscribes from every newsletter of the campsite. */
    newsletterOptOutAt: timestampTz('newsletter_opt_out_at'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('contacts_camping_idx').on(t.campingId),
    index('contacts_camping_created_idx').on(t.campingId, t.createdAt.desc(), t.id),
    uniqueIndex('contacts_camping_email_unique')
      .on(t.campingId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);
