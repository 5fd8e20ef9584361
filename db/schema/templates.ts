import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { createdAt, id, updatedAt, version } from './columns';
import { languages } from './reference';
import { users } from './users';

export type TemplatePurpose = 'quote' | 'newsletter';

export const templates = pgTable(
  'templates',
  {
    id: id(),
    campingId: campingId(),
    name: text('name').notNull(),
    html: text('html').notNull().default(''),
    note: text('note').notNull().default(''),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    languageId: integer('language_id').references(() => languages.id),
    /** isSollecito: the template used for reminders. */
    isReminder: boolean('is_reminder').notNull().default(false),
    /**
     * What the template is for: 'quote' (quote mails and reminders, every placeholder) or
     * 'newsletter' (/stepsMailing, only the placeholders a newsletter can fill).
     */
    purpose: text('purpose').$type<TemplatePurpose>().notNull().default('quote'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('templates_camping_idx').on(t.campingId)],
);

/** Drafts (bozze): work in progress a user saved to finish later. */
export const drafts = pgTable(
  'drafts',
  {
    id: id(),
    campingId: campingId(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'quote' | 'mail' | 'newsletter'>().notNull(),
    title: text('title').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drafts_camping_idx').on(t.campingId)],
);
