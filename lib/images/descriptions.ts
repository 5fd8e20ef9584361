import { and, asc, eq } from 'drizzle-orm';
import { languages, typologyCategories, typologyDescriptions } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
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
export async function saveDescription(ctx: CampsiteCtx, input: DescriptionInput): Promise<TypologyDescription> {
  const { typologyId, languageId, html } = descriptionInputSchema.parse(input);
  const [language] = await ctx.db.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
  if (!language) throw new AppError('bad_request', 'Lingua sconosciuta.');
  const [row] = await ctx.db
    .insert(typologyDescriptions)
    .values({ campingId: ctx.campsiteId, typologyId, languageId, html })
    .onConflictDoUpdate({
      target: [typologyDescriptions.campingId, typologyDescriptions.typologyId, typologyDescriptions.languageId],
      set: { html, updatedAt: new Date() },
    })
    .returning(descriptionColumns);
  touched(ctx.campsiteId);
  return row;
}

export async function getDescription(ctx: CampsiteCtx, typologyId: string, languageId: number): Promise<TypologyDescription | null> {
  const [row] = await ctx.db
    .select(descriptionColumns)
    .from(typologyDescriptions)
    .where(and(eq(typologyDescriptions.campingId, ctx.campsiteId), eq(typologyDescriptions.typologyId, typologyId), eq(typologyDescriptions.languageId, languageId)));
  return row ?? null;
}

/** Every language of one typology; a few rows at most (one per language). */
export async function listDescriptions(ctx: CampsiteCtx, typologyId?: string): Promise<TypologyDescription[]> {
  return ctx.db
    .select(descriptionColumns)
    .from(typologyDescriptions)
    .where(and(eq(typologyDescriptions.campingId, ctx.campsiteId), typologyId ? eq(typologyDescriptions.typologyId, typologyId) : undefined))
    .orderBy(asc(typologyDescriptions.typologyId), asc(typologyDescriptions.languageId))
    .limit(2000);
}

export async function deleteDescription(ctx: CampsiteCtx, typologyId: string, languageId: number): Promise<void> {
  const removed = await ctx.db
    .delete(typologyDescriptions)
    .where(and(eq(typologyDescriptions.campingId, ctx.campsiteId), eq(typologyDescriptions.typologyId, typologyId), eq(typologyDescriptions.languageId, languageId)))
    .returning({ typologyId: typologyDescriptions.typologyId });
  if (removed.length === 0) throw new AppError('not_found', 'Descrizione non trovata.');
  touched(ctx.campsiteId);
}

const categoryColumns = { typologyId: typologyCategories.typologyId, categories: typologyCategories.categories, updatedAt: typologyCategories.updatedAt };

/** Replaces the picture categories of a typology (e.g. «Esterno», «Bagno»); duplicates dropped, order kept. */
export async function saveTypologyCategories(ctx: CampsiteCtx, input: TypologyCategoriesInput): Promise<TypologyCategories> {
  const { typologyId, categories } = typologyCategoriesInputSchema.parse(input);
  const byName = new Map<string, string>();
  for (const name of categories) if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), name);
  const unique = [...byName.values()];
  const [row] = await ctx.db
    .insert(typologyCategories)
    .values({ campingId: ctx.campsiteId, typologyId, categories: unique })
    .onConflictDoUpdate({ target: [typologyCategories.campingId, typologyCategories.typologyId], set: { categories: unique, updatedAt: new Date() } })
    .returning(categoryColumns);
  touched(ctx.campsiteId);
  return row;
}

export async function getTypologyCategories(ctx: CampsiteCtx, typologyId: string): Promise<TypologyCategories | null> {
  const [row] = await ctx.db
    .select(categoryColumns)
    .from(typologyCategories)
    .where(and(eq(typologyCategories.campingId, ctx.campsiteId), eq(typologyCategories.typologyId, typologyId)));
  return row ?? null;
}

/** One row per typology of the campsite: as many as the platform has typologies. */
export async function listTypologyCategories(ctx: CampsiteCtx): Promise<TypologyCategories[]> {
  return ctx.db.select(categoryColumns).from(typologyCategories).where(eq(typologyCategories.campingId, ctx.campsiteId)).orderBy(asc(typologyCategories.typologyId)).limit(2000);
}

export async function deleteTypologyCategories(ctx: CampsiteCtx, typologyId: string): Promise<void> {
  const removed = await ctx.db
    .delete(typologyCategories)
    .where(and(eq(typologyCategories.campingId, ctx.campsiteId), eq(typologyCategories.typologyId, typologyId)))
    .returning({ typologyId: typologyCategories.typologyId });
  if (removed.length === 0) throw new AppError('not_found', 'Categorie non trovate per questa tipologia.');
  touched(ctx.campsiteId);
}
