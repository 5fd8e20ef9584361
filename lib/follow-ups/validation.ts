import { z } from '@/lib/validation';
import { FOLLOW_UP_SUGGESTIONS } from '@/lib/vocabulary/follow-ups';

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);
/** Empty or missing: the follow-up is for whoever sets it. */
const optionalUser = z
  .string()
  .trim()
  .max(100, 'Utente non valido.')
  .nullish()
  .transform((value) => value || null);

export const SNOOZES = ['1g', '3g', 'settimana'] as const;
export type Snooze = (typeof SNOOZES)[number];

export const createFollowUpSchema = z.object({
  subject: z.enum(['quote', 'request', 'contact'], { error: 'Indica su cosa è il promemoria.' }),
  targetId: id('Indica il preventivo, la richiesta o il cliente.'),
  date: z.string({ error: 'Indica la data.' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Indica la data (gg/mm/aaaa).'),
  time: z.string({ error: 'Indica l’ora.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Indica un’ora valida (hh:mm).'),
  note: z.string().trim().max(1000, 'La nota può avere al massimo 1000 caratteri.').default(''),
  assigneeId: optionalUser,
});
export type NewFollowUp = z.output<typeof createFollowUpSchema>;

export const followUpIdSchema = z.object({ id: id('Promemoria non trovato.') });
export const snoozeSchema = z.object({ id: id('Promemoria non trovato.'), by: z.enum(SNOOZES, { error: 'Scegli di quanto rimandare.' }) });
export const reassignSchema = z.object({ id: id('Promemoria non trovato.'), assigneeId: id('Scegli a chi assegnarlo.') });
export const suggestionSchema = z.object({
  quoteId: id('Preventivo non trovato.'),
  suggestion: z.enum(FOLLOW_UP_SUGGESTIONS, { error: 'Suggerimento non valido.' }),
});

const days = (label: string) =>
  z.coerce
    .number({ error: `${label}: indica un numero di giorni.` })
    .int(`${label}: indica un numero intero di giorni.`)
    .min(1, `${label}: almeno 1 giorno.`)
    .max(60, `${label}: al massimo 60 giorni.`);

export const followUpRulesSchema = z.object({
  notOpenedDays: days('Non aperto'),
  notAnsweredDays: days('Senza risposta'),
  validityEndingDays: days('Validità in scadenza'),
});
