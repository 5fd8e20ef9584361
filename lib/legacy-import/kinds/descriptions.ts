import { and, countDistinct, eq, notInArray, sql } from 'drizzle-orm';
import { languages, typologyCategories, typologyDescriptions } from '@/db/schema';
import { listDescriptions, getTypologyCategories } from '@/lib/images/descriptions';
import { legacyDescriptionSchema, legacyTypologyCategorySchema, toLegacyDescription } from '@/lib/legacy-api/shapes/image';
import { z } from '@/lib/validation';
import type { LegacyClient } from '../client';
import type { LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { nextCursor, resumeFrom } from './paging';

const PAGE = 20;
const named = z.array(z.object({ id: z.string() }).loose());
const categoriesAnswer = z.array(z.unknown());
const imagePage = z.object({ images: z.array(z.object({ type: z.string().nullable() }).loose()), nextCursor: z.string().nullable() }).loose();

/** The typologies the old pictures belong to (their list without bytes): one no longer in the catalogue may still be described. */
async function typologiesOfImages(client: LegacyClient): Promise<string[]> {
  const found = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: z.output<typeof imagePage> = await client.json('POST', '/imageManager/lazy', imagePage, { limit: 100, ...(cursor ? { cursor } : {}) });
    for (const image of page.images) if (image.type) found.add(image.type);
    cursor = page.nextCursor;
  } while (cursor);
  return [...found];
}

/** One typology as read for the import: its descriptions in every language and its image categories (null: none). */
const typologySchema = z.object({ _id: z.string(), descrizioni: z.array(z.unknown()), categorie: z.array(z.string()).nullable() });

const path = (id: string) => encodeURIComponent(id);

/**
 * Descrizioni: per typology, its descriptions in every language and its image categories. The old
 * system lists no typologies of its own; they are the booking platform's (/cv/api/tipologie, asked
 * of the old system, never of ours), those that have categories there and those its pictures name. A typology with neither
 * is not a record. A typology's full set is known in its page: languages dropped there are dropped here.
 */
export const descriptionsKind: LegacyKind = {
  name: 'descrizioni',
  label: 'Descrizioni delle tipologie',
  async *pages(client, from) {
    const camp = path(client.session.campsiteId);
    const catalogue = await client.json('POST', '/cv/api/tipologie', named);
    const categories = await client.json('GET', `/getAllTypologyCategory/${camp}`, categoriesAnswer);
    const pictured = await typologiesOfImages(client);
    const categoriesOf = new Map<string, string[]>();
    for (const item of categories) {
      const parsed = legacyTypologyCategorySchema.safeParse(item);
      if (parsed.success && parsed.data.categories.length) categoriesOf.set(parsed.data.idTipologia, parsed.data.categories);
    }
    const typologies = [...new Set([...catalogue.map((t) => t.id), ...categoriesOf.keys(), ...pictured])].sort();
    for (const { index, items } of resumeFrom(typologies, from.cursor, PAGE)) {
      const page = [];
      for (const id of items) {
        const descrizioni = await client.json('GET', `/getAllDescription/${path(id)}/${camp}`, z.array(z.unknown()));
        const categorie = categoriesOf.get(id) ?? null;
        if (descrizioni.length || categorie) page.push({ _id: id, descrizioni, categorie });
      }
      yield { items: page, cursor: nextCursor(index, typologies.length) };
    }
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach('descrizioni', items, typologySchema);
    if (!records.length) return { written: 0, unchanged: 0, skipped };
    const { db, campsiteId } = ctx;
    const known = new Set((await db.select({ id: languages.id }).from(languages)).map((row) => row.id));
    let written = 0;
    let unchanged = 0;
    for (const typology of records) {
      const parsed = parseEach('descrizioni', typology.descrizioni, legacyDescriptionSchema);
      const rows = [];
      for (const skip of parsed.skipped) skipped.push({ ...skip, oldId: typology._id, reason: `descrizione: ${skip.reason}` });
      for (const description of parsed.records) {
        if (!known.has(description.idLingua)) {
          skipped.push({ kind: 'descrizioni', oldId: typology._id, reason: `lingua ${description.idLingua} sconosciuta: descrizione saltata` });
          continue;
        }
        rows.push({ campingId: campsiteId, typologyId: typology._id, languageId: description.idLingua, html: description.descrizione, updatedAt: new Date(description.date_update) });
      }
      if (ctx.dryRun) continue;
      const changed = (await syncDescriptions(ctx, typology._id, rows)) + (await syncCategories(ctx, typology._id, typology.categorie));
      if (changed) written++;
      else unchanged++;
    }
    return { written, unchanged, skipped };
  },
  async countHere(db, campsiteId) {
    const [described] = await db
      .select({ n: countDistinct(sql`typology_id`) })
      .from(
        sql`(select typology_id from ${typologyDescriptions} where camping_id = ${campsiteId}
             union select typology_id from ${typologyCategories} where camping_id = ${campsiteId}) as typologies`,
      );
    return Number(described.n);
  },
  async showHere(ctx, typologyId) {
    const [descriptions, categories] = await Promise.all([listDescriptions(ctx, typologyId), getTypologyCategories(ctx, typologyId)]);
    if (!descriptions.length && !categories) return null;
    return comparable(descriptions.map((row) => toLegacyDescription(ctx.campsiteId, row)), categories?.categories.length ? categories.categories : null);
  },
  async showThere(client, typologyId) {
    const camp = path(client.session.campsiteId);
    const [descriptions, categories] = await Promise.all([
      client.json('GET', `/getAllDescription/${path(typologyId)}/${camp}`, z.array(legacyDescriptionSchema)),
      client.json('GET', `/getTypologyCategory/${path(typologyId)}/${camp}`, legacyTypologyCategorySchema),
    ]);
    return comparable(descriptions, categories.categories.length ? categories.categories : null);
  },
};

