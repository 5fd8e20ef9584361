import { asc, eq } from 'drizzle-orm';
import { campsiteLanguages, campsites, configurations, languages, type LegacyImportSkip } from '@/db/schema';
import { formFieldsOf } from '@/lib/campsites/settings';
import { DEFAULT_OCCUPANCY_SCALE, EMPTY_CONTACTS, openingHoursOf } from '@/lib/campsites/settings-defaults';
import { contactFormFieldsSchema, contactsSchema, localizationSchema, occupancyScaleSchema, openingHoursSchema, tagsSchema } from '@/lib/campsites/settings-validation';
import { legacyCampsiteSchema, NOT_DEFINED } from '@/lib/legacy-api/shapes/campsite';
import {
  legacyContactsSchema,
  legacyFormFieldsSchema,
  legacyHoursSchema,
  legacyLanguageSchema,
  legacyOccupancySchema,
  toLegacyContacts,
  toLegacyHours,
  toLegacyOccupancy,
} from '@/lib/legacy-api/shapes/campsite-settings';
import { z } from '@/lib/validation';
import type { ImportCtx, LegacyKind } from '../kind';
import { parseEach } from '../parse';
import { upsertKeepingIds } from '../upsert';

const KIND = 'impostazioni';
export const MASKED_KEY_REASON = 'chiave mascherata: reinseriscila';

const legacyConfigSchema = z.object({ _id: z.string(), group: z.string(), option: z.record(z.string(), z.unknown()), date_creation: z.string(), __v: z.number() }).loose();
const localizationAnswer = z.record(z.string(), z.record(z.string(), z.string()));

/** Everything the old system shows of its campsite's settings, gathered as one record under the old campsite's id. */
const legacySettingsSchema = z.object({
  _id: z.string(),
  camping: legacyCampsiteSchema,
  orari: legacyHoursSchema,
  contatti: legacyContactsSchema,
  occupazione: legacyOccupancySchema,
  campiFormContatti: legacyFormFieldsSchema,
  lingue: z.array(legacyLanguageSchema),
  localization: localizationAnswer,
  configs: z.array(z.unknown()),
});
type LegacySettings = z.output<typeof legacySettingsSchema>;

async function readSettings(client: Parameters<LegacyKind['pages']>[0]) {
  const id = client.session.campsiteId;
  const path = encodeURIComponent(id);
  const any = z.unknown();
  return {
    _id: id,
    camping: await client.json('POST', `/getCamping/${path}`, any),
    orari: await client.json('POST', `/getCamping/orari/${path}`, any),
    contatti: await client.json('POST', `/getCamping/contatti/${path}`, any),
    occupazione: await client.json('POST', '/getCamping/occupazione', any, {}),
    campiFormContatti: await client.json('POST', '/getCamping/campiFormContatti', any, {}),
    lingue: await client.json('POST', '/getCamping/lingue', any, {}),
    localization: await client.json('POST', `/getLocalization/${path}`, any),
    // The quote options (group 'emailInvioPreventivi' and the others) are the campsite's configurations.
    configs: await client.json('POST', '/getConfigs', z.array(z.unknown()), {}),
  };
}

/** Parses one part of the settings with the schema our settings screens use; an invalid part is skipped and the stored one stays. */
function part<S extends z.ZodType>(campsiteOldId: string, name: string, schema: S, value: unknown, skipped: LegacyImportSkip[]): z.output<S> | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  skipped.push({ kind: KIND, oldId: `${campsiteOldId}:${name}`, reason: `${issue?.path.join('.') || name}: ${issue?.message ?? 'non valido'}` });
  return undefined;
}

/** The campsite's languages, replaced only when the list or an order or prefix differs. */
async function writeLanguages(ctx: ImportCtx, wanted: LegacySettings['lingue'], skipped: LegacyImportSkip[], oldId: string): Promise<boolean> {
  const { db, campsiteId } = ctx;
  const known = new Set((await db.select({ id: languages.id }).from(languages)).map((row) => row.id));
  const rows: { languageId: number; phonePrefix: string; position: number }[] = [];
  for (const language of wanted) {
    if (known.has(language.idLingua)) rows.push({ languageId: language.idLingua, phonePrefix: language.prefisso, position: rows.length });
    else skipped.push({ kind: KIND, oldId: `${oldId}:lingue:${language.idLingua}`, reason: `lingua ${language.nomeLingua} (${language.idLingua}) sconosciuta qui` });
  }
  if (!rows.length) return false;
  const current = await db
    .select({ languageId: campsiteLanguages.languageId, phonePrefix: campsiteLanguages.phonePrefix, position: campsiteLanguages.position })
    .from(campsiteLanguages)
    .where(eq(campsiteLanguages.campingId, campsiteId))
    .orderBy(asc(campsiteLanguages.position), asc(campsiteLanguages.languageId));
  if (JSON.stringify(current) === JSON.stringify(rows)) return false;
  if (ctx.dryRun) return true;
  await db.delete(campsiteLanguages).where(eq(campsiteLanguages.campingId, campsiteId));
  await db.insert(campsiteLanguages).values(rows.map((row) => ({ ...row, campingId: campsiteId })));
  return true;
}

