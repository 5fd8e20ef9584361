import type { CampsiteContacts, OccupancyStep, OpeningHours } from '@/db/schema';
import type { CampsiteLanguage } from '@/lib/campsites/languages';
import { z } from '@/lib/validation';

/** The legacy names of the settings (spec section 3: orario, checkin, checkout; tel, whatsapp, mail, indirizzo, policyLink). */

const range = z.object({ from: z.string(), to: z.string() });
export const legacyHoursSchema = z.object({ orario: z.string(), checkin: z.array(range), checkout: z.array(range), note: z.string() });
export const toLegacyHours = (hours: OpeningHours): z.infer<typeof legacyHoursSchema> => ({
  orario: hours.baseTime,
  checkin: hours.checkin,
  checkout: hours.checkout,
  note: hours.notes,
});
/** The body of /setCamping/orari; the service's schema checks the values. */
export const legacyHoursBody = z.object({
  camp: z.string().max(100).optional(),
  orario: z.unknown(),
  checkin: z.unknown(),
  checkout: z.unknown(),
  note: z.unknown().optional(),
});
export const fromLegacyHours = (body: z.infer<typeof legacyHoursBody>) =>
  ({ baseTime: body.orario, checkin: body.checkin, checkout: body.checkout, notes: body.note ?? '' }) as never;

export const legacyContactsSchema = z.object({ tel: z.string(), whatsapp: z.string(), mail: z.string(), indirizzo: z.string(), policyLink: z.string() });
export const toLegacyContacts = (contacts: CampsiteContacts): z.infer<typeof legacyContactsSchema> => ({
  tel: contacts.phone,
  whatsapp: contacts.whatsapp,
  mail: contacts.email,
  indirizzo: contacts.address,
  policyLink: contacts.policyLink,
});
export const legacyContactsBody = z.object({
  camp: z.string().max(100).optional(),
  tel: z.unknown().optional(),
  whatsapp: z.unknown().optional(),
  mail: z.unknown().optional(),
  indirizzo: z.unknown().optional(),
  policyLink: z.unknown().optional(),
});
export const fromLegacyContacts = (body: z.infer<typeof legacyContactsBody>) =>
  ({ phone: body.tel, whatsapp: body.whatsapp, email: body.mail, address: body.indirizzo, policyLink: body.policyLink }) as never;

export const legacyOccupancySchema = z.array(z.object({ soglia: z.number(), colore: z.string(), etichetta: z.string() }));
export const toLegacyOccupancy = (scale: OccupancyStep[]): z.infer<typeof legacyOccupancySchema> =>
  scale.map((step) => ({ soglia: step.threshold, colore: step.color, etichetta: step.label }));
export const legacyOccupancyBody = z.object({
  camp: z.string().max(100).optional(),
  occupazione: z.array(z.object({ soglia: z.unknown(), colore: z.unknown(), etichetta: z.unknown() }), 'occupazione: elenco di soglie').max(20),
});
export const fromLegacyOccupancy = (body: z.infer<typeof legacyOccupancyBody>) =>
  body.occupazione.map((step) => ({ threshold: step.soglia, color: step.colore, label: step.etichetta })) as never;

export const legacyFormFieldsSchema = z.array(z.object({ field: z.string(), visible: z.boolean(), required: z.boolean() }));
export const legacyFormFieldsBody = z.object({ camp: z.string().max(100).optional(), campiFormContatti: z.array(z.unknown(), 'campiFormContatti: elenco dei campi').max(100) });

export const legacyLanguageSchema = z.object({ idLingua: z.number(), nomeLingua: z.string(), codice: z.string(), prefisso: z.string() });
export const toLegacyLanguage = (language: CampsiteLanguage): z.infer<typeof legacyLanguageSchema> => ({
  idLingua: language.languageId,
  nomeLingua: language.name,
  codice: language.code,
  prefisso: language.phonePrefix,
});
export const legacyLanguagesBody = z.object({
  camp: z.string().max(100).optional(),
  lingue: z.array(z.object({ idLingua: z.unknown(), prefisso: z.unknown().optional() }), 'lingue: elenco delle lingue').max(100),
});
export const fromLegacyLanguages = (body: z.infer<typeof legacyLanguagesBody>) =>
  body.lingue.map((entry) => ({ languageId: typeof entry.idLingua === 'string' ? Number(entry.idLingua) : entry.idLingua, phonePrefix: entry.prefisso ?? undefined })) as never;

export const legacyLocalizationBody = z.object({ camp: z.string().max(100).optional(), localization: z.unknown() });

/** The optional body of the getters: `camp` names another campsite (the operator's). */
export const campBody = z.object({ camp: z.string('Campeggio non valido').max(100, 'Campeggio non valido').optional() });
