import { asc, eq, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { campsiteLanguages, languages } from '@/db/schema';
import { changedKeys, recordAudit } from '@/lib/audit/service';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import { AppError } from '@/lib/errors';
import type { z } from '@/lib/validation';
import { defaultPhonePrefix } from './settings-defaults';
import { loadCampsite, writeCampsiteScope, type SettingsActor } from './settings-scope';
import { languagesSchema } from './settings-validation';

export type CampsiteLanguage = { languageId: number; name: string; code: string; phonePrefix: string };
export type KnownLanguage = { id: number; name: string; code: string };

/** The campsite's languages in its order (the contact form's language list and phone prefixes). */
export async function listCampsiteLanguages(db: DbOrTx, campsiteId: string): Promise<CampsiteLanguage[]> {
  return db
    .select({ languageId: languages.id, name: languages.name, code: languages.code, phonePrefix: campsiteLanguages.phonePrefix })
    .from(campsiteLanguages)
    .innerJoin(languages, eq(languages.id, campsiteLanguages.languageId))
    .where(eq(campsiteLanguages.campingId, campsiteId))
    .orderBy(asc(campsiteLanguages.position), asc(languages.id));
}

export async function listKnownLanguages(db: DbOrTx): Promise<KnownLanguage[]> {
  return db.select({ id: languages.id, name: languages.name, code: languages.code }).from(languages).orderBy(asc(languages.id));
}

const snapshot = (list: { languageId: number; phonePrefix: string }[]) => ({ lingue: list.map((entry) => `${entry.languageId} ${entry.phonePrefix}`) });

/**
 * Replaces the campsite's languages with the list given, in its order. A language without a
 * prefix keeps the one it had, else gets its default (it +39, en +44, uk +380, others +39).
 */
export async function setCampsiteLanguages(
  db: Database,
  tenant: SettingsActor,
  campsiteId: string | null | undefined,
  input: z.input<typeof languagesSchema>,
): Promise<CampsiteLanguage[]> {
  const id = writeCampsiteScope(tenant, campsiteId);
  const wanted = languagesSchema.parse(input);
  await db.transaction(async (tx) => {
    await loadCampsite(tx, id, { lock: true });
    const known = await tx.select({ id: languages.id, code: languages.code }).from(languages).where(inArray(languages.id, wanted.map((entry) => entry.languageId)));
    const unknown = wanted.filter((entry) => !known.some((language) => language.id === entry.languageId));
    if (unknown.length) throw new AppError('bad_request', `Lingua sconosciuta: ${unknown.map((entry) => entry.languageId).join(', ')}.`);
    const current = await listCampsiteLanguages(tx, id);
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
    await recordAudit(tx, tenant, { campsiteId: id, action: 'campsite.settings.languages', entityId: id, summary: 'Lingue del campeggio modificate', ...diff });
  });
  invalidate([cacheTags.campsite(id)]);
  return listCampsiteLanguages(db, id);
}
