import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { images, languages, templates } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { escapeLike } from '@/lib/search';
import { newsletterPlaceholderError } from './placeholders';
import { TEMPLATE_NAME_MAX, type TemplateFilter, type TemplateInput, type TemplatePatch } from './validation';

export { automaticTemplateLanguages, chooseTemplate, reminderTemplate, templatesForLanguage } from './selection';

export type TemplateRow = typeof templates.$inferSelect;

export const TEMPLATE_NOT_FOUND = 'Modello non trovato.';
export const TEMPLATE_CHANGED =
  'Nel frattempo qualcuno ha salvato questo modello. Copia le tue modifiche, ricarica la pagina e riapplicale alla versione aggiornata.';
/**
 * A campsite keeps a few dozen templates; the cap lets every list be one bounded query (the
 * product never pages them) and stops a runaway script from filling the table.
 */
export const MAX_TEMPLATES_PER_CAMPSITE = 500;

const notFound = () => new AppError('not_found', TEMPLATE_NOT_FOUND);
const own = (campsiteId: string, id: string) => and(eq(templates.id, id), eq(templates.campingId, campsiteId));

/**
 * Writes to one campsite's templates take turns: the reminder rule and the cap read other rows
 * before writing, and two concurrent saves must not both see "no other reminder".
 */
