import { z } from '@/lib/validation';

export const emailSchema = z.email('Indirizzo e-mail non valido').trim().toLowerCase().max(320);

/** Shown next to the old-password field, so the form can tell it from other refusals. */
export const WRONG_OLD_PASSWORD = 'La password attuale non è corretta.';

export const PASSWORD_POLICY = 'La password deve avere almeno 10 caratteri, con almeno una lettera e una cifra.';
export const passwordSchema = z
  .string(PASSWORD_POLICY)
  .min(10, PASSWORD_POLICY)
  .max(200, 'La password può avere al massimo 200 caratteri.')
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), PASSWORD_POLICY);

const nameSchema = z.string('Indica il nome').trim().min(1, 'Indica il nome').max(200, 'Il nome può avere al massimo 200 caratteri');
const packLevelSchema = z.union([z.literal(0), z.literal(10)], 'Il livello pacchetto è 0 oppure 10');

export const newUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** The legacy body names the campsite; it must be the caller's own. */
  camping: z.string().trim().min(1).optional(),
  /** Ignored on creation: the name starts as the e-mail (spec section 7); editable afterwards. */
  name: z.string().trim().max(200).optional(),
  isAdmin: z.boolean().optional(),
  packLevel: packLevelSchema.optional(),
});
export type NewUser = z.infer<typeof newUserSchema>;

/** What an admin may change of a colleague; only the keys sent change. */
export const userEditSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  packLevel: packLevelSchema.optional(),
  isAdmin: z.boolean().optional(),
});
export type UserEdit = z.infer<typeof userEditSchema>;

/** What every user may change of their own account. */
export const accountSchema = z.object({ name: nameSchema, email: emailSchema });
export type AccountEdit = z.infer<typeof accountSchema>;

export const ownPasswordSchema = z.object({
  /** Empty only for an account without a password yet (an imported user): the service checks. */
  oldPassword: z.string('Scrivi la password attuale').max(500).default(''),
  newPassword: passwordSchema,
});
export type OwnPasswordChange = z.infer<typeof ownPasswordSchema>;

export const resetPasswordSchema = z.object({ password: passwordSchema });

/**
 * The legacy /editPassword body: the new password as `password` (or `newPassword`), and
 * `oldPassword` when the caller changes their own.
 */
export const legacyPasswordSchema = z
  .object({
    password: passwordSchema.optional(),
    newPassword: passwordSchema.optional(),
    oldPassword: z.string().max(500).optional(),
  })
  .transform((body, ctx) => {
    const password = body.newPassword ?? body.password;
    if (password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Indica la nuova password' });
      return z.NEVER;
    }
    return { password, oldPassword: body.oldPassword };
  });