type DescriptionRow = typeof typologyDescriptions.$inferInsert & { updatedAt: Date };

/** Inserts or updates the typology's descriptions and removes languages the old system no longer has; answers the rows moved. */
async function syncDescriptions(ctx: Parameters<LegacyKind['write']>[0], typologyId: string, rows: DescriptionRow[]): Promise<number> {
  const { db, campsiteId } = ctx;
  const ofTypology = and(eq(typologyDescriptions.campingId, campsiteId), eq(typologyDescriptions.typologyId, typologyId));
  const removed = await db
    .delete(typologyDescriptions)
    .where(and(ofTypology, rows.length ? notInArray(typologyDescriptions.languageId, rows.map((row) => row.languageId)) : undefined))
    .returning({ languageId: typologyDescriptions.languageId });
  if (!rows.length) return removed.length;
  const moved = await db
    .insert(typologyDescriptions)
    .values(rows)
    .onConflictDoUpdate({
      target: [typologyDescriptions.campingId, typologyDescriptions.typologyId, typologyDescriptions.languageId],
      set: { html: sql`excluded.html`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`(${typologyDescriptions.html}, ${typologyDescriptions.updatedAt}) is distinct from (excluded.html, excluded.updated_at)`,
    })
    .returning({ languageId: typologyDescriptions.languageId });
  return removed.length + moved.length;
}

/** The typology's image categories as the old system has them (none there: none here). */
async function syncCategories(ctx: Parameters<LegacyKind['write']>[0], typologyId: string, categories: string[] | null): Promise<number> {
  const { db, campsiteId } = ctx;
  const ofTypology = and(eq(typologyCategories.campingId, campsiteId), eq(typologyCategories.typologyId, typologyId));
  if (!categories) return (await db.delete(typologyCategories).where(ofTypology).returning({ id: typologyCategories.typologyId })).length;
  const moved = await db
    .insert(typologyCategories)
    .values({ campingId: campsiteId, typologyId, categories })
    .onConflictDoUpdate({
      target: [typologyCategories.campingId, typologyCategories.typologyId],
      set: { categories: sql`excluded.categories` },
      setWhere: sql`${typologyCategories.categories} is distinct from excluded.categories`,
    })
    .returning({ id: typologyCategories.typologyId });
  return moved.length;
}

/** A typology's descriptions (by language) and categories, as both systems show them. */
const comparable = (descriptions: z.output<typeof legacyDescriptionSchema>[], categories: string[] | null) => ({
  descrizioni: Object.fromEntries([...descriptions].sort((a, b) => a.idLingua - b.idLingua).map((row) => [row.idLingua, { descrizione: row.descrizione, date_update: row.date_update }])),
  categorie: categories,
});
