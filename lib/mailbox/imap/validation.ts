import { z } from '@/lib/validation';

// STUB — drop at merge: stands for the IMAP helper's form schema until its branch lands.
const port = z.coerce.number().int('La porta è un numero intero.').min(1, 'La porta va da 1 a 65535.').max(65535, 'La porta va da 1 a 65535.');
const host = z.string().trim().min(1, 'Indica il server.').max(253);

export const imapBindingSchema = z.object({
  address: z.string().trim().toLowerCase().pipe(z.email('Indirizzo e-mail non valido.')),
  imapHost: host,
  imapPort: port,
  imapSecure: z.coerce.boolean(),
  smtpHost: host,
  smtpPort: port,
  smtpSecure: z.coerce.boolean(),
  username: z.string().trim().min(1, 'Indica il nome utente.').max(320),
  password: z.string().min(1, 'Indica la password.').max(1000),
});

export type ImapBindingInput = z.input<typeof imapBindingSchema>;
