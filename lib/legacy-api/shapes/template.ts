import type { TemplateRow } from '@/lib/templates/service';
import { templateFieldsSchema, templateFilterSchema, templatePatchSchema } from '@/lib/templates/validation';
import { z } from '@/lib/validation';

/** A template as the legacy JSON shows it: legacy names (lang, images, isSollecito), id twice. */
export const legacyTemplateSchema = z.object({
  _id: z.string(),
  id: z.string().describe('uguale a _id'),
  camping: z.string(),
  name: z.string(),
  html: z.string().describe('HTML del messaggio, con i segnaposto {{nome}}, {{linkPreventivo}}, …'),
  note: z.string(),
  images: z.array(z.string()).describe('id delle immagini del campeggio usate nel modello'),
  lang: z.number().nullable().describe('idLingua'),
  isSollecito: z.boolean().describe('modello dei solleciti: al massimo uno per lingua'),
  date_creation: z.string().describe('ISO 8601'),
  __v: z.number().describe('cresce di uno a ogni modifica'),
});
export type LegacyTemplate = z.infer<typeof legacyTemplateSchema>;

export function toLegacyTemplate(row: TemplateRow): LegacyTemplate {
  return {
    _id: row.id,
    id: row.id,
    camping: row.campingId,
    name: row.name,
    html: row.html,
    note: row.note,
    images: row.imageIds,
    lang: row.languageId,
    isSollecito: row.isReminder,
    date_creation: row.createdAt.toISOString(),
    __v: row.version,
  };
}

/** The old front end may send the flag as the string of a checkbox. */
const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean('isSollecito: vero o falso'));
const anyLanguage = z.union([z.number(), z.string(), z.null()], 'lang: un idLingua numerico').optional();

/** Legacy names in; _id, id, camping, __v and date_creation are ignored like any other unknown key. */
const legacyFields = {
  name: z.string('name: deve essere un testo').optional(),
  html: z.string('html: deve essere un testo').optional(),
  note: z.string('note: deve essere un testo').nullable().optional(),
  images: z.array(z.string('images: elenco di id di immagini'), 'images: elenco di id di immagini').nullable().optional(),
  lang: anyLanguage,
  isSollecito: flag.optional(),
};
type LegacyFields = { [K in keyof typeof legacyFields]?: z.output<(typeof legacyFields)[K]> };

/** Our names; a key the body does not have stays absent (the edit keeps that field). */
function fromLegacy(body: LegacyFields) {
  const entries: [string, unknown][] = [
    ['name', body.name],
    ['html', body.html],
    ['note', body.note === null ? '' : body.note],
    ['imageIds', body.images === null ? [] : body.images],
    ['languageId', body.lang],
    ['isReminder', body.isSollecito],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** /addTemplate: a name is required, the rest defaults to empty. */
export const legacyNewTemplateBodySchema = z.object(legacyFields).transform(fromLegacy).pipe(templateFieldsSchema);

/** /editTemplate/{id}: only the fields sent change. */
export const legacyTemplatePatchBodySchema = z.object(legacyFields).transform(fromLegacy).pipe(templatePatchSchema);

/** /templateQuery: every condition optional, all must hold; {} lists every template. */
export const legacyTemplateQuerySchema = z
  .object({ lang: anyLanguage, isSollecito: flag.optional(), name: z.string('name: deve essere un testo').max(200, 'name: al massimo 200 caratteri').optional() })
  .transform((body): Record<string, unknown> => Object.fromEntries(Object.entries({ languageId: body.lang, isReminder: body.isSollecito, search: body.name }).filter(([, value]) => value !== undefined)))
  .pipe(templateFilterSchema);
