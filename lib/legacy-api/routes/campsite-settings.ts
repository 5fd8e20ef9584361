import { getCampsiteSettings, updateContactFormFields, updateContacts, updateLocalization, updateOccupancyScale, updateOpeningHours } from '@/lib/campsites/settings';
import { listCampsiteLanguages, listKnownLanguages, setCampsiteLanguages } from '@/lib/campsites/languages';
import { updateCampsiteRecord } from '@/lib/campsites/record';
import { readCampsiteScope, loadCampsite } from '@/lib/campsites/settings-scope';
import { campsiteIdSchema } from '@/lib/campsites/settings-validation';
import { nationList } from '@/lib/requests/form-options';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyCampsiteSchema, toLegacyCampsite } from '../shapes/campsite';
import {
  campBody,
  fromLegacyContacts,
  fromLegacyHours,
  fromLegacyLanguages,
  fromLegacyOccupancy,
  legacyContactsBody,
  legacyContactsSchema,
  legacyFormFieldsBody,
  legacyFormFieldsSchema,
  legacyHoursBody,
  legacyHoursSchema,
  legacyLanguageSchema,
  legacyLanguagesBody,
  legacyLocalizationBody,
  legacyOccupancyBody,
  legacyOccupancySchema,
  toLegacyContacts,
  toLegacyHours,
  toLegacyLanguage,
  toLegacyOccupancy,
} from '../shapes/campsite-settings';

/**
 * The settings of one campsite. Reads: every user of the campsite (the operator any campsite);
 * changes: its admin or the operator (adminOnly here, and again in the services). `camp` in the
 * body or {id} in the path names the campsite; left out, the caller's own.
 */
const group = 'campsite-settings';
const idParams = z.object({ id: campsiteIdSchema });
const localizationShape = z.record(z.string(), z.record(z.string(), z.string()));

const settingsOf = (ctx: StaffCtx, camp?: string) => getCampsiteSettings(ctx, camp);

