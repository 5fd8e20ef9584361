import { AppError, forbidden } from '@/lib/errors';
import { uploadBodyLimit } from '@/lib/http/body-limit';
import { MAX_UPLOAD_BYTES } from '@/lib/images/encode';
import { imageResponse } from '@/lib/images/serve';
import { deleteImage, getImageWithData, listImages, patchImage, readPublicImage, uploadImage, IMAGE_NOT_FOUND } from '@/lib/images/service';
import { categoryNameSchema, imageIdSchema, typologyIdSchema } from '@/lib/images/validation';
import type { Tenant } from '@/lib/tenant';
import { z } from '@/lib/validation';
import type { Endpoint } from '../endpoint';
import { endpoint } from '../endpoint';
import { legacyImagePageSchema, legacyImageSchema, toLegacyImage } from '../shapes/image';
import { descriptionRoutes } from './image-descriptions';

const group = 'images-and-descriptions';
const idParams = z.object({ id: imageIdSchema });
const ok = z.object({ ok: z.literal(true) });
// The image manager is open to service accounts (spec section 6: pack level 0).
const packLevel = 0;

const optionalText = (schema: z.ZodType<string>) => z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());
const fileSchema = z.instanceof(File, { message: 'Il file deve essere inviato come multipart/form-data' });

/** Multipart (file or image) or JSON with the bytes in base64 (a data: URL prefix is allowed). */
const addImageBody = z.object({
  file: fileSchema.optional(),
  image: fileSchema.optional(),
  data: z
    .string('data deve essere un testo base64')
    .max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 200, 'Il file supera il limite di 15 MB.')
    .transform((value) => value.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''))
    .refine((value) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(value), 'data non è un testo base64 valido')
    .optional(),
  name: z.string().trim().max(200).optional(),
  type: optionalText(typologyIdSchema),
  idTipologia: optionalText(typologyIdSchema),
  category: optionalText(categoryNameSchema),
  alt: z.string().max(300).optional(),
});

const listBody = z.object({
  cursor: z.string().max(500).nullable().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  type: optionalText(typologyIdSchema),
  category: optionalText(categoryNameSchema),
});

const patchBody = z.object({ type: optionalText(typologyIdSchema), category: optionalText(categoryNameSchema), alt: z.string().max(300).optional() });

/** The camping in the path must be the caller's own: a token never reads another campsite. */
function assertOwnCampsite(tenant: Tenant, camping: string) {
  if (camping !== tenant.campsiteId) throw forbidden('Puoi consultare solo le immagini del tuo campeggio.');
}

export const imageRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/addImage',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Carica un’immagine (multipart «file» o «image», oppure JSON con «data» in base64): JPEG, PNG, WebP o GIF fino a 15 MB e 40 megapixel, ricodificata senza metadati.',
    body: addImageBody,
    bodyLimit: uploadBodyLimit(MAX_UPLOAD_BYTES),
    response: legacyImageSchema,
    handler: async (ctx, { body }) => {
      const file = body.file ?? body.image;
      const bytes = file ? new Uint8Array(await file.arrayBuffer()) : body.data ? new Uint8Array(Buffer.from(body.data, 'base64')) : null;
      if (!bytes) throw new AppError('bad_request', 'Nessuna immagine ricevuta: invia «file» (multipart) oppure «data» (base64).');
      const fileName = body.name || file?.name || 'immagine';
      const typologyId = body.type ?? body.idTipologia ?? null;
      return toLegacyImage(await uploadImage(ctx, { bytes, fileName, typologyId, category: body.category ?? null, alt: body.alt ?? '' }));
    },
  }),
  endpoint({
    method: 'GET',
    path: '/getImage/{id}',
    // Public, unlike the contract's bearer: the note says an image in a sent mail must load for
    // its recipient, who has no token. The id (128 random bits) is the key (docs/decisions/008).
    auth: 'public',
    group,
    summary: 'I byte dell’immagine (JPEG o PNG), senza login: la caricano i destinatari delle e-mail. Cache di un anno, nosniff.',
    params: idParams,
    response: z.string().describe('binary'),
    handler: async (ctx, { params }) => {
      const image = await readPublicImage(ctx, params.id);
      if (!image) throw new AppError('not_found', IMAGE_NOT_FOUND);
      return imageResponse(image);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/imageQuery/{camping}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Le immagini del campeggio, le più recenti prima, filtrate per tipologia (type) e categoria; a pagine (cursor).',
    params: z.object({ camping: z.string().max(100) }),
    body: listBody,
    response: legacyImagePageSchema,
    handler: async (ctx, { params, body }) => {
      assertOwnCampsite(ctx.tenant, params.camping);
      const page = await listImages(ctx, { cursor: body.cursor, limit: body.limit, typologyId: body.type, category: body.category });
      return { images: page.items.map(toLegacyImage), nextCursor: page.nextCursor };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/deleteImage/{id}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Elimina un’immagine del campeggio; 404 se non è sua.',
    params: idParams,
    response: ok,
    handler: async (ctx, { params }) => {
      await deleteImage(ctx, params.id);
      return { ok: true };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/getImageQuery/{idTipologia}/{nTipologia}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Le immagini di una tipologia (al massimo 100, le più recenti); nTipologia, il nome della tipologia, è accettato ma non serve alla ricerca.',
    params: z.object({ idTipologia: typologyIdSchema, nTipologia: z.string().max(200) }),
    response: z.array(legacyImageSchema),
    handler: async (ctx, { params }) => (await listImages(ctx, { typologyId: params.idTipologia, limit: 100 })).items.map(toLegacyImage),
  }),
  endpoint({
    method: 'POST',
    path: '/imageManager/lazy',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Una pagina di immagini per la griglia: cursor (da nextCursor), limit, type e category facoltativi.',
    body: listBody,
    response: legacyImagePageSchema,
    handler: async (ctx, { body }) => {
      const page = await listImages(ctx, { cursor: body.cursor, limit: body.limit, typologyId: body.type, category: body.category });
      return { images: page.items.map(toLegacyImage), nextCursor: page.nextCursor };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/imageManager/getImageObject/{id}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Un’immagine del campeggio con i suoi byte in base64 (data).',
    params: idParams,
    response: legacyImageSchema.extend({ data: z.string().describe('base64') }),
    handler: async (ctx, { params }) => {
      const image = await getImageWithData(ctx, params.id);
      return { ...toLegacyImage(image), data: image.data.toString('base64') };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/patchImage/{id}',
    auth: 'bearer',
    packLevel,
    group,
    summary: 'Cambia tipologia (type), categoria o testo alternativo; una chiave assente resta com’è, null la toglie.',
    params: idParams,
    body: patchBody,
    response: legacyImageSchema,
    handler: async (ctx, { params, body }) => {
      const image = await patchImage(ctx, params.id, { typologyId: body.type, category: body.category, alt: body.alt });
      return toLegacyImage(image);
    },
  }),
  ...descriptionRoutes,
];
