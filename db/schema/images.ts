import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { campingId } from './campsites';
import { bytea, createdAt, id, updatedAt } from './columns';
import { languages } from './reference';

/** Uploaded pictures, re-encoded on upload; typologyId links a picture to an accommodation type. */
export const images = pgTable(
  'images',
  {
    id: id(),
    campingId: campingId(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    typologyId: text('typology_id'),
    category: text('category'),
    alt: text('alt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('images_camping_created_idx').on(t.campingId, t.createdAt), index('images_camping_typology_idx').on(t.campingId, t.typologyId)],
);

/** The description of an accommodation type in one language, shown on the mini-site. */
export const typologyDescriptions = pgTable(
  'typology_descriptions',
  {
    campingId: campingId(),
    typologyId: text('typology_id').notNull(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    html: text('html').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.campingId, t.typologyId, t.languageId] })],
);

export const typologyCategories = pgTable(
  'typology_categories',
  {
    campingId: campingId(),
    typologyId: text('typology_id').notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.campingId, t.typologyId] })],
);
