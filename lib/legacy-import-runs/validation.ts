import { z } from '@/lib/validation';

/** The destination «Nuovo, con l’id del vecchio CRM»: the old campsite's own id, made here by the import. */
export const NEW_CAMPSITE = 'nuovo';

const sourceUrl = z
  .string('Scrivi l’indirizzo del vecchio CRM')
  .trim()
  .min(1, 'Scrivi l’indirizzo del vecchio CRM')
  .max(2000, 'Indirizzo troppo lungo')
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), 'Indirizzo non valido: scrivilo per intero, per esempio https://crm.vecchio.it');

const login = {
  email: z.email('Indirizzo e-mail non valido').trim().max(320, 'E-mail troppo lunga'),
  password: z.string('Scrivi la password').min(1, 'Scrivi la password').max(500, 'Password troppo lunga'),
};

const importId = z.string('Importazione non valida').trim().min(1, 'Importazione non valida').max(100, 'Importazione non valida');

/** The settings screen's «Importa dal vecchio CRM». */
export const startImportSchema = z.object({
  sourceUrl,
  ...login,
  /** An existing campsite's id, or NEW_CAMPSITE. */
  campsiteId: z.string('Scegli il campeggio di destinazione').trim().min(1, 'Scegli il campeggio di destinazione').max(100, 'Campeggio non valido'),
  dryRun: z.boolean('Solo prova: sì o no').optional().default(false),
});
export type StartImport = z.output<typeof startImportSchema>;

/** «Riprendi»: the login again, since a run that ended keeps none. */
export const resumeImportSchema = z.object({ importId, ...login });
export type ResumeImport = z.output<typeof resumeImportSchema>;

export const importIdSchema = z.object({ importId });
