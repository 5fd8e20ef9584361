import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Shared reference data, the same for every campsite. idLingua 1 is IT, 3 is DE, the rest GB. */
export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  phonePrefix: text('phone_prefix').notNull(),
});

export const nations = pgTable('nations', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  isoCode: text('iso_code').notNull(),
  phonePrefix: text('phone_prefix').notNull(),
  languageId: integer('language_id').references(() => languages.id),
});
