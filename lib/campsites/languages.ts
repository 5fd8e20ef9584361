import { asc, eq, inArray } from 'drizzle-orm';
import { campsiteLanguages, languages } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import type { Ctx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { z } from '@/lib/validation';
import { loadCampsite, writeCampsiteScope } from './settings-scope';
import { languagesSchema } from './settings-validation';

export type CampsiteLanguage = { languageId: number; name: string; code: string; phonePrefix: string };
/** A language of the reference table, with its own country's phone prefix (Nederlands +31): what a newly added language proposes. */
export type KnownLanguage = { id: number; name: string; code: string; phonePrefix: string };

/** The languages of the campsite named, in its order (the contact form's language list and phone prefixes). */
export async function listCampsiteLanguages(ctx: Ctx, campsiteId: string): Promise<CampsiteLanguage[]> {
  return ctx.db
    .select({ languageId: languages.id, name: languages.name, code: languages.code, phonePrefix: campsiteLanguages.phonePrefix })
    .from(campsiteLanguages)
    .innerJoin(languages, eq(languages.id, campsiteLanguages.languageId))
    .where(eq(campsiteLanguages.campingId, campsiteId))
    .orderBy(asc(campsiteLanguages.position), asc(languages.id));
}

export async function listKnownLanguages(ctx: Ctx): Promise<KnownLanguage[]> {
  return ctx.db.select({ id: languages.id, name: languages.name, code: languages.code, phonePrefix: languages.phonePrefix }).from(languages).orderBy(asc(languages.id));
}

/** The log reads «Nederlands (+31)», not the language's id. */
const snapshot = (list: { languageId: number; phonePrefix: string }[], names: Map<number, string>) => ({
  lingue: list.map((entry) => `${names.get(entry.languageId) ?? entry.languageId} (${entry.phonePrefix})`),
});

/**
 * Replaces the campsite's languages with the list given, in its order. A language without a
 * prefix keeps the one it had, else gets its own country's (the reference table's: nl +31).
 */
export async function setCampsiteLanguages(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof languagesSchema>): Promise<CampsiteLanguage[]> {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const wanted = languagesSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    await loadCampsite(inTx, id, { lock: true });
    const known = await tx.select({ id: languages.id, name: languages.name, phonePrefix: languages.phonePrefix }).from(languages).where(inArray(languages.id, wanted.map((entry) => entry.languageId)));
    const unknown = wanted.filter((entry) => !known.some((language) => language.id === entry.languageId));
    if (unknown.length) throw new AppError('bad_request', `Lingua sconosciuta: ${unknown.map((entry) => entry.languageId).join(', ')}.`);
    const current = await listCampsiteLanguages(inTx, id);
    const rows = wanted.map((entry, position) => ({
      campingId: id,
      languageId: entry.languageId,
      position,
      phonePrefix:
        entry.phonePrefix ??
        current.find((language) => language.languageId === entry.languageId)?.phonePrefix ??
        known.find((language) => language.id === entry.languageId)!.phonePrefix,
    }));
    const names = new Map([...current.map((language) => [language.languageId, language.name] as const), ...known.map((language) => [language.id, language.name] as const)]);
    const diff = changedKeys(snapshot(current, names), snapshot(rows, names));
    if (Object.keys(diff.after).length === 0) return;
    await tx.delete(campsiteLanguages).where(eq(campsiteLanguages.campingId, id));
    await tx.insert(campsiteLanguages).values(rows);
    await recordAudit(inTx, { campsiteId: id, action: 'campsite.settings.languages', entityId: id, summary: 'Lingue del campeggio modificate', ...diff });
  });
  invalidate([cacheTags.campsite(id)]);
  return listCampsiteLanguages(ctx, id);
}
