import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { languages, templates } from '@/db/schema';
import { saveCampsitePatch } from '@/lib/campsites/settings';
import { loadCampsite, readCampsiteScope, writeCampsiteScope } from '@/lib/campsites/settings-scope';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { z } from '@/lib/validation';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import { stayMailSettingsSchema, stayMailsOf } from './settings';

/** A quote template the staff may pick for a stay mail, named with its language. */
export type StayTemplateOption = { id: string; label: string };

/** Enough for any campsite (templates are capped at 500 per campsite). */
const PICKER_LIMIT = 500;

/** The campsite's stay mail settings, the defaults where it never saved them. */
export async function getStayMailSettings(ctx: StaffCtx, campsiteId?: string | null): Promise<StayMailSettings> {
  const row = await loadCampsite(ctx, readCampsiteScope(ctx.tenant, campsiteId));
  return stayMailsOf(row.stayMails);
}

/** The quote templates (not newsletters) of the campsite, by name: the choices besides «Testo predefinito». */
export async function stayTemplateOptions(ctx: StaffCtx, campsiteId?: string | null): Promise<StayTemplateOption[]> {
  const id = readCampsiteScope(ctx.tenant, campsiteId);
  const rows = await ctx.db
    .select({ id: templates.id, name: templates.name, language: languages.name })
    .from(templates)
    .leftJoin(languages, eq(languages.id, templates.languageId))
    .where(and(eq(templates.campingId, id), eq(templates.purpose, 'quote')))
    .orderBy(asc(sql`lower(${templates.name})`), asc(templates.id))
    .limit(PICKER_LIMIT);
  return rows.map((row) => ({ id: row.id, label: row.language ? `${row.name} (${row.language})` : row.name }));
}

/** The settings' template choices by the form's field path; null is «Testo predefinito». */
const chosenTemplates = (s: StayMailSettings): { field: string; id: string | null }[] => [
  { field: 'preArrival.templateId', id: s.preArrival.templateId },
  { field: 'preArrival.dayBeforeTemplateId', id: s.preArrival.dayBeforeTemplateId },
  { field: 'postStay.templateId', id: s.postStay.templateId },
];

/** Every chosen template must be one of the campsite's quote templates: another's id is refused beside its field. */
async function assertOwnTemplates(ctx: StaffCtx, campsiteId: string, settings: StayMailSettings) {
  const chosen = chosenTemplates(settings).flatMap(({ field, id }) => (id ? [{ field, id }] : []));
  if (chosen.length === 0) return;
  const found = await ctx.db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.campingId, campsiteId), eq(templates.purpose, 'quote'), inArray(templates.id, chosen.map((entry) => entry.id))));
  const own = new Set(found.map((row) => row.id));
  const missing = chosen.find((entry) => !own.has(entry.id));
  if (missing) throw new AppError('bad_request', 'Modello non trovato: scegline un altro o il testo predefinito.', { field: missing.field });
}

/** The stay mails' tab saved: validated (Italian errors by field), audited, only what changed. */
export async function updateStayMails(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof stayMailSettingsSchema>): Promise<StayMailSettings> {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const stayMails = stayMailSettingsSchema.parse(input);
  await assertOwnTemplates(ctx, id, stayMails);
  const row = await saveCampsitePatch(ctx, id, () => ({ stayMails }), { action: 'campsite.settings.stay-mails', summary: 'E-mail automatiche del soggiorno modificate' });
  return stayMailsOf(row.stayMails);
}
