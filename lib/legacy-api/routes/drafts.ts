import { createNewsletterDraft, deleteNewsletterDraft, updateNewsletterDraft } from '@/lib/drafts/service';
import { draftIdSchema } from '@/lib/drafts/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyDraftPatchBodySchema, legacyDraftSchema, legacyNewDraftBodySchema, toLegacyDraft } from '../shapes/draft';

/** The drafts (bozze) half of 'templates-and-drafts': the newsletter drafts of the guided procedure. */
const group = 'templates-and-drafts';
const idParams = z.object({ id: draftIdSchema });
const FIELDS = 'oggetto (o subject), template, lista, lingua, html, step (lista, template o resume), sendAt (ISO 8601)';

export const draftRoutes = [
  endpoint({
    method: 'POST',
    path: '/addBozza',
    auth: 'bearer',
    group,
    summary:
      `Salva una bozza di newsletter del campeggio, con l'utente come autore; tutti i campi sono facoltativi: ${FIELDS}. ` +
      'Lista e modello devono essere del campeggio.',
    body: legacyNewDraftBodySchema,
    response: legacyDraftSchema,
    handler: async (ctx, { body }) => toLegacyDraft(await createNewsletterDraft(ctx, { ownerId: ctx.tenant.userId, draft: body })),
  }),
  endpoint({
    method: 'POST',
    path: '/editBozza/{id}',
    auth: 'bearer',
    group,
    summary: `Modifica i campi inviati di una bozza (${FIELDS}); gli altri restano. 404 se non esiste o è di un altro campeggio.`,
    params: idParams,
    body: legacyDraftPatchBodySchema,
    response: legacyDraftSchema,
    handler: async (ctx, { params, body }) => toLegacyDraft(await updateNewsletterDraft(ctx, { id: params.id, patch: body })),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteBozza/{id}',
    auth: 'bearer',
    group,
    summary: 'Elimina una bozza del campeggio e la restituisce (404 se non esiste o è di un altro campeggio).',
    params: idParams,
    response: legacyDraftSchema,
    handler: async (ctx, { params }) => toLegacyDraft(await deleteNewsletterDraft(ctx, { id: params.id })),
  }),
];
