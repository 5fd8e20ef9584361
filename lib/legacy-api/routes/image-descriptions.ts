import { AppError, forbidden } from '@/lib/errors';
import {
  deleteDescription,
  deleteTypologyCategories,
  getDescription,
  getTypologyCategories,
  listDescriptions,
  listTypologyCategories,
  saveDescription,
  saveTypologyCategories,
} from '@/lib/images/descriptions';
import { categoryNameSchema, descriptionHtmlSchema, languageIdSchema, typologyIdSchema } from '@/lib/images/validation';
import type { Tenant } from '@/lib/tenant';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyDescriptionSchema, legacyTypologyCategorySchema, toLegacyDescription, toLegacyTypologyCategory } from '../shapes/image';

const group = 'images-and-descriptions';
const ok = z.object({ ok: z.literal(true) });
// Descriptions are edited in the image manager, open to service accounts (spec section 6).
const packLevel = 0;

/** idCamp in a path must be the caller's own campsite: a token never reads another one. */
function assertOwnCampsite(tenant: Tenant, idCamp: string) {
  if (idCamp !== tenant.campsiteId) throw forbidden('Puoi consultare solo i dati del tuo campeggio.');
}

const campParam = z.string().max(100);

export const descriptionRoutes = [
  endpoint({
    method: 'POST',
    path: '/addDescription',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Crea o sostituisce la descrizione (HTML) di una tipologia in una lingua (idLingua 1 IT, 2 EN, 3 DE); idCamp è sempre il campeggio del token.',
    body: z.object({ idTipologia: typologyIdSchema, idLingua: languageIdSchema, descrizione: descriptionHtmlSchema, idCamp: z.string().max(100).optional() }),
    response: legacyDescriptionSchema,
    handler: async (ctx, { body }) => {
      if (body.idCamp !== undefined) assertOwnCampsite(ctx.tenant, body.idCamp);
      const row = await saveDescription(ctx, { typologyId: body.idTipologia, languageId: body.idLingua, html: body.descrizione });
      return toLegacyDescription(ctx.tenant.campsiteId, row);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/getDescription/{idTipologia}/{idLingua}/{idCamp}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'La descrizione di una tipologia in una lingua; 404 se non è ancora scritta.',
    params: z.object({ idTipologia: typologyIdSchema, idLingua: languageIdSchema, idCamp: campParam }),
    response: legacyDescriptionSchema,
    handler: async (ctx, { params }) => {
      assertOwnCampsite(ctx.tenant, params.idCamp);
      const row = await getDescription(ctx, params.idTipologia, params.idLingua);
      if (!row) throw new AppError('not_found', 'Descrizione non trovata.');
      return toLegacyDescription(ctx.tenant.campsiteId, row);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/getAllDescription/{idTipologia}/{idCamping}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Le descrizioni di una tipologia in tutte le lingue scritte.',
    params: z.object({ idTipologia: typologyIdSchema, idCamping: campParam }),
    response: z.array(legacyDescriptionSchema),
    handler: async (ctx, { params }) => {
      assertOwnCampsite(ctx.tenant, params.idCamping);
      return (await listDescriptions(ctx, params.idTipologia)).map((row) => toLegacyDescription(ctx.tenant.campsiteId, row));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/deleteDescription/{idTipologia}/{idLingua}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Elimina la descrizione di una tipologia in una lingua; 404 se non c’era.',
    params: z.object({ idTipologia: typologyIdSchema, idLingua: languageIdSchema }),
    response: ok,
    handler: async (ctx, { params }) => {
      await deleteDescription(ctx, params.idTipologia, params.idLingua);
      return { ok: true };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/addTypologyCategory',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Sostituisce le categorie di immagini di una tipologia (categories: elenco di nomi, al massimo 50).',
    body: z.object({ idTipologia: typologyIdSchema, categories: z.array(categoryNameSchema).max(50), idCamp: z.string().max(100).optional() }),
    response: legacyTypologyCategorySchema,
    handler: async (ctx, { body }) => {
      if (body.idCamp !== undefined) assertOwnCampsite(ctx.tenant, body.idCamp);
      const row = await saveTypologyCategories(ctx, { typologyId: body.idTipologia, categories: body.categories });
      return toLegacyTypologyCategory(ctx.tenant.campsiteId, row);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/getTypologyCategory/{idTipologia}/{idCamp}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Le categorie di una tipologia; un elenco vuoto se non ne ha.',
    params: z.object({ idTipologia: typologyIdSchema, idCamp: campParam }),
    response: legacyTypologyCategorySchema,
    handler: async (ctx, { params }) => {
      assertOwnCampsite(ctx.tenant, params.idCamp);
      const row = await getTypologyCategories(ctx, params.idTipologia);
      return toLegacyTypologyCategory(ctx.tenant.campsiteId, row ?? { typologyId: params.idTipologia, categories: [] });
    },
  }),
  endpoint({
    method: 'GET',
    path: '/getAllTypologyCategory/{idCamp}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Le categorie di ogni tipologia del campeggio.',
    params: z.object({ idCamp: campParam }),
    response: z.array(legacyTypologyCategorySchema),
    handler: async (ctx, { params }) => {
      assertOwnCampsite(ctx.tenant, params.idCamp);
      return (await listTypologyCategories(ctx)).map((row) => toLegacyTypologyCategory(ctx.tenant.campsiteId, row));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/deleteTypologyCategory/{idTipologia}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Elimina le categorie di una tipologia; 404 se non ne aveva.',
    params: z.object({ idTipologia: typologyIdSchema }),
    response: ok,
    handler: async (ctx, { params }) => {
      await deleteTypologyCategories(ctx, params.idTipologia);
      return { ok: true };
    },
  }),
];
