import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { templates } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

type TemplateRow = typeof templates.$inferSelect;

/** Spec section 3: idLingua 1 is Italian, the campsites' own language and the reminder fallback. */
export const ITALIAN_LANGUAGE_ID = 1;

/** Enough for any campsite (the service caps them at 500); a picker never needs more. */
const PICKER_LIMIT = 500;

/**
 * The campsite's quote templates for a mail to a guest of `languageId`: that language's first, then
 * the others, each group by name. Staff may still pick another language's template; a newsletter
 * template is not offered (it has no quote link).
 */
export async function templatesForLanguage({ db, campsiteId }: CampsiteCtx, languageId: number | null): Promise<TemplateRow[]> {
  const sameLanguage = languageId === null ? sql`(${templates.languageId} is null)` : sql`(${templates.languageId} is not distinct from ${languageId}::int)`;
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.campingId, campsiteId), eq(templates.purpose, 'quote')))
    .orderBy(desc(sameLanguage), asc(sql`lower(${templates.name})`), asc(templates.id))
    .limit(PICKER_LIMIT);
}

/**
 * The reminder template (isSollecito) for a guest of `languageId`: the one in that language,
 * else the Italian one, else any reminder. The service keeps one per language; should older
 * data hold several, the most recently saved wins.
 */
export async function reminderTemplate({ db, campsiteId }: CampsiteCtx, languageId: number | null): Promise<TemplateRow | null> {
  const rank = sql`case
    when ${templates.languageId} is not distinct from ${languageId}::int then 0
    when ${templates.languageId} = ${ITALIAN_LANGUAGE_ID} then 1
    else 2 end`;
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.campingId, campsiteId), eq(templates.isReminder, true), eq(templates.purpose, 'quote')))
    .orderBy(asc(rank), desc(templates.updatedAt), asc(templates.id))
    .limit(1);
  return row ?? null;
}
