import { z } from '@/lib/validation';

const name = z.string().trim().max(200, 'Al massimo 200 caratteri.');

/** One Italian label of the catalogue and its words for the guests; an empty word means none. */
export const labelTranslationSchema = z.object({
  source: z.string().trim().min(1, 'Manca il testo italiano.').max(200, 'Al massimo 200 caratteri.'),
  names: z.object({ de: name.optional(), en: name.optional(), nl: name.optional(), fr: name.optional() }),
});

/** The labels changed in one save of the settings tab. */
export const labelTranslationsSchema = z.array(labelTranslationSchema).max(500, 'Al massimo 500 etichette per volta.');

export type LabelTranslationInput = z.input<typeof labelTranslationSchema>;
