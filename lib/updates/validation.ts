import { z } from '@/lib/validation';

export const UPDATE_TITLE_MAX = 200;
export const UPDATE_HTML_MAX = 100_000;

export const updateIdSchema = z.string('Novità non valida').trim().min(1, 'Novità non valida').max(100, 'Novità non valida');

/**
 * A product update as the form and /addUpdate send it (legacy names titolo and testo). The
 * audience is 'all' (every campsite, present and future) or 'selected' (the campings listed);
 * a legacy body that lists campings without an audience means those campings.
 */
export const newUpdateSchema = z
  .object({
    titolo: z.string('Scrivi un titolo').trim().min(1, 'Scrivi un titolo').max(UPDATE_TITLE_MAX, `Titolo: al massimo ${UPDATE_TITLE_MAX} caratteri`),
    testo: z.string('Scrivi il testo della novità').min(1, 'Scrivi il testo della novità').max(UPDATE_HTML_MAX, 'Testo troppo lungo'),
    audience: z.enum(['all', 'selected'], 'Destinatari: tutti i campeggi o quelli scelti').optional(),
    campings: z.array(z.string().trim().min(1).max(100), 'Campeggi: un elenco di id').max(10_000).optional().default([]),
  })
  .transform(({ audience, campings, ...rest }) => ({ ...rest, campings: [...new Set(campings)], audience: audience ?? (campings.length > 0 ? 'selected' : 'all') }))
  .refine((value) => value.audience === 'all' || value.campings.length > 0, { message: 'Scegli almeno un campeggio', path: ['campings'] });

export type NewUpdate = z.output<typeof newUpdateSchema>;
export type NewUpdateForm = z.input<typeof newUpdateSchema>;

export const updateListSchema = z.object({ cursor: z.string().max(1000).optional() });
