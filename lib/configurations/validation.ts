import { z } from '@/lib/validation';

export const configIdSchema = z.string('Indica la configurazione').trim().min(1, 'Indica la configurazione').max(100, 'Configurazione non valida');
export const configGroupSchema = z
  .string('Indica il gruppo')
  .trim()
  .min(1, 'Indica il gruppo')
  .max(100, 'Gruppo: al massimo 100 caratteri')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Gruppo: solo lettere, cifre, punto, trattino e trattino basso');

/** Free-form options, bounded: a configuration is a setting, not a document store. */
export const configOptionSchema = z
  .record(z.string().max(100, 'Nome di un’opzione troppo lungo'), z.unknown(), 'Le opzioni devono essere un oggetto')
  .refine((option) => JSON.stringify(option).length <= 20_000, 'Opzioni troppo grandi (al massimo 20.000 caratteri)');

export const newConfigSchema = z.object({ group: configGroupSchema, option: configOptionSchema.default({}) });
export const configPatchSchema = z.object({ group: configGroupSchema.optional(), option: configOptionSchema.optional() });

/** The quote-sending mail settings (group 'emailInvioPreventivi'), as the quote options screen edits them. */
export const QUOTE_SENDER_GROUP = 'emailInvioPreventivi';
export const quoteSenderSchema = z.object({
  mittente: z.string('Nome del mittente: scrivi un nome').trim().max(100, 'Nome del mittente: al massimo 100 caratteri'),
  replyTo: z
    .string('Rispondi a: scrivi un indirizzo')
    .trim()
    .max(200, 'Rispondi a: al massimo 200 caratteri')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Rispondi a: indirizzo e-mail non valido'),
  oggetto: z.string('Oggetto: scrivi un oggetto').trim().max(200, 'Oggetto: al massimo 200 caratteri'),
});
export type QuoteSender = z.output<typeof quoteSenderSchema>;

/** The booking platform's e-mail pages (/emailCV, /clientMailCV): group 'emailCV', edited in /settings/mailCV. */
export const CV_MAIL_GROUP = 'emailCV';
export const cvMailSettingsSchema = z.object({
  oggetto: z.string('Oggetto predefinito: scrivi un oggetto').trim().max(200, 'Oggetto predefinito: al massimo 200 caratteri'),
  firma: z.string('Firma: scrivi un testo').max(20_000, 'Firma: al massimo 20.000 caratteri'),
  mittente: z.string('Nome del mittente: scrivi un nome').trim().max(100, 'Nome del mittente: al massimo 100 caratteri'),
});
export type CvMailSettings = z.output<typeof cvMailSettingsSchema>;
