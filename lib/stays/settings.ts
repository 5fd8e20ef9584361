import { z } from '@/lib/validation';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';

/** Everything off until the campsite turns it on (issue 32): 7 days before, 2 days after. */
export const DEFAULT_STAY_MAILS: StayMailSettings = {
  preArrival: { enabled: false, daysBefore: 7, templateId: null, dayBefore: false, dayBeforeTemplateId: null },
  postStay: { enabled: false, daysAfter: 2, templateId: null, reviewUrl: '' },
};

const days = (label: string) =>
  z.coerce
    .number({ message: `${label}: scrivi un numero di giorni.` })
    .int(`${label}: scrivi un numero intero di giorni.`)
    .min(1, `${label}: almeno 1 giorno.`)
    .max(60, `${label}: al massimo 60 giorni.`);

const templateId = z.string().trim().min(1).max(64).nullable();

/** An http(s) address, or empty: the review link (Google, TripAdvisor or any page). */
const reviewUrl = z
  .string()
  .trim()
  .max(500, 'Il link per la recensione è troppo lungo (al massimo 500 caratteri).')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), 'Il link per la recensione deve iniziare con https:// (es. il link della vostra scheda Google).');

export const stayMailSettingsSchema = z
  .object({
    preArrival: z.object({
      enabled: z.boolean(),
      daysBefore: days('Giorni prima dell’arrivo'),
      templateId,
      dayBefore: z.boolean(),
      dayBeforeTemplateId: templateId,
    }),
    postStay: z.object({ enabled: z.boolean(), daysAfter: days('Giorni dopo la partenza'), templateId, reviewUrl }),
  })
  .superRefine((value, issue) => {
    if (value.postStay.enabled && !value.postStay.reviewUrl) {
      issue.addIssue({ code: 'custom', path: ['postStay', 'reviewUrl'], message: 'Per il ringraziamento dopo la partenza serve il link per la recensione.' });
    }
  }) satisfies z.ZodType<StayMailSettings>;

/** The stored settings completed with the defaults (a campsite that never saved them has null). */
export function stayMailsOf(stored: StayMailSettings | null | undefined): StayMailSettings {
  if (!stored) return DEFAULT_STAY_MAILS;
  return {
    preArrival: { ...DEFAULT_STAY_MAILS.preArrival, ...stored.preArrival },
    postStay: { ...DEFAULT_STAY_MAILS.postStay, ...stored.postStay },
  };
}
