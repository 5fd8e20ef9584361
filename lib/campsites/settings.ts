import { eq, sql } from 'drizzle-orm';
import { campsites, type CampsiteContacts, type ContactFormField, type OccupancyStep, type OpeningHours } from '@/db/schema';
import type { AuditAction } from '@/lib/audit/actions';
import { recordAudit } from '@/lib/audit/service';
import { cacheTags, invalidate } from '@/lib/cache/tags';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { encryptSecret, maskSecret } from '@/lib/crypto/secret-box';
import { AppError } from '@/lib/errors';
import { DEFAULT_FORM_FIELDS } from '@/lib/vocabulary/request-fields';
import type { Localization, TagDefinition } from '@/db/schema';
import { listCampsiteLanguages, type CampsiteLanguage } from './languages';
import { DEFAULT_OCCUPANCY_SCALE, EMPTY_CONTACTS, openingHoursOf } from './settings-defaults';
import { withNoteTranslations } from './guest-texts';
import { loadCampsite, readCampsiteScope, writeCampsiteScope, type CampsiteRow } from './settings-scope';
import {
  contactFormFieldsSchema,
  contactsSchema,
  localizationSchema,
  mailingSchema,
  occupancyScaleSchema,
  openingHoursSchema,
  tagsSchema,
} from './settings-validation';
import type { z } from '@/lib/validation';

/** Everything the settings tabs show of one campsite; the mailing keys only masked. */
export type CampsiteSettings = {
  id: string;
  name: string;
  lucee: boolean;
  platformCampId: string | null;
  urlToCv: string | null;
  discountOnlyOnUnit: boolean;
  openingHours: OpeningHours;
  contacts: CampsiteContacts;
  occupancyScale: OccupancyStep[];
  contactFormFields: ContactFormField[];
  languages: CampsiteLanguage[];
  localization: Localization;
  personalizedTags: TagDefinition[];
  personalizedQuoteTags: TagDefinition[];
  mailing: { apiKey: string | null; secret: string | null };
};

/** The stored form fields, completed with any field the campsite never configured (hidden). */
export function formFieldsOf(row: Pick<CampsiteRow, 'contactFormFields'>): ContactFormField[] {
  return contactFormFieldsSchema.parse(row.contactFormFields?.length ? row.contactFormFields : DEFAULT_FORM_FIELDS);
}

export function settingsOf(row: CampsiteRow, languages: CampsiteLanguage[]): CampsiteSettings {
  return {
    id: row.id,
    name: row.name,
    lucee: row.lucee,
    platformCampId: row.platformCampId,
    urlToCv: row.urlToCv,
    discountOnlyOnUnit: row.discountOnlyOnUnit,
    openingHours: openingHoursOf(row.openingHours),
    contacts: { ...EMPTY_CONTACTS, ...(row.contacts ?? {}) },
    occupancyScale: row.occupancyScale?.length ? row.occupancyScale : DEFAULT_OCCUPANCY_SCALE,
    contactFormFields: formFieldsOf(row),
    languages,
    localization: row.localization,
    personalizedTags: row.personalizedTags,
    personalizedQuoteTags: row.personalizedQuoteTags,
    mailing: { apiKey: maskSecret(row.mailjetApiKey), secret: maskSecret(row.mailjetSecret) },
  };
}

export async function getCampsiteSettings(ctx: StaffCtx, campsiteId?: string | null): Promise<CampsiteSettings> {
  const id = readCampsiteScope(ctx.tenant, campsiteId);
  const row = await loadCampsite(ctx, id);
  return settingsOf(row, await listCampsiteLanguages(ctx, id));
}

type Patch = Partial<Omit<CampsiteRow, 'id' | 'createdAt' | 'updatedAt' | 'version' | 'monthlyEmailSent'>>;

/** What an audit entry may hold of a patch: the mailing keys only masked. */
function auditable(patch: Patch): Partial<Record<keyof Patch, unknown>> {
  const { mailjetApiKey, mailjetSecret, ...rest } = patch;
  return {
    ...rest,
    ...('mailjetApiKey' in patch ? { mailjetApiKey: maskSecret(mailjetApiKey) } : {}),
    ...('mailjetSecret' in patch ? { mailjetSecret: maskSecret(mailjetSecret) } : {}),
  };
}

/**
 * One section saved: the row locked, the change and its audit entry (only the keys that changed)
 * in one transaction; the guest pages' cache dropped after the commit, so the change shows at once.
 */
