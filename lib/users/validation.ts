import { z } from '@/lib/validation';

export const emailSchema = z.email('Indirizzo e-mail non valido').trim().toLowerCase().max(320);
export const passwordSchema = z.string().min(10, 'La password deve avere almeno 10 caratteri').max(200);

export const newUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** The legacy body names the campsite; it must be the caller's own. */
  camping: z.string().trim().min(1).optional(),
  name: z.string().trim().max(200).optional(),
  isAdmin: z.boolean().optional(),
  packLevel: z.union([z.literal(0), z.literal(10)]).optional(),
});

export type NewUser = z.infer<typeof newUserSchema>;