async function lockTemplates({ db, campsiteId }: CampsiteCtx) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || ':templates'))`);
}

/**
 * The reminder rule: at most one reminder template (isSollecito) per language per campsite.
 * Marking one clears the mark on the others of that language instead of refusing the save, so
 * "make this the reminder" is one step; templates without a language count as one language.
 * The version of a cleared template goes up, so whoever has it open is told before overwriting.
 */
async function clearOtherReminders({ db, campsiteId }: CampsiteCtx, languageId: number | null, exceptId?: string) {
  await db
    .update(templates)
    .set({ isReminder: false, version: sql`${templates.version} + 1` })
    .where(
      and(
        eq(templates.campingId, campsiteId),
        eq(templates.isReminder, true),
        languageId === null ? isNull(templates.languageId) : eq(templates.languageId, languageId),
        exceptId ? ne(templates.id, exceptId) : undefined,
      ),
    );
}

/** A newsletter template holds only placeholders a newsletter can fill, and is never a quote's reminder. */
function assertPurpose(purpose: 'quote' | 'newsletter', html: string, isReminder: boolean) {
  if (purpose !== 'newsletter') return;
  const wrong = newsletterPlaceholderError(html);
  if (wrong) throw new AppError('bad_request', wrong);
  if (isReminder) throw new AppError('bad_request', 'Un modello per newsletter non può essere il sollecito dei preventivi.');
}

async function assertLanguage(db: DbOrTx, languageId: number | null) {
  if (languageId === null) return;
  const found = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
  if (found.length === 0) throw new AppError('bad_request', 'Lingua sconosciuta.');
}

/** Only the campsite's own images are kept: an id of another campsite, or of a deleted image, is dropped. */
async function ownImageIds({ db, campsiteId }: CampsiteCtx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: images.id }).from(images).where(and(eq(images.campingId, campsiteId), inArray(images.id, ids)));
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

function filterConditions(campsiteId: string, filter: TemplateFilter): SQL {
  const search = filter.search?.trim();
  return and(
    eq(templates.campingId, campsiteId),
    typeof filter.languageId === 'number' ? eq(templates.languageId, filter.languageId) : undefined,
    filter.isReminder === undefined ? undefined : eq(templates.isReminder, filter.isReminder),
    filter.purpose ? eq(templates.purpose, filter.purpose) : undefined,
    search ? sql`lower(${templates.name}) like ${`%${escapeLike(search.toLowerCase())}%`}` : undefined,
  )!;
}

/** The campsite's templates by name, optionally of one language, reminders only or not, or matching a name. */
export async function listTemplates({ db, campsiteId }: CampsiteCtx, filter: TemplateFilter = {}): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(filterConditions(campsiteId, filter))
    .orderBy(asc(sql`lower(${templates.name})`), asc(templates.id))
    .limit(MAX_TEMPLATES_PER_CAMPSITE);
}

/** One template of the campsite; another campsite's id is simply not found. */
export async function getTemplate({ db, campsiteId }: CampsiteCtx, id: string): Promise<TemplateRow> {
  const [row] = await db.select().from(templates).where(own(campsiteId, id));
  if (!row) throw notFound();
  return row;
}

async function insertTemplate(ctx: CampsiteCtx, input: TemplateInput): Promise<TemplateRow> {
  const { db: tx, campsiteId } = ctx;
  await lockTemplates(ctx);
  const [{ total }] = await tx.select({ total: count() }).from(templates).where(eq(templates.campingId, campsiteId));
  if (total >= MAX_TEMPLATES_PER_CAMPSITE) {
    throw new AppError('conflict', `Il campeggio ha già ${MAX_TEMPLATES_PER_CAMPSITE} modelli: eliminane qualcuno prima di crearne altri.`);
  }
  if (input.isReminder) await clearOtherReminders(ctx, input.languageId);
  const [created] = await tx
    .insert(templates)
    .values({
      campingId: campsiteId,
      name: input.name,
      html: input.html,
      note: input.note,
      imageIds: await ownImageIds(ctx, input.imageIds),
      languageId: input.languageId,
      isReminder: input.isReminder,
      purpose: input.purpose,
    })
    .returning();
  return created;
}

export async function createTemplate(ctx: CampsiteCtx, input: TemplateInput): Promise<TemplateRow> {
  assertPurpose(input.purpose, input.html, input.isReminder);
  await assertLanguage(ctx.db, input.languageId);
  return ctx.db.transaction((tx) => insertTemplate({ ...ctx, db: tx }, input));
}

/**
 * Changes the fields given. With `expectedVersion` (the staff editor always sends the version it
 * loaded) a save over somebody else's newer save is refused instead of silently undoing it.
 */
export async function updateTemplate(
  ctx: CampsiteCtx,
  id: string,
  patch: TemplatePatch,
  expectedVersion?: number | null,
): Promise<TemplateRow> {
  const { campsiteId } = ctx;
  if (patch.languageId !== undefined) await assertLanguage(ctx.db, patch.languageId);
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    await lockTemplates(inTx);
    const [current] = await tx.select().from(templates).where(own(campsiteId, id)).for('update');
    if (!current) throw notFound();
    if (expectedVersion !== undefined && expectedVersion !== null && current.version !== expectedVersion) {
      throw new AppError('conflict', TEMPLATE_CHANGED, { currentVersion: current.version });
    }
    const languageId = patch.languageId !== undefined ? patch.languageId : current.languageId;
    const isReminder = patch.isReminder ?? current.isReminder;
    const purpose = patch.purpose ?? current.purpose;
    assertPurpose(purpose, patch.html ?? current.html, isReminder);
    if (isReminder) await clearOtherReminders(inTx, languageId, id);
    const [updated] = await tx
      .update(templates)
      .set({
        name: patch.name ?? current.name,
        html: patch.html ?? current.html,
        note: patch.note ?? current.note,
        imageIds: patch.imageIds ? await ownImageIds(inTx, patch.imageIds) : current.imageIds,
        languageId,
        isReminder,
        purpose,
        version: sql`${templates.version} + 1`,
      })
      .where(own(campsiteId, id))
      .returning();
    return updated;
  });
}

/** A copy named "Copia di …"; never a reminder, so copying does not take the role from the original. */
export async function duplicateTemplate(ctx: CampsiteCtx, id: string): Promise<TemplateRow> {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const original = await getTemplate(inTx, id);
    return insertTemplate(inTx, {
      name: `Copia di ${original.name}`.slice(0, TEMPLATE_NAME_MAX),
      html: original.html,
      note: original.note,
      imageIds: original.imageIds,
      languageId: original.languageId,
      isReminder: false,
      purpose: original.purpose,
    });
  });
}

/** Removes the template; mails already sent with it keep their own copy of the text. */
export async function deleteTemplate({ db, campsiteId }: CampsiteCtx, id: string): Promise<TemplateRow> {
  const [deleted] = await db.delete(templates).where(own(campsiteId, id)).returning();
  if (!deleted) throw notFound();
  return deleted;
}
