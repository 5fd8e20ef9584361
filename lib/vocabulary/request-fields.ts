import type { ContactFormField } from '@/lib/vocabulary/campsite-shapes';

/**
 * The fields a campsite can put on its contact form (campiFormContatti). Their codes are the
 * legacy Italian keys: the settings store them, the legacy payload sends them and the staff's
 * request preview shows them, so the form keeps them as its input keys.
 */
export const FORM_FIELDS = [
  'nome',
  'cognome',
  'email',
  'telefono',
  'nazione',
  'lingua',
  'arrivo',
  'partenza',
  'tipologia',
  'adulti',
  'bambini',
  'messaggio',
  'privacy',
] as const;
export type FormFieldCode = (typeof FORM_FIELDS)[number];

/** Sent with 'telefono': the prefix chosen next to the number. */
export const PHONE_PREFIX_KEY = 'prefisso';
/** The trap for bots: people never see it, so anything in it means the sender is not a person. */
export const HONEYPOT_KEY = 'website';
/** The optional "I want the newsletter" checkbox: double opt-in, not a field of the request. */
export const NEWSLETTER_KEY = 'newsletter';

export const MESSAGE_MAX = 2000;
export const MAX_NIGHTS = 60;
export const MAX_PEOPLE = 20;

export type ShownField = { field: FormFieldCode; required: boolean };

/** What a campsite that never configured its form shows: the demo campsites' set. */
export const DEFAULT_FORM_FIELDS: ContactFormField[] = FORM_FIELDS.map((field) => ({
  field,
  visible: true,
  required: ['nome', 'cognome', 'email', 'arrivo', 'partenza', 'adulti', 'privacy'].includes(field),
}));

const isFieldCode = (value: string): value is FormFieldCode => (FORM_FIELDS as readonly string[]).includes(value);

/**
 * The fields the guest sees, in the configured order. The e-mail is always there and required:
 * the request is matched to the contact by it and the campsite answers through it. A field
 * that needs choices the campsite does not have (no typology bookable online) is left out.
 */
export function shownFields(configured: ContactFormField[] | null, unavailable: FormFieldCode[] = []): ShownField[] {
  const source = configured && configured.length > 0 ? configured : DEFAULT_FORM_FIELDS;
  const shown: ShownField[] = [];
  for (const entry of source) {
    if (!isFieldCode(entry.field) || shown.some((item) => item.field === entry.field)) continue;
    if (entry.field === 'email') shown.push({ field: 'email', required: true });
    else if (entry.visible && !unavailable.includes(entry.field)) shown.push({ field: entry.field, required: entry.required });
  }
  if (!shown.some((item) => item.field === 'email')) shown.splice(2, 0, { field: 'email', required: true });
  return shown;
}
