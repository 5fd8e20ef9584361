import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { templates } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { LANGUAGE_ID_OF } from '@/lib/i18n/locales';

type TemplateRow = typeof templates.$inferSelect;

/** Spec section 3: idLingua 1 is Italian, the campsites' own language. */
export const ITALIAN_LANGUAGE_ID = LANGUAGE_ID_OF.it;

/**
 * The language a foreign guest reads when the campsite wrote nothing in theirs: English, as the
 * guest pages do for any language they do not speak (lib/i18n/locales.ts).
 */
export const FOREIGN_GUEST_FALLBACK_LANGUAGE_ID = LANGUAGE_ID_OF.en;

/** Enough for any campsite (the service caps them at 500); a picker never needs more. */
const PICKER_LIMIT = 500;

/**
 * The languages a template may be chosen in, without the staff choosing it, for a guest of
 * `guestLanguageId`, best first: the guest's own; for a foreign guest then English. Never Italian
 * to a foreign guest, never another foreign language. A template whose language was never set was
 * written by the campsite's Italian staff: an Italian guest may get it last (older campsites keep
 * their reminders), nobody else. A guest of unknown language reads English, like the guest pages.
 */
export function automaticTemplateLanguages(guestLanguageId: number | null | undefined): (number | null)[] {
  if (guestLanguageId === null || guestLanguageId === undefined) return [FOREIGN_GUEST_FALLBACK_LANGUAGE_ID];
  if (guestLanguageId === ITALIAN_LANGUAGE_ID) return [ITALIAN_LANGUAGE_ID, null];
  if (guestLanguageId === FOREIGN_GUEST_FALLBACK_LANGUAGE_ID) return [guestLanguageId];
  return [guestLanguageId, FOREIGN_GUEST_FALLBACK_LANGUAGE_ID];
}

type Choosable = { languageId: number | null; isReminder: boolean };

/**
 * The template a mail to the guest gets when nobody chooses one, among `rows` (in their order of
 * preference within a language): for a quote the best language's ordinary template, else its
 * reminder; for a reminder only reminders. Null when no template is in an acceptable language.
 */
export function chooseTemplate<T extends Choosable>(rows: readonly T[], guestLanguageId: number | null | undefined, kind: 'quote' | 'reminder'): T | null {
  const passes: ((row: T) => boolean)[] = kind === 'reminder' ? [(row) => row.isReminder] : [(row) => !row.isReminder, (row) => row.isReminder];
  for (const languageId of automaticTemplateLanguages(guestLanguageId)) {
    for (const pass of passes) {
      const found = rows.find((row) => row.languageId === languageId && pass(row));
      if (found) return found;
    }
  }
  return null;
}

/**
 * The campsite's templates for a mail to a guest of `languageId`: that language's first, then
 * (for a foreign guest) English, then the others, each group by name. Staff may still pick any.
 */
export async function templatesForLanguage({ db, campsiteId }: CampsiteCtx, languageId: number | null): Promise<TemplateRow[]> {
  const [own, fallback] = [languageId, automaticTemplateLanguages(languageId).find((id) => id !== languageId) ?? null];
  const rank = sql`case
    when ${templates.languageId} is not distinct from ${own}::int then 0
    when ${templates.languageId} is not distinct from ${fallback}::int and ${fallback}::int is not null then 1
    else 2 end`;
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.campingId, campsiteId), eq(templates.purpose, 'quote')))
    .orderBy(asc(rank), asc(sql`lower(${templates.name})`), asc(templates.id))
    .limit(PICKER_LIMIT);
}

/**
 * The reminder template (isSollecito) for a guest of `languageId`: the one in that language, else
 * for a foreign guest the English one; else none, and no reminder goes (automaticTemplateLanguages).
 * The service keeps one per language; should older data hold several, the most recently saved wins.
 */
export async function reminderTemplate({ db, campsiteId }: CampsiteCtx, languageId: number | null): Promise<TemplateRow | null> {
  const rows = await db
    .select()
    .from(templates)
    .where(and(eq(templates.campingId, campsiteId), eq(templates.isReminder, true), eq(templates.purpose, 'quote')))
    .orderBy(desc(templates.updatedAt), asc(templates.id))
    .limit(PICKER_LIMIT);
  return chooseTemplate(rows, languageId, 'reminder');
}
