import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    /** Set by a hard bounce or a complaint: no newsletter goes to this address any more. */
    emailSuppressedAt: timestampTz('email_suppressed_at'),
    emailSuppressedReason: text('email_suppressed_reason').$type<'bounce' | 'complaint'>(),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    /** Name and e-mail, lower-case and without accents (crm_search_text, migration 0002), for trigram search. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`crm_search_text(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))`,
    ),
    /** Prefix and number as bare digits, so '+39 333-12' and '3933312' find the same guest. */
    phoneDigits: text('phone_digits').generatedAlwaysAs(sql`regexp_replace(coalesce(phone_prefix, '') || coalesce(phone, ''), '[^0-9]', '', 'g')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('contacts_camping_idx').on(t.campingId),
    index('contacts_camping_created_idx').on(t.campingId, t.createdAt, t.id),
    // Not unique: an import may knowingly keep two guests who share an address (a family);
    // staff create and edit refuse duplicates in the service.
    index('contacts_camping_email_idx')
      .on(t.campingId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index('contacts_camping_name_idx').on(t.campingId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('contacts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('contacts_phone_trgm_idx').using('gin', t.phoneDigits.op('gin_trgm_ops')),
  ],
);
