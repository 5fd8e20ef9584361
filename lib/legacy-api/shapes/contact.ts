import type { ContactRow } from '@/lib/contacts/search';
import { contactInputSchema, contactPatchSchema } from '@/lib/contacts/validation';
import { z } from '@/lib/validation';

export const legacyContactSchema = z.object({
  _id: z.string(),
  clienteID: z.string().describe('uguale a _id'),
  camping: z.string(),
  owner: z.string().nullable().describe('l’utente che ha creato il cliente'),
  __v: z.number().describe('cresce di uno a ogni modifica'),
  date_creation: z.string().describe('ISO 8601'),
  language: z.number().nullable().describe('idLingua'),
  email: z.string().nullable(),
  nome: z.string(),
  cognome: z.string(),
  prefisso: z.string(),
  telefono: z.string(),
  nazione: z.number().nullable().describe('idNazione'),
  citta: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  note: z.string(),
  tags: z.array(z.string()),
});
export type LegacyContact = z.infer<typeof legacyContactSchema>;

/** A contact as the legacy JSON shows it: legacy names, empty strings for missing texts. */
export function toLegacyContact(row: ContactRow): LegacyContact {
  return {
    _id: row.id,
    clienteID: row.id,
    camping: row.campingId,
    owner: row.ownerId,
    __v: row.version,
    date_creation: row.createdAt.toISOString(),
    language: row.languageId,
    email: row.email,
    nome: row.firstName,
    cognome: row.lastName,
    prefisso: row.phonePrefix ?? '',
    telefono: row.phone ?? '',
    nazione: row.nationId,
    citta: row.city ?? '',
    indirizzo: row.address ?? '',
    cap: row.postalCode ?? '',
    note: row.notes ?? '',
    tags: row.tags,
  };
}

const anyText = z.union([z.string(), z.number(), z.null()]).optional();
const anyId = z.union([z.number(), z.string(), z.null()]).optional();
/** Tags were stored as names or as { name, color } pairs. */
const anyTags = z
  .array(z.union([z.string(), z.object({ name: z.string() }).loose()]), 'tags deve essere un elenco')
  .nullable()
  .optional()
  .transform((tags) => tags?.map((tag) => (typeof tag === 'string' ? tag : tag.name)));

const legacyFields = {
  nome: anyText,
  cognome: anyText,
  email: anyText,
  prefisso: anyText,
  telefono: anyText,
  language: anyId,
  nazione: anyId,
  citta: anyText,
  indirizzo: anyText,
  cap: anyText,
  note: anyText,
  tags: anyTags,
};

type LegacyFields = { [K in keyof typeof legacyFields]?: z.output<(typeof legacyFields)[K]> };

const asText = (value: string | number | null | undefined) => (typeof value === 'number' ? String(value) : value);

/** Legacy names to ours; a key the body does not have stays absent (the edit keeps that field). */
function fromLegacy(body: LegacyFields) {
  const entries: [string, unknown][] = [
    ['firstName', asText(body.nome)],
    ['lastName', asText(body.cognome)],
    ['email', asText(body.email)],
    ['phonePrefix', asText(body.prefisso)],
    ['phone', asText(body.telefono)],
    ['languageId', body.language],
    ['nationId', body.nazione],
    ['city', asText(body.citta)],
    ['address', asText(body.indirizzo)],
    ['postalCode', asText(body.cap)],
    ['notes', asText(body.note)],
    ['tags', body.tags],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** addContact: the legacy fields, then the contact schema of the form. Unknown keys are ignored. */
export const legacyNewContactBodySchema = z.object(legacyFields).transform(fromLegacy).pipe(contactInputSchema);

/** Fields the legacy edit may send but must not change (spec section 5). */
export const EDIT_STRIPPED_KEYS = ['_id', 'camping', 'owner', '__v', 'date_creation', 'language'] as const;

/** editContact: the stripped keys removed first, then a partial change of the contact. */
export const legacyContactPatchBodySchema = z
  .preprocess((body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const key of EDIT_STRIPPED_KEYS) delete copy[key];
    return copy;
  }, z.object(legacyFields).omit({ language: true }))
  .transform(fromLegacy)
  .pipe(contactPatchSchema);
