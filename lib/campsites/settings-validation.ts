import type { ContactFormField } from '@/db/schema';
import { FORM_FIELDS } from '@/lib/vocabulary/request-fields';
import { z } from '@/lib/validation';
import { LOCALIZATION_LOCALES } from './settings-defaults';

/** One schema per settings tab: the form, its server action and the legacy API parse with the same one. */

const text = (label: string, max: number) => z.string(`${label}: scrivi un testo`).trim().max(max, `${label}: al massimo ${max} caratteri`);

export const timeSchema = (label: string) =>
  z.string(`${label}: indica un orario`).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}: orario nel formato hh:mm (es. 09:30)`);

const rangeSchema = z
  .object({ from: timeSchema('Dalle'), to: timeSchema('Alle') })
  .refine((range) => range.from < range.to, { message: 'L’orario di fine deve venire dopo quello di inizio', path: ['to'] });

const ranges = (label: string) =>
  z.array(rangeSchema, `${label}: elenco di fasce orarie`).min(1, `${label}: almeno una fascia oraria`).max(6, `${label}: al massimo 6 fasce orarie`);

export const openingHoursSchema = z.object({
  baseTime: timeSchema('Orario base'),
  checkin: ranges('Check-in'),
  checkout: ranges('Check-out'),
  notes: text('Note', 1000).default(''),
  /** The note for foreign guests; left out (old integrations), the stored translations stay. */
  notesByLanguage: z
    .object({ de: text('Nota in tedesco', 1000), en: text('Nota in inglese', 1000), nl: text('Nota in olandese', 1000), fr: text('Nota in francese', 1000) })
    .partial()
    .optional(),
});

const phoneSchema = (label: string) =>
  text(label, 40).refine((value) => value === '' || /^\+?[0-9 ./()-]{5,}$/.test(value), `${label}: solo cifre, spazi e il + iniziale`);

const httpUrl = (label: string) =>
  text(label, 500).refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), `${label}: un indirizzo web che inizia con https://`);

export const contactsSchema = z.object({
  phone: phoneSchema('Telefono').default(''),
  whatsapp: phoneSchema('WhatsApp').default(''),
  email: text('E-mail', 200)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'E-mail: indirizzo non valido')
    .default(''),
  address: text('Indirizzo', 300).default(''),
  policyLink: httpUrl('Link alla privacy').default(''),
});