export async function saveCampsitePatch(
  ctx: StaffCtx,
  campsiteId: string,
  build: (current: CampsiteRow) => Patch,
  audit: { action: AuditAction; summary: string },
): Promise<CampsiteRow> {
  const saved = await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const current = await loadCampsite(inTx, campsiteId, { lock: true });
    const patch = build(current);
    // Decided on the stored values (a re-entered key encrypts anew), audited masked.
    const changed = (Object.keys(patch) as (keyof Patch)[]).filter((key) => canonical(current[key]) !== canonical(patch[key]));
    if (changed.length === 0) return current;
    const pick = (source: Patch) => auditable(Object.fromEntries(changed.map((key) => [key, source[key]])) as Patch);
    const diff = { before: pick(current), after: pick(patch) };
    const [row] = await tx
      .update(campsites)
      .set({ ...patch, version: sql`${campsites.version} + 1` })
      .where(eq(campsites.id, campsiteId))
      .returning();
    await recordAudit(inTx, { campsiteId, action: audit.action, entityId: campsiteId, summary: audit.summary, ...diff });
    return row;
  });
  invalidate([cacheTags.campsite(campsiteId)]);
  return saved;
}

/** JSON with sorted keys: jsonb gives objects back in its own key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

type SettingsSection = 'hours' | 'contacts' | 'occupancy' | 'form-fields' | 'localization' | 'tags' | 'mailing';
const save = (action: SettingsSection, summary: string) => ({ action: `campsite.settings.${action}` as const, summary });

export async function updateOpeningHours(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof openingHoursSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const { notesByLanguage, ...hours } = openingHoursSchema.parse(input);
  return saveCampsitePatch(ctx, id, (current) => ({ openingHours: withNoteTranslations(hours, notesByLanguage ?? current.openingHours?.notesByLanguage) }), save('hours', 'Orari del campeggio modificati'));
}

export async function updateContacts(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof contactsSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const contacts = contactsSchema.parse(input);
  return saveCampsitePatch(ctx, id, () => ({ contacts }), save('contacts', 'Contatti del campeggio modificati'));
}

export async function updateOccupancyScale(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof occupancyScaleSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const occupancyScale = occupancyScaleSchema.parse(input);
  return saveCampsitePatch(ctx, id, () => ({ occupancyScale }), save('occupancy', 'Scala di occupazione modificata'));
}

export async function updateContactFormFields(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof contactFormFieldsSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const contactFormFields = contactFormFieldsSchema.parse(input);
  return saveCampsitePatch(ctx, id, () => ({ contactFormFields }), save('form-fields', 'Campi del modulo contatti modificati'));
}

export async function updateLocalization(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof localizationSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const parsed = localizationSchema.parse(input);
  // An emptied text goes back to the page's own; a language without texts is dropped.
  const localization = Object.fromEntries(
    Object.entries(parsed)
      .map(([locale, texts]) => [locale, Object.fromEntries(Object.entries(texts ?? {}).filter(([, value]) => value !== ''))] as const)
      .filter(([, texts]) => Object.keys(texts).length > 0),
  );
  return saveCampsitePatch(ctx, id, () => ({ localization }), save('localization', 'Testi delle pagine ospite modificati'));
}

export async function updateTags(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof tagsSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const tags = tagsSchema.parse(input);
  return saveCampsitePatch(ctx, id, () => tags, save('tags', 'Tag dei contatti e dei preventivi modificati'));
}

/** Stored encrypted (AES-256-GCM); a blank value keeps the stored key. */
export async function updateMailingKeys(ctx: StaffCtx, campsiteId: string | null | undefined, input: z.input<typeof mailingSchema>) {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const parsed = mailingSchema.parse(input);
  const patch: Patch = {};
  if (parsed.clearApiKey) patch.mailjetApiKey = null;
  else if (parsed.apiKey) patch.mailjetApiKey = encryptSecret(parsed.apiKey);
  if (parsed.clearSecret) patch.mailjetSecret = null;
  else if (parsed.secret) patch.mailjetSecret = encryptSecret(parsed.secret);
  if (Object.keys(patch).length === 0) throw new AppError('bad_request', 'Scrivi la chiave API o la chiave segreta da salvare.', { fieldErrors: { apiKey: 'Scrivi la chiave API o la chiave segreta' } });
  return saveCampsitePatch(ctx, id, () => patch, save('mailing', 'Chiavi del fornitore di mailing modificate'));
}