export const campsiteSettingRoutes = [
  endpoint({
    method: 'POST',
    path: '/getCamping/orari/{id}',
    auth: 'bearer',
    group,
    summary: 'Gli orari del campeggio: orario base, fasce di check-in e check-out, note (predefiniti 09:00, 10:00–13:30, 16:00–19:30).',
    params: idParams,
    response: legacyHoursSchema,
    handler: async (ctx, { params }) => toLegacyHours((await settingsOf(ctx, params.id)).openingHours),
  }),
  endpoint({
    method: 'POST',
    path: '/setCamping/orari',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Salva gli orari (orario hh:mm, checkin e checkout: elenchi di {from, to}, note); registrato nel registro attività.',
    body: legacyHoursBody,
    response: legacyHoursSchema,
    handler: async (ctx, { body }) => toLegacyHours((await updateOpeningHours(ctx, body.camp, fromLegacyHours(body))).openingHours!),
  }),
  endpoint({
    method: 'POST',
    path: '/getCamping/contatti/{id}',
    auth: 'bearer',
    group,
    summary: 'I contatti del campeggio mostrati agli ospiti: tel, whatsapp, mail, indirizzo, policyLink.',
    params: idParams,
    response: legacyContactsSchema,
    handler: async (ctx, { params }) => toLegacyContacts((await settingsOf(ctx, params.id)).contacts),
  }),
  endpoint({
    method: 'POST',
    path: '/setCamping/contatti',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Salva i contatti (tel, whatsapp, mail, indirizzo, policyLink); il mini-sito li mostra subito.',
    body: legacyContactsBody,
    response: legacyContactsSchema,
    handler: async (ctx, { body }) => {
      await updateContacts(ctx, body.camp, fromLegacyContacts(body));
      return toLegacyContacts((await getCampsiteSettings(ctx, body.camp)).contacts);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getCamping/occupazione',
    auth: 'bearer',
    group,
    summary: 'La scala di occupazione in percentuale (predefinita 0 rosso, 33 arancione, 66 giallo, 100 verde).',
    body: campBody,
    response: legacyOccupancySchema,
    handler: async (ctx, { body }) => toLegacyOccupancy((await settingsOf(ctx, body.camp)).occupancyScale),
  }),
  endpoint({
    method: 'POST',
    path: '/setCamping/occupazione',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Salva la scala di occupazione: occupazione, elenco di {soglia 0–100 crescente da 0, colore, etichetta}.',
    body: legacyOccupancyBody,
    response: legacyOccupancySchema,
    handler: async (ctx, { body }) => toLegacyOccupancy((await updateOccupancyScale(ctx, body.camp, fromLegacyOccupancy(body))).occupancyScale!),
  }),
  endpoint({
    method: 'POST',
    path: '/getCamping/campiFormContatti',
    auth: 'bearer',
    group,
    summary: 'I campi del modulo contatti pubblico: quali si vedono e quali sono obbligatori (l’e-mail sempre).',
    body: campBody,
    response: legacyFormFieldsSchema,
    handler: async (ctx, { body }) => (await settingsOf(ctx, body.camp)).contactFormFields,
  }),
  endpoint({
    method: 'POST',
    path: '/setCamping/campiFormContatti',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Salva i campi del modulo contatti (campiFormContatti: elenco di {field, visible, required}); un campo non elencato resta nascosto.',
    body: legacyFormFieldsBody,
    response: legacyFormFieldsSchema,
    handler: async (ctx, { body }) => (await updateContactFormFields(ctx, body.camp, body.campiFormContatti as never)).contactFormFields!,
  }),
  endpoint({
    method: 'POST',
    path: '/getCamping/lingue',
    auth: 'bearer',
    group,
    summary: 'Le lingue del campeggio nel suo ordine, con il prefisso telefonico di ciascuna.',
    body: campBody,
    response: z.array(legacyLanguageSchema),
    handler: async (ctx, { body }) => (await listCampsiteLanguages(ctx, readCampsiteScope(ctx.tenant, body.camp))).map(toLegacyLanguage),
  }),
  endpoint({
    method: 'POST',
    path: '/setCamping/lingue',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Sostituisce le lingue del campeggio (lingue: elenco di {idLingua, prefisso?}); senza prefisso: it +39, en +44, uk +380, le altre +39.',
    body: legacyLanguagesBody,
    response: z.array(legacyLanguageSchema),
    handler: async (ctx, { body }) => (await setCampsiteLanguages(ctx, body.camp, fromLegacyLanguages(body))).map(toLegacyLanguage),
  }),
  endpoint({
    method: 'POST',
    path: '/getCampingSettings/getNazioniELingue',
    auth: 'bearer',
    group,
    summary: 'Le nazioni con il prefisso, tutte le lingue note (con il prefisso che riceverebbero) e le lingue del campeggio.',
    body: campBody,
    response: z.object({ nazioni: z.array(z.record(z.string(), z.unknown())), lingue: z.array(legacyLanguageSchema), lingueCampeggio: z.array(legacyLanguageSchema) }),
    handler: async (ctx, { body }) => {
      const id = readCampsiteScope(ctx.tenant, body.camp);
      await loadCampsite(ctx, id);
      const [nations, known, own] = await Promise.all([nationList(ctx.db), listKnownLanguages(ctx), listCampsiteLanguages(ctx, id)]);
      return {
        nazioni: nations.map((nation) => ({ idNazione: nation.id, nomeNazione: nation.name, iso: nation.isoCode, prefisso: nation.phonePrefix })),
        lingue: known.map((language) => ({ idLingua: language.id, nomeLingua: language.name, codice: language.code, prefisso: language.phonePrefix })),
        lingueCampeggio: own.map(toLegacyLanguage),
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/setLocalization',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Salva i testi delle pagine ospite personalizzati (localization: {it|de|en: {chiave: testo}}); un testo vuoto torna a quello della pagina.',
    body: legacyLocalizationBody,
    response: localizationShape,
    handler: async (ctx, { body }) => (await updateLocalization(ctx, body.camp, body.localization as never)).localization,
  }),
  endpoint({
    method: 'POST',
    path: '/getCamping/{id}',
    auth: 'bearer',
    group: 'administration',
    summary: 'Un campeggio: il proprio (l’operatore qualunque), con i tag personalizzati; chiave e segreto del fornitore di mailing solo mascherati.',
    params: idParams,
    response: legacyCampsiteSchema,
    handler: async (ctx, { params }) => toLegacyCampsite(await loadCampsite(ctx, readCampsiteScope(ctx.tenant, params.id))),
  }),
  endpoint({
    method: 'POST',
    path: '/editCamping/{id}',
    auth: 'bearer',
    group: 'administration',
    adminOnly: true,
    summary:
      'Modifica un campeggio: urlToCV, scontoSoloSuUnita, personalizedTags, personalizedQuoteTags, MailjetAPI e MailjetSecret (cifrati; un valore mascherato rimandato indietro non cambia nulla, "" li toglie); name, lucee e platformCampId solo l’operatore.',
    params: idParams,
    body: z.object({
      name: z.unknown().optional(),
      lucee: z.unknown().optional(),
      platformCampId: z.unknown().optional(),
      urlToCV: z.unknown().optional(),
      scontoSoloSuUnita: z.unknown().optional(),
      personalizedTags: z.unknown().optional(),
      personalizedQuoteTags: z.unknown().optional(),
      MailjetAPI: z.unknown().optional(),
      MailjetSecret: z.unknown().optional(),
    }),
    response: legacyCampsiteSchema,
    handler: async (ctx, { params, body }) => {
      const row = await updateCampsiteRecord(ctx, params.id, {
        name: body.name,
        lucee: body.lucee,
        platformCampId: body.platformCampId,
        // The legacy screen shows a missing address as NON DEFINITO and may send it back.
        urlToCv: body.urlToCV === 'NON DEFINITO' ? undefined : body.urlToCV,
        discountOnlyOnUnit: body.scontoSoloSuUnita,
        personalizedTags: body.personalizedTags,
        personalizedQuoteTags: body.personalizedQuoteTags,
        mailjetApiKey: body.MailjetAPI,
        mailjetSecret: body.MailjetSecret,
      } as never);
      return toLegacyCampsite(row);
    },
  }),
];
