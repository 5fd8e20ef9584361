import { z } from '@/lib/validation';

/**
 * Field shapes shared by the mail calls (sending, traces, attachments, newsletters): the legacy API
 * and the staff's own mail forms parse the same fields, so they live below both.
 */

export const MAX_RECIPIENTS = 50;
const MAX_SUBJECT = 500;
const MAX_HTML = 2_000_000;

export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
export const id = (what: string) => z.string(`${what} non valido`).trim().min(1, `${what} non valido`).max(100, `${what} non valido`);
export const optionalId = (what: string) => z.preprocess(blankToUndefined, id(what).optional());

/** A getUUID reference: letters, digits and dashes (a legacy client may still send a real UUID). */
export const referenceSchema = z
  .string('Riferimento (uuid) non valido')
  .trim()
  .min(4, 'Riferimento (uuid) non valido')
  .max(64, 'Riferimento (uuid) non valido')
  .regex(/^[A-Za-z0-9-]+$/, 'Riferimento (uuid) non valido: solo lettere, cifre e trattini');
export const threadSchema = z.string('Conversazione (thread) non valida').trim().min(1, 'Conversazione (thread) non valida').max(200, 'Conversazione (thread) non valida');

/** Recipients as an array or one text ("a@x.it, b@y.de"); every one a valid address, at most 50. */
export const addressList = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.split(/[,;]/).map((item) => item.trim()).filter(Boolean);
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item.trim() : item));
    return value;
  },
  z
    .array(z.email('Indirizzo e-mail del destinatario non valido').max(320, 'Indirizzo e-mail troppo lungo'), 'I destinatari devono essere indirizzi e-mail')
    .max(MAX_RECIPIENTS, `Al massimo ${MAX_RECIPIENTS} destinatari per e-mail`),
);
export const subjectText = z.string('L’oggetto deve essere un testo').trim().max(MAX_SUBJECT, `L’oggetto supera i ${MAX_SUBJECT} caratteri`);
export const htmlText = z.string('Il testo dell’e-mail deve essere un testo').max(MAX_HTML, 'Il testo dell’e-mail è troppo lungo (massimo 2 MB)');
