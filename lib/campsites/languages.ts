import { asc, eq, inArray } from 'drizzle-orm';
import { campsiteLanguages, languages } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import type { Ctx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import type { z } from '@/lib/validation';
import { defaultPhonePrefix } from './settings-defaults';
import { loadCampsite, writeCampsiteScope } from './settings-scope';
import { languagesSchema } from './settings-validation';

export type CampsiteLanguage = { languageId: number; name: string; code: string; phonePrefix: string };
export type KnownLanguage = { id: number; name: string; code: string };

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
  return ctx.db.select({ id: languages.id, name: languages.name, code: languages.code }).from(languages).orderBy(asc(languages.id));
}

const snapshot = (list: { languageId: number; phonePrefix: string }[]) => ({ lingue: list.map((entry) => `${entry.languageId} ${entry.phonePrefix}`) });

/**
 * Replaces the campsite's languages with the list given, in its order. A language without a
 * prefix keeps the one it had, else gets its default (it +39, en +44, uk +380, others +39).
 */
export async function setCampsiteLanguages(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof languagesSchema>): Promise<CampsiteLanguage[]> {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const wanted = languagesSchema.parse(input);
  await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    await loadCampsite(inTx, id, { lock: true });
    const known = await tx.select({ id: languages.id, code: languages.code }).from(languages).where(inArray(languages.id, wanted.map((entry) => entry.languageId)));
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
        defaultPhonePrefix(known.find((language) => language.id === entry.languageId)?.code ?? ''),
    }));
    const diff = changedKeys(snapshot(current), snapshot(rows));
    if (Object.keys(diff.after).length === 0) return;
    await tx.delete(campsiteLanguages).where(eq(campsiteLanguages.campingId, id));
    await tx.insert(campsiteLanguages).values(rows);
    await recordAudit(inTx, { campsiteId: id, action: 'campsite.settings.languages', entityId: id, summary: 'Lingue del campeggio modificate', ...diff });
  });
  invalidate([cacheTags.campsite(id)]);
  return listCampsiteLanguages(ctx, id);
}
