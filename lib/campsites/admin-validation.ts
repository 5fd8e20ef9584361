import { passwordSchema } from '@/lib/users/validation';
import { z } from '@/lib/validation';

export const CAMPSITE_NAME_MAX = 200;

export const campsiteIdSchema = z.string('Campeggio non valido').trim().min(1, 'Campeggio non valido').max(100, 'Campeggio non valido');

const flag = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean('Lucee: vero o falso'));

/** A blank optional text is stored as null ("NON DEFINITO" on screen), not as an empty string. */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label}: scrivi un testo`)
    .trim()
    .max(max, `${label}: al massimo ${max} caratteri`)
    .nullish()
    .transform((value) => value || null);

/** The product's one password policy (lib/users/validation.ts). */
export const newPasswordSchema = passwordSchema;

/** A new campsite with its first admin; the legacy /addCamping body uses the same names. */
export const newCampsiteSchema = z.object({
  name: z.string('Scrivi il nome del campeggio').trim().min(1, 'Scrivi il nome del campeggio').max(CAMPSITE_NAME_MAX, `Nome: al massimo ${CAMPSITE_NAME_MAX} caratteri`),
  lucee: flag.optional().default(false),
  urlToCV: optionalText('URL del gestionale', 2000).refine((value) => !value || /^https?:\/\//i.test(value), 'URL del gestionale: deve iniziare con http:// o https://'),
  platformCampId: optionalText('ID sulla piattaforma di prenotazione', 200),
  email: z.email('Indirizzo e-mail dell’amministratore non valido').trim().toLowerCase().max(320, 'E-mail troppo lunga'),
  password: newPasswordSchema,
});
export type NewCampsite = z.output<typeof newCampsiteSchema>;
export type NewCampsiteForm = z.input<typeof newCampsiteSchema>;

/** Deleting asks the operator to type the campsite's name: a wrong id or a slip costs a campsite. */
export const deleteCampsiteSchema = z.object({
  id: campsiteIdSchema,
  confirmName: z.string('Scrivi il nome del campeggio per confermare').trim().min(1, 'Scrivi il nome del campeggio per confermare').max(CAMPSITE_NAME_MAX + 50),
});

export const campsiteListSchema = z.object({
  search: z.string().trim().max(CAMPSITE_NAME_MAX).optional(),
  cursor: z.string().max(1000).optional(),
});
