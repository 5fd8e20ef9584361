import { listPendingConfirmations, miniSiteSettings } from '@/lib/configurations/confirmations';
import { addConfiguration, deleteConfiguration, editConfiguration, listConfigurations, type ConfigurationRow } from '@/lib/configurations/service';
import { configGroupSchema, configIdSchema, configPatchSchema, newConfigSchema } from '@/lib/configurations/validation';
import { campsiteIdSchema } from '@/lib/campsites/settings-validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyContactsSchema, legacyHoursSchema, toLegacyContacts, toLegacyHours } from '../shapes/campsite-settings';

/**
 * Configurations: free option groups per campsite (e.g. 'emailInvioPreventivi', the quote-sending
 * mail). Every user reads their campsite's; only its admin changes them (adminOnly, and the service).
 */
const group = 'administration';

const legacyConfigSchema = z.object({
  _id: z.string(),
  camping: z.string(),
  group: z.string(),
  option: z.record(z.string(), z.unknown()),
  date_creation: z.string(),
  __v: z.number(),
});
const toLegacyConfig = (row: ConfigurationRow): z.infer<typeof legacyConfigSchema> => ({
  _id: row.id,
  camping: row.campingId,
  group: row.group,
  option: row.option,
  date_creation: row.createdAt.toISOString(),
  __v: row.version,
});
const idParams = z.object({ id: configIdSchema });

export const configurationRoutes = [
  endpoint({
    method: 'POST',
    path: '/getConfigs',
    auth: 'bearer',
    group,
    summary: 'Tutte le configurazioni del campeggio, per gruppo.',
    response: z.array(legacyConfigSchema),
    handler: async (ctx) => (await listConfigurations(ctx)).map(toLegacyConfig),
  }),
  endpoint({
    method: 'POST',
    path: '/queryConfig',
    auth: 'bearer',
    group,
    summary: 'Le configurazioni del campeggio di un gruppo (group).',
    body: z.object({ group: configGroupSchema }),
    response: z.array(legacyConfigSchema),
    handler: async (ctx, { body }) => (await listConfigurations(ctx, { group: body.group })).map(toLegacyConfig),
  }),
  endpoint({
    method: 'POST',
    path: '/addConfig',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Aggiunge una configurazione (group, option: oggetto); registrata nel registro attività.',
    body: newConfigSchema,
    response: legacyConfigSchema,
    handler: async (ctx, { body }) => toLegacyConfig(await addConfiguration(ctx, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/editConfig/{id}',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Modifica gruppo e/o opzioni di una configurazione del campeggio (404 se è di un altro campeggio); __v cresce di uno.',
    params: idParams,
    body: configPatchSchema,
    response: legacyConfigSchema,
    handler: async (ctx, { params, body }) => toLegacyConfig(await editConfiguration(ctx, params.id, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteOption/{id}',
    auth: 'bearer',
    group,
    adminOnly: true,
    summary: 'Elimina una configurazione del campeggio e la restituisce (404 se è di un altro campeggio).',
    params: idParams,
    response: legacyConfigSchema,
    handler: async (ctx, { params }) => toLegacyConfig(await deleteConfiguration(ctx, params.id)),
  }),
  endpoint({
    method: 'POST',
    path: '/getConfirms',
    auth: 'bearer',
    group,
    summary: 'I preventivi accettati dagli ospiti che il campeggio (camp; senza, il proprio) deve ancora confermare, dal più recente (al massimo 100).',
    body: z.object({ camp: campsiteIdSchema.optional() }),
    response: z.array(z.object({ _id: z.string(), name: z.string(), cliente: z.string(), nomeCliente: z.string(), idx: z.number().nullable(), date_accepted: z.string().nullable() })),
    handler: async (ctx, { body }) =>
      (await listPendingConfirmations(ctx, body.camp)).map((row) => ({
        _id: row.id,
        name: row.name,
        cliente: row.contactId,
        nomeCliente: `${row.firstName} ${row.lastName}`.trim(),
        idx: row.acceptedCardIdx,
        date_accepted: row.acceptedAt?.toISOString() ?? null,
      })),
  }),
  endpoint({
    method: 'POST',
    path: '/getMinisito/{idCamping}',
    auth: 'bearer',
    group,
    summary: 'Ciò che il mini-sito del preventivo mostra del campeggio: nome, contatti e orari.',
    params: z.object({ idCamping: campsiteIdSchema }),
    response: z.object({ camping: z.string(), name: z.string(), contatti: legacyContactsSchema, orari: legacyHoursSchema }),
    handler: async (ctx, { params }) => {
      const site = await miniSiteSettings(ctx, params.idCamping);
      return { camping: site.camping, name: site.name, contatti: toLegacyContacts(site.contacts), orari: toLegacyHours(site.openingHours) };
    },
  }),
];
