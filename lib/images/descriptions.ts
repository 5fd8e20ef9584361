import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { languages, typologyCategories, typologyDescriptions } from '@/db/schema';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import { AppError } from '@/lib/errors';
import { descriptionInputSchema, typologyCategoriesInputSchema, type DescriptionInput, type TypologyCategoriesInput } from './validation';

export type TypologyDescription = { typologyId: string; languageId: number; html: string; updatedAt: Date };
export type TypologyCategories = { typologyId: string; categories: string[]; updatedAt: Date };

/** Descriptions and categories show on the guest mini-site: a staff change drops its cache. */
const touched = (campsiteId: string) => invalidate([cacheTags.campsite(campsiteId)]);

const descriptionColumns = {
  typologyId: typologyDescriptions.typologyId,
  languageId: typologyDescriptions.languageId,
  html: typologyDescriptions.html,
  updatedAt: typologyDescriptions.updatedAt,
};

/** Creates or replaces the description of a typology in one language. */
export async function saveDescription(db: DbOrTx, campsiteId: string, input: DescriptionInput): Promise<TypologyDescription> {
  const { typologyId, languageId, html } = descriptionInputSchema.parse(input);
  const [language] = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
  if (!language) throw new AppError('bad_request', 'Lingua sconosciuta.');
  const [row] = await db
    .insert(typologyDescriptions)
    .values({ campingId: campsiteId, typologyId, languageId, html })
    .onConflictDoUpdate({
      target: [typologyDescriptions.campingId, typologyDescriptions.typologyId, typologyDescriptions.languageId],
      set: { html, updatedAt: new Date() },
    })
    .returning(descriptionColumns);
  touched(campsiteId);
  return row;
}

export async function getDescription(db: DbOrTx, campsiteId: string, typologyId: string, languageId: number): Promise<TypologyDescription | null> {
  const [row] = await db
    .select(descriptionColumns)
    .from(typologyDescriptions)
    .where(and(eq(typologyDescriptions.campingId, campsiteId), eq(typologyDescriptions.typologyId, typologyId), eq(typologyDescriptions.languageId, languageId)));
  return row ?? null;
}

/** Every language of one typology; a few rows at most (one per language). */
export async function listDescriptions(db: DbOrTx, campsiteId: string, typologyId?: string): Promise<TypologyDescription[]> {
  return db
    .select(descriptionColumns)
    .from(typologyDescriptions)
    .where(and(eq(typologyDescriptions.campingId, campsiteId), typologyId ? eq(typologyDescriptions.typologyId, typologyId) : undefined))
    .orderBy(asc(typologyDescriptions.typologyId), asc(typologyDescriptions.languageId))
    .limit(2000);
}

export async function deleteDescription(db: DbOrTx, campsiteId: string, typologyId: string, languageId: number): Promise<void> {
  const removed = await db
    .delete(typologyDescriptions)
    .where(and(eq(typologyDescriptions.campingId, campsiteId), eq(typologyDescriptions.typologyId, typologyId), eq(typologyDescriptions.languageId, languageId)))
    .returning({ typologyId: typologyDescriptions.typologyId });
  if (removed.length === 0) throw new AppError('not_found', 'Descrizione non trovata.');
  touched(campsiteId);
}

const categoryColumns = { typologyId: typologyCategories.typologyId, categories: typologyCategories.categories, updatedAt: typologyCategories.updatedAt };

/** Replaces the picture categories of a typology (e.g. «Esterno», «Bagno»); duplicates dropped, order kept. */
export async function saveTypologyCategories(db: DbOrTx, campsiteId: string, input: TypologyCategoriesInput): Promise<TypologyCategories> {
  const { typologyId, categories } = typologyCategoriesInputSchema.parse(input);
  const byName = new Map<string, string>();
  for (const name of categories) if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), name);
  const unique = [...byName.values()];
  const [row] = await db
    .insert(typologyCategories)
    .values({ campingId: campsiteId, typologyId, categories: unique })
    .onConflictDoUpdate({ target: [typologyCategories.campingId, typologyCategories.typologyId], set: { categories: unique, updatedAt: new Date() } })
    .returning(categoryColumns);
  touched(campsiteId);
  return row;
}

export async function getTypologyCategories(db: DbOrTx, campsiteId: string, typologyId: string): Promise<TypologyCategories | null> {
  const [row] = await db
    .select(categoryColumns)
    .from(typologyCategories)
    .where(and(eq(typologyCategories.campingId, campsiteId), eq(typologyCategories.typologyId, typologyId)));
  return row ?? null;
}

/** One row per typology of the campsite: as many as the platform has typologies. */
export async function listTypologyCategories(db: DbOrTx, campsiteId: string): Promise<TypologyCategories[]> {
  return db.select(categoryColumns).from(typologyCategories).where(eq(typologyCategories.campingId, campsiteId)).orderBy(asc(typologyCategories.typologyId)).limit(2000);
}

export async function deleteTypologyCategories(db: DbOrTx, campsiteId: string, typologyId: string): Promise<void> {
  const removed = await db
    .delete(typologyCategories)
    .where(and(eq(typologyCategories.campingId, campsiteId), eq(typologyCategories.typologyId, typologyId)))
    .returning({ typologyId: typologyCategories.typologyId });
  if (removed.length === 0) throw new AppError('not_found', 'Categorie non trovate per questa tipologia.');
  touched(campsiteId);
}