/**
 * Impostazioni: the campsite's record (name, lucee, urlToCV, tags, scontoSoloSuUnita, creation
 * date and __v), its hours, contacts, occupancy scale, contact-form fields, languages, guest-page
 * texts and configurations (the quote options), read with one call each and written as one page.
 * Not crossing: the Mailjet/Resend key and secret (the old system shows them masked, so they are
 * reported to be entered again), MonthlyEmailSent (the old system's counter of its own sends this
 * month; ours counts what we send), the foreign-language notes of the hours (not in the contract:
 * the ones stored here stay) and platformCampId (not shown by the old system).
 */
export const settingsKind: LegacyKind = {
  name: KIND,
  label: 'Impostazioni del campeggio',
  async *pages(client) {
    yield { items: [await readSettings(client)], cursor: null };
  },
  async write(ctx, items) {
    const { records, skipped } = parseEach(KIND, items, legacySettingsSchema);
    let written = 0;
    let unchanged = 0;
    for (const settings of records) {
      const changed = await writeSettings(ctx, settings, skipped);
      // A dry run counts what it checked as neither, like upsertKeepingIds.
      if (ctx.dryRun) continue;
      if (changed) written++;
      else unchanged++;
    }
    return { written, unchanged, skipped };
  },
  async countHere(db, campsiteId) {
    const [row] = await db.select({ id: campsites.id }).from(campsites).where(eq(campsites.id, campsiteId));
    return row ? 1 : 0;
  },
  async showHere(ctx) {
    const [row] = await ctx.db.select().from(campsites).where(eq(campsites.id, ctx.campsiteId));
    if (!row) return null;
    const lingue = await ctx.db
      .select({ idLingua: campsiteLanguages.languageId, prefisso: campsiteLanguages.phonePrefix })
      .from(campsiteLanguages)
      .where(eq(campsiteLanguages.campingId, ctx.campsiteId))
      .orderBy(asc(campsiteLanguages.position), asc(campsiteLanguages.languageId));
    const configs = await ctx.db
      .select({ group: configurations.group, option: configurations.option })
      .from(configurations)
      .where(eq(configurations.campingId, ctx.campsiteId))
      .orderBy(asc(configurations.group), asc(configurations.createdAt), asc(configurations.id));
    return comparable({
      name: row.name,
      lucee: row.lucee,
      urlToCV: row.urlToCv || NOT_DEFINED,
      personalizedTags: row.personalizedTags,
      personalizedQuoteTags: row.personalizedQuoteTags,
      scontoSoloSuUnita: row.discountOnlyOnUnit,
      date_creation: row.createdAt.toISOString(),
      orari: toLegacyHours(openingHoursOf(row.openingHours)),
      contatti: toLegacyContacts({ ...EMPTY_CONTACTS, ...(row.contacts ?? {}) }),
      occupazione: toLegacyOccupancy(row.occupancyScale?.length ? row.occupancyScale : DEFAULT_OCCUPANCY_SCALE),
      campiFormContatti: formFieldsOf(row),
      lingue,
      localization: row.localization,
      configs,
    });
  },
  async showThere(client) {
    const read = legacySettingsSchema.safeParse(await readSettings(client));
    if (!read.success) return null;
    const parsed = read.data;
    const configs = parseEach(KIND, parsed.configs, legacyConfigSchema).records;
    return comparable({
      name: parsed.camping.name,
      lucee: parsed.camping.lucee,
      urlToCV: parsed.camping.urlToCV,
      personalizedTags: parsed.camping.personalizedTags,
      personalizedQuoteTags: parsed.camping.personalizedQuoteTags,
      scontoSoloSuUnita: parsed.camping.scontoSoloSuUnita,
      date_creation: parsed.camping.date_creation,
      orari: parsed.orari,
      contatti: parsed.contatti,
      occupazione: parsed.occupazione,
      campiFormContatti: parsed.campiFormContatti,
      lingue: parsed.lingue.map((language) => ({ idLingua: language.idLingua, prefisso: language.prefisso })),
      localization: parsed.localization,
      configs: configs
        .map((config) => ({ group: config.group, option: config.option, at: config.date_creation, id: config._id }))
        .sort((a, b) => a.group.localeCompare(b.group) || a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
        .map(({ group, option }) => ({ group, option })),
    });
  },
};

/** Writes the settings into the campsite; true when anything changed. */
async function writeSettings(ctx: ImportCtx, settings: LegacySettings, skipped: LegacyImportSkip[]): Promise<boolean> {
  const { db, campsiteId } = ctx;
  const oldId = settings._id;
  const camping = settings.camping;
  if (camping.MailjetAPI) skipped.push({ kind: KIND, oldId: `${oldId}:MailjetAPI`, reason: MASKED_KEY_REASON });
  if (camping.MailjetSecret) skipped.push({ kind: KIND, oldId: `${oldId}:MailjetSecret`, reason: MASKED_KEY_REASON });

  const [current] = await db.select().from(campsites).where(eq(campsites.id, campsiteId)).for('update');
  // A dry run into a campsite the real run would create: everything would be new.
  if (!current && !ctx.dryRun) throw new Error(`Il campeggio ${campsiteId} non esiste.`);
  const hours = part(oldId, 'orari', openingHoursSchema, { baseTime: settings.orari.orario, checkin: settings.orari.checkin, checkout: settings.orari.checkout, notes: settings.orari.note }, skipped);
  const contacts = part(oldId, 'contatti', contactsSchema, {
    phone: settings.contatti.tel,
    whatsapp: settings.contatti.whatsapp,
    email: settings.contatti.mail,
    address: settings.contatti.indirizzo,
    policyLink: settings.contatti.policyLink,
  }, skipped);
  const scale = part(oldId, 'occupazione', occupancyScaleSchema, settings.occupazione.map((step) => ({ threshold: step.soglia, color: step.colore, label: step.etichetta })), skipped);
  const fields = part(oldId, 'campiFormContatti', contactFormFieldsSchema, settings.campiFormContatti, skipped);
  const localization = part(oldId, 'localization', localizationSchema, settings.localization, skipped);
  const tags = part(oldId, 'tag', tagsSchema, { personalizedTags: camping.personalizedTags, personalizedQuoteTags: camping.personalizedQuoteTags }, skipped);

  const next = {
    name: camping.name,
    lucee: camping.lucee,
    urlToCv: camping.urlToCV === NOT_DEFINED || camping.urlToCV === '' ? null : camping.urlToCV,
    discountOnlyOnUnit: camping.scontoSoloSuUnita,
    ...(tags ?? {}),
    // The foreign-language notes are not in the contract: the ones here stay.
    ...(hours ? { openingHours: { ...hours, notesByLanguage: hours.notesByLanguage ?? current?.openingHours?.notesByLanguage } } : {}),
    ...(contacts ? { contacts } : {}),
    ...(scale ? { occupancyScale: scale } : {}),
    ...(fields ? { contactFormFields: fields } : {}),
    ...(localization ? { localization: localization as Record<string, Record<string, string>> } : {}),
    createdAt: new Date(camping.date_creation),
    version: camping.__v,
  };
  const differs = !current || Object.entries(next).some(([key, value]) => JSON.stringify(normalized(value)) !== JSON.stringify(normalized(current[key as keyof typeof current])));
  let changed = differs;
  if (differs && !ctx.dryRun) {
    await db
      .update(campsites)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(campsites.id, campsiteId));
  }
  if (await writeLanguages(ctx, settings.lingue, skipped, oldId)) changed = true;

  const configs = parseEach(KIND, settings.configs, legacyConfigSchema);
  skipped.push(...configs.skipped.map((skip) => ({ ...skip, oldId: `${oldId}:configurazione:${skip.oldId}` })));
  const outcome = await upsertKeepingIds(
    ctx,
    configurations,
    'configurazioni',
    configs.records.map((config) => ({
      id: config._id,
      campingId: campsiteId,
      group: config.group,
      option: config.option,
      createdAt: new Date(config.date_creation),
      version: config.__v,
    })),
    ['group', 'option', 'createdAt', 'version'],
  );
  if (outcome.written.length) changed = true;
  return changed;
}

/** Both sides of the report's comparison with their keys in one order: jsonb keeps its own. */
const comparable = (settings: Record<string, unknown>) => normalized(settings) as Record<string, unknown>;

/** Dates compare as instants, jsonb objects by their keys sorted (PostgreSQL reorders them). */
function normalized(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalized);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, normalized(inner)]),
    );
  }
  return value ?? null;
}
