import { z } from '@/lib/validation';

/**
 * One template schema for the editor form, its server action and the legacy API (which maps
 * its own field names onto these first). The HTML is not sanitised here: the spec lets staff
 * write any HTML, and the mail is what it is; the preview shows it in a sandboxed frame.
 */

export const TEMPLATE_NAME_MAX = 200;
/** A generous bound: a mail of a few hundred kilobytes is already too heavy for most inboxes. */
export const TEMPLATE_HTML_MAX = 500_000;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
/** A missing name reads as an empty one, so the message says what to do. */
const trimmedOrEmpty = (value: unknown) => (value === undefined || value === null ? '' : trimmed(value));

export const TEMPLATE_PURPOSES = ['quote', 'newsletter'] as const;
export const templatePurposeSchema = z.enum(TEMPLATE_PURPOSES, 'Uso del modello: preventivi o newsletter');

export const templateIdSchema = z.string('Modello non valido').trim().min(1, 'Modello non valido').max(100, 'Modello non valido');

/** idLingua from a number or the string of a <select>; empty means "no language". */
const languageIdValue = z.preprocess((value) => {
  if (value === '' || value === null) return null;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return value;
}, z.number('Lingua non valida').int('Lingua non valida').positive('Lingua non valida').max(100_000, 'Lingua non valida').nullable());

export const languageIdSchema = languageIdValue.optional().transform((value) => value ?? null);

const imageIdsSchema = z
  .array(z.string('Immagine non valida').min(1, 'Immagine non valida').max(100, 'Immagine non valida'), 'Le immagini devono essere un elenco')
  .max(100, 'Al massimo 100 immagini')
  .transform((ids) => [...new Set(ids)]);

export const templateFieldsSchema = z.object({
  name: z.preprocess(
    trimmedOrEmpty,
    z.string('Nome del modello: deve essere un testo').min(1, 'Dai un nome al modello').max(TEMPLATE_NAME_MAX, `Nome del modello: al massimo ${TEMPLATE_NAME_MAX} caratteri`),
  ),
  html: z.string('Il testo del modello deve essere HTML').max(TEMPLATE_HTML_MAX, 'Il testo del modello è troppo lungo (al massimo 500.000 caratteri)').default(''),
  note: z.preprocess(trimmed, z.string('Note: deve essere un testo').max(5000, 'Note: al massimo 5000 caratteri')).default(''),
  imageIds: imageIdsSchema.default([]),
  languageId: languageIdSchema,
  isReminder: z.boolean('Modello di sollecito: sì o no').default(false),
  /** 'quote' (quote mails, reminders) or 'newsletter' (/stepsMailing); the legacy API's templates are quote templates. */
  purpose: templatePurposeSchema.default('quote'),
});

export type TemplateInput = z.output<typeof templateFieldsSchema>;
export type TemplateFormValues = z.input<typeof templateFieldsSchema>;

/** A partial change (the legacy edit sends only what changes); absent keys keep their value. */
export const templatePatchSchema = z.object({
  name: templateFieldsSchema.shape.name.optional(),
  html: z.string('Il testo del modello deve essere HTML').max(TEMPLATE_HTML_MAX, 'Il testo del modello è troppo lungo').optional(),
  note: z.preprocess(trimmed, z.string('Note: deve essere un testo').max(5000, 'Note: al massimo 5000 caratteri')).optional(),
  imageIds: imageIdsSchema.optional(),
  languageId: languageIdValue.optional(),
  isReminder: z.boolean('Modello di sollecito: sì o no').optional(),
  purpose: templatePurposeSchema.optional(),
});
export type TemplatePatch = z.output<typeof templatePatchSchema>;

/** The staff editor saves the whole template with the version it was loaded at. */
export const templateSaveSchema = z.object({
  id: templateIdSchema.nullable(),
  version: z.number().int().min(0).nullable(),
  template: templateFieldsSchema,
});

/** Filters of the dashboard and of the legacy templateQuery. */
export const templateFilterSchema = z.object({
  /** Absent or empty: every language. */
  languageId: languageIdValue.optional(),
  isReminder: z.boolean('Modello di sollecito: sì o no').optional(),
  purpose: templatePurposeSchema.optional(),
  search: z.preprocess(trimmed, z.string('Testo di ricerca non valido').max(200, 'Testo di ricerca troppo lungo')).optional(),
});
export type TemplateFilter = z.output<typeof templateFilterSchema>;

export const previewRequestSchema = z.object({
  html: z.string().max(TEMPLATE_HTML_MAX, 'Il testo del modello è troppo lungo'),
  contactId: z.string('Scegli un cliente').trim().min(1, 'Scegli un cliente').max(100, 'Cliente non valido'),
});
