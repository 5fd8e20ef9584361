import type { ImapSettings } from '@/db/schema';
import { z } from '@/lib/validation';

/**
 * The IMAP binding form, for the settings page's server action and the API alike. Numbers and
 * switches may arrive as the strings of a form; an empty user name means the address.
 */

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : trimmed(value));

const host = (label: string) =>
  z.preprocess(
    trimmed,
    z
      .string(`${label}: obbligatorio`)
      .min(1, `${label}: obbligatorio`)
      .max(253, `${label}: al massimo 253 caratteri`)
      .regex(/^[A-Za-z0-9.\-:[\]]*$/, `${label}: nome del server non valido`),
  );

const port = (label: string, fallback: number) =>
  z.preprocess(
    (value) => {
      const cleaned = blankToUndefined(value);
      return typeof cleaned === 'string' && /^\d+$/.test(cleaned) ? Number(cleaned) : cleaned;
    },
    z.number(`${label}: deve essere un numero`).int(`${label}: deve essere un numero intero`).min(1, `${label}: tra 1 e 65535`).max(65535, `${label}: tra 1 e 65535`).default(fallback),
  );

const secure = (label: string) =>
  z.preprocess(
    (value) => {
      if (value === 'on' || value === 'true' || value === '1') return true;
      if (value === 'off' || value === 'false' || value === '0') return false;
      return blankToUndefined(value);
    },
    z.boolean(`${label}: sì o no`).default(true),
  );

export const imapBindingSchema = z
  .object({
    address: z.preprocess(trimmed, z.email('Indirizzo e-mail non valido').max(320, 'Indirizzo e-mail troppo lungo')),
    imapHost: host('Server IMAP'),
    imapPort: port('Porta IMAP', 993),
    imapSecure: secure('Connessione IMAP protetta (SSL/TLS)'),
    smtpHost: host('Server SMTP'),
    smtpPort: port('Porta SMTP', 465),
    smtpSecure: secure('Connessione SMTP protetta (SSL/TLS)'),
    username: z.preprocess(blankToUndefined, z.string('Nome utente: deve essere un testo').max(320, 'Nome utente: al massimo 320 caratteri').optional()),
    // Not trimmed: a password may begin or end with a space.
    password: z.string('Password obbligatoria').min(1, 'Password obbligatoria').max(500, 'Password: al massimo 500 caratteri'),
  })
  .transform((form) => ({
    address: form.address.toLowerCase(),
    password: form.password,
    settings: {
      imapHost: form.imapHost,
      imapPort: form.imapPort,
      imapSecure: form.imapSecure,
      smtpHost: form.smtpHost,
      smtpPort: form.smtpPort,
      smtpSecure: form.smtpSecure,
      username: form.username ?? form.address,
    } satisfies ImapSettings,
  }));

export type ImapBindingForm = z.input<typeof imapBindingSchema>;
export type ImapBinding = z.output<typeof imapBindingSchema>;
