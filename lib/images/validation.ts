import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/pagination';
import { z } from '@/lib/validation';

/** Blank means "none": forms send '' for an empty select. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const imageIdSchema = z.string('Immagine non valida').trim().min(1, 'Immagine non valida').max(100, 'Immagine non valida');
export const typologyIdSchema = z.string('Tipologia non valida').trim().min(1, 'Tipologia non valida').max(100, 'Tipologia non valida');
export const categoryNameSchema = z.string('Categoria non valida').trim().min(1, 'Categoria vuota').max(60, 'Categoria troppo lunga (al massimo 60 caratteri)');
export const languageIdSchema = z.coerce.number('Lingua non valida').int('Lingua non valida').min(1, 'Lingua non valida').max(1000, 'Lingua non valida');

const optionalTypology = z.preprocess(blankToNull, typologyIdSchema.nullable().optional()).transform((value) => value ?? null);
const optionalCategory = z.preprocess(blankToNull, categoryNameSchema.nullable().optional()).transform((value) => value ?? null);
const altSchema = z.string('Testo alternativo non valido').trim().max(300, 'Testo alternativo troppo lungo (al massimo 300 caratteri)');

/** What travels with an upload besides the bytes. */
export const imageDetailsSchema = z.object({
  typologyId: optionalTypology,
  category: optionalCategory,
  alt: altSchema.optional().default(''),
});
export type ImageDetails = z.output<typeof imageDetailsSchema>;

/** A change of links or text; absent keys stay as they are, null or '' clears a link. */
export const imagePatchSchema = z.object({
  typologyId: optionalTypology.optional(),
  category: optionalCategory.optional(),
  alt: altSchema.optional(),
});
export type ImagePatch = z.input<typeof imagePatchSchema>;

export const imageListQuerySchema = z.object({
  cursor: z.string().max(500).nullable().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  typologyId: optionalTypology,
  category: optionalCategory,
});
export type ImageListQuery = z.input<typeof imageListQuerySchema>;

/** Staff-written HTML: the mini-site sanitises it on render, so here only the size is capped. */
export const descriptionHtmlSchema = z.string('Descrizione non valida').max(50_000, 'Descrizione troppo lunga (al massimo 50.000 caratteri)');

export const descriptionInputSchema = z.object({
  typologyId: typologyIdSchema,
  languageId: languageIdSchema,
  html: descriptionHtmlSchema,
});
export type DescriptionInput = z.output<typeof descriptionInputSchema>;

export const typologyCategoriesInputSchema = z.object({
  typologyId: typologyIdSchema,
  categories: z.array(categoryNameSchema, 'Le categorie devono essere un elenco').max(50, 'Al massimo 50 categorie per tipologia'),
});
export type TypologyCategoriesInput = z.output<typeof typologyCategoriesInputSchema>;
