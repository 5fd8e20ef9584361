import type { TypologyCategories, TypologyDescription } from '@/lib/images/descriptions';
import type { ImageSummary } from '@/lib/images/service';
import { z } from '@/lib/validation';

/** A picture as the legacy front end reads it: `type` is the typology it belongs to. */
export const legacyImageSchema = z.object({
  _id: z.string(),
  camping: z.string(),
  name: z.string(),
  mimetype: z.enum(['image/jpeg', 'image/png']).or(z.string()),
  width: z.number(),
  height: z.number(),
  size: z.number().describe('byte'),
  type: z.string().nullable().describe('idTipologia'),
  category: z.string().nullable(),
  alt: z.string(),
  url: z.string().describe('GET /api/getImage/{id}, pubblico'),
  date_creation: z.string().describe('ISO 8601'),
});
export type LegacyImage = z.infer<typeof legacyImageSchema>;

export function toLegacyImage(image: ImageSummary): LegacyImage {
  return {
    _id: image.id,
    camping: image.campsiteId,
    name: image.fileName,
    mimetype: image.mimeType,
    width: image.width,
    height: image.height,
    size: image.byteSize,
    type: image.typologyId,
    category: image.category,
    alt: image.alt,
    url: image.url,
    date_creation: image.createdAt.toISOString(),
  };
}

export const legacyImagePageSchema = z.object({ images: z.array(legacyImageSchema), nextCursor: z.string().nullable() });

export const legacyDescriptionSchema = z.object({
  idTipologia: z.string(),
  idLingua: z.number(),
  idCamp: z.string(),
  descrizione: z.string().describe('HTML'),
  date_update: z.string().describe('ISO 8601'),
});

export function toLegacyDescription(campsiteId: string, row: TypologyDescription): z.infer<typeof legacyDescriptionSchema> {
  return { idTipologia: row.typologyId, idLingua: row.languageId, idCamp: campsiteId, descrizione: row.html, date_update: row.updatedAt.toISOString() };
}

export const legacyTypologyCategorySchema = z.object({ idTipologia: z.string(), idCamp: z.string(), categories: z.array(z.string()) });

export function toLegacyTypologyCategory(campsiteId: string, row: Pick<TypologyCategories, 'typologyId' | 'categories'>): z.infer<typeof legacyTypologyCategorySchema> {
  return { idTipologia: row.typologyId, idCamp: campsiteId, categories: row.categories };
}
