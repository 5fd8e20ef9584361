import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from '@/lib/templates/service';
import { templateIdSchema } from '@/lib/templates/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import {
  legacyNewTemplateBodySchema,
  legacyTemplatePatchBodySchema,
  legacyTemplateQuerySchema,
  legacyTemplateSchema,
  toLegacyTemplate,
} from '../shapes/template';

/** The templates half of 'templates-and-drafts'; the drafts (bozze) are in drafts.ts. */
const group = 'templates-and-drafts';
const idParams = z.object({ id: templateIdSchema });

export const templateRoutes = [
  endpoint({
    method: 'POST',
    path: '/addTemplate',
    auth: 'bearer',
    group,
    summary:
      'Crea un modello di e-mail (name obbligatorio; html, note, images, lang, isSollecito facoltativi). Con isSollecito il modello diventa il sollecito della sua lingua e gli altri di quella lingua perdono il segno.',
    body: legacyNewTemplateBodySchema,
    response: legacyTemplateSchema,
    handler: async (ctx, { body }) => toLegacyTemplate(await createTemplate(ctx, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/editTemplate/{id}',
    auth: 'bearer',
    group,
    summary: 'Modifica i campi inviati di un modello (name, html, note, images, lang, isSollecito); _id, camping, __v e date_creation vengono ignorati. __v cresce di uno.',
    params: idParams,
    body: legacyTemplatePatchBodySchema,
    response: legacyTemplateSchema,
    handler: async (ctx, { params, body }) => toLegacyTemplate(await updateTemplate(ctx, params.id, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/getTemplate/all',
    auth: 'bearer',
    group,
    summary: 'Tutti i modelli del campeggio, per nome (al massimo 500, il limite per campeggio).',
    response: z.array(legacyTemplateSchema),
    handler: async (ctx) => (await listTemplates(ctx)).map(toLegacyTemplate),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteTemplate/{id}',
    auth: 'bearer',
    group,
    summary: 'Elimina un modello del campeggio e lo restituisce (404 se non esiste o è di un altro campeggio).',
    params: idParams,
    response: legacyTemplateSchema,
    handler: async (ctx, { params }) => toLegacyTemplate(await deleteTemplate(ctx, params.id)),
  }),
  endpoint({
    method: 'POST',
    path: '/templateQuery',
    auth: 'bearer',
    group,
    summary: 'Cerca modelli per lingua (lang), segno di sollecito (isSollecito) e parte del nome (name); tutte le condizioni date devono valere, {} restituisce tutti i modelli.',
    body: legacyTemplateQuerySchema,
    response: z.array(legacyTemplateSchema),
    handler: async (ctx, { body }) => (await listTemplates(ctx, body)).map(toLegacyTemplate),
  }),
];