/** Mantine's palette names, or a #rrggbb colour. */
export const COLOR_NAMES = ['red', 'orange', 'yellow', 'green', 'lime', 'teal', 'cyan', 'blue', 'indigo', 'violet', 'grape', 'pink', 'gray'] as const;
const colorSchema = z
  .string('Colore: scegli un colore')
  .trim()
  .refine((value) => (COLOR_NAMES as readonly string[]).includes(value) || /^#[0-9a-fA-F]{6}$/.test(value), 'Colore: un nome della tavolozza o #rrggbb');

export const occupancyScaleSchema = z
  .array(
    z.object({
      threshold: z.number('Soglia: scrivi un numero').int('Soglia: un numero intero').min(0, 'Soglia: da 0 a 100').max(100, 'Soglia: da 0 a 100'),
      color: colorSchema,
      label: text('Etichetta', 60).min(1, 'Etichetta: scrivi una descrizione'),
    }),
    'Scala di occupazione: elenco di soglie',
  )
  .min(2, 'Scala di occupazione: almeno due soglie')
  .max(8, 'Scala di occupazione: al massimo 8 soglie')
  .superRefine((steps, ctx) => {
    if (steps[0]?.threshold !== 0) ctx.addIssue({ code: 'custom', message: 'La prima soglia deve essere 0', path: [0, 'threshold'] });
    steps.forEach((step, index) => {
      if (index > 0 && step.threshold <= steps[index - 1].threshold)
        ctx.addIssue({ code: 'custom', message: 'Le soglie devono crescere una dopo l’altra', path: [index, 'threshold'] });
    });
  });

const fieldCode = z.enum(FORM_FIELDS, 'Campo del modulo sconosciuto');

/**
 * Every known field once, in the order given; a field left out is hidden. The e-mail is always
 * shown and required (lib/requests/fields.ts), and a hidden field cannot be required.
 */
export const contactFormFieldsSchema = z
  .array(z.object({ field: fieldCode, visible: z.boolean('Visibile: sì o no'), required: z.boolean('Obbligatorio: sì o no') }), 'Campi del modulo: elenco')
  .max(FORM_FIELDS.length * 2, 'Campi del modulo: troppi elementi')
  .refine((fields) => new Set(fields.map((entry) => entry.field)).size === fields.length, 'Ogni campo del modulo compare una volta sola')
  .transform((fields): ContactFormField[] => {
    const given = fields.map((entry) =>
      entry.field === 'email' ? { field: 'email', visible: true, required: true } : { field: entry.field, visible: entry.visible, required: entry.visible && entry.required },
    );
    const missing = FORM_FIELDS.filter((code) => !fields.some((entry) => entry.field === code)).map((field) =>
      field === 'email' ? { field, visible: true, required: true } : { field, visible: false, required: false },
    );
    return [...given, ...missing];
  });

export const phonePrefixSchema = z.string('Prefisso: scrivi un prefisso').trim().regex(/^\+[0-9]{1,4}$/, 'Prefisso: + seguito da 1 a 4 cifre (es. +39)');

export const languagesSchema = z
  .array(
    z.object({
      languageId: z.number('Lingua: scegli una lingua').int('Lingua sconosciuta').min(1, 'Lingua sconosciuta').max(100_000, 'Lingua sconosciuta'),
      phonePrefix: phonePrefixSchema.optional(),
    }),
    'Lingue: elenco',
  )
  .min(1, 'Scegli almeno una lingua')
  .max(30, 'Al massimo 30 lingue')
  .refine((list) => new Set(list.map((entry) => entry.languageId)).size === list.length, 'Ogni lingua compare una volta sola');

const localizationKey = z.string().trim().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'Chiave del testo non valida');
export const localizationSchema = z.partialRecord(
  z.enum(LOCALIZATION_LOCALES, 'Lingua dei testi: it, de, en, nl o fr'),
  z.record(localizationKey, text('Testo', 2000)).refine((texts) => Object.keys(texts).length <= 200, 'Al massimo 200 testi per lingua'),
);

const tagSchema = z.object({ name: text('Nome del tag', 40).min(1, 'Nome del tag: scrivi un nome'), color: colorSchema });
const tagList = (label: string) =>
  z
    .array(tagSchema, `${label}: elenco`)
    .max(60, `${label}: al massimo 60`)
    .refine((tags) => new Set(tags.map((tag) => tag.name.toLocaleLowerCase('it'))).size === tags.length, `${label}: ogni nome una volta sola`);

export const tagsSchema = z.object({ personalizedTags: tagList('Tag dei contatti'), personalizedQuoteTags: tagList('Tag dei preventivi') });

/** The campsite's record: name, lucee and platform id are the operator's; the rest its admin's too. */
export const identitySchema = z.object({
  name: text('Nome', 120).min(1, 'Nome: scrivi il nome del campeggio').optional(),
  lucee: z.boolean('Lucee: sì o no').optional(),
  platformCampId: text('Id sulla piattaforma', 100)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  urlToCv: httpUrl('URL del gestionale')
    .transform((value) => value || null)
    .nullable()
    .optional(),
  discountOnlyOnUnit: z.boolean('Sconto solo sull’unità: sì o no').optional(),
});

const secretInput = (label: string) => z.string(`${label}: scrivi la chiave`).trim().max(500, `${label}: al massimo 500 caratteri`);

/** A blank key keeps the stored one; `clear…` removes it. The clear text never comes back. */
export const mailingSchema = z.object({
  apiKey: secretInput('Chiave API').optional(),
  secret: secretInput('Segreto').optional(),
  clearApiKey: z.boolean().optional(),
  clearSecret: z.boolean().optional(),
});

export const campsiteIdSchema = z.string('Indica il campeggio').trim().min(1, 'Indica il campeggio').max(100, 'Campeggio non valido');

export type OpeningHoursInput = z.input<typeof openingHoursSchema>;
export type ContactsInput = z.input<typeof contactsSchema>;
export type IdentityInput = z.output<typeof identitySchema>;
export type MailingInput = z.output<typeof mailingSchema>;
export type TagsInput = z.output<typeof tagsSchema>;
