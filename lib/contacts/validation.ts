import { z } from '@/lib/validation';

/**
 * One contact schema for the form, the server action, the legacy API and the import.
 * Empty texts become null; ids may arrive as numbers or as the strings of a <select>.
 */

export const NAME_OR_EMAIL_REQUIRED = 'Inserisci almeno il nome, il cognome o l’e-mail del cliente.';

const blankToNull = (value: unknown) => {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
};

const text = (max: number, label: string) =>
  z.preprocess(blankToNull, z.string(`${label}: deve essere un testo`).max(max, `${label}: al massimo ${max} caratteri`).nullable().optional()).transform((value) => value ?? null);

const name = (label: string) =>
  z.preprocess(blankToNull, z.string(`${label}: deve essere un testo`).max(100, `${label}: al massimo 100 caratteri`).nullable().optional()).transform((value) => value ?? '');

const referenceId = (message: string) =>
  z
    .preprocess((value) => {
      if (value === '' || value === null || value === undefined) return null;
      if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
      return value;
    }, z.number(message).int(message).positive(message).max(100_000, message).nullable().optional())
    .transform((value) => value ?? null);

export const contactEmailSchema = z
  .preprocess(blankToNull, z.email('Indirizzo e-mail non valido').max(320, 'Indirizzo e-mail troppo lungo').nullable().optional())
  .transform((value) => value ?? null);

const phonePrefixSchema = z
  .preprocess(
    (value) => {
      const cleaned = blankToNull(typeof value === 'number' ? String(value) : value);
      if (typeof cleaned !== 'string') return cleaned;
      const compact = cleaned.replace(/\s+/g, '');
      if (/^00\d{1,4}$/.test(compact)) return `+${compact.slice(2)}`;
      return /^\d{1,4}$/.test(compact) ? `+${compact}` : compact;
    },
    z.string('Prefisso non valido').regex(/^\+\d{1,4}$/, 'Prefisso non valido: usa il formato +39').nullable().optional(),
  )
  .transform((value) => value ?? null);

const phoneSchema = z
  .preprocess(
    (value) => blankToNull(typeof value === 'number' ? String(value) : value),
    z
      .string('Numero di telefono non valido')
      .max(30, 'Numero di telefono troppo lungo')
      .regex(/^[0-9+\s().\-/]*[0-9][0-9+\s().\-/]*$/, 'Numero di telefono non valido: usa solo cifre, spazi e + - ( ) . /')
      .nullable()
      .optional(),
  )
  .transform((value) => value ?? null);

const tagsSchema = z
  .array(z.string('Etichetta non valida').trim().min(1, 'Etichetta vuota').max(60, 'Etichetta troppo lunga'), 'Le etichette devono essere un elenco')
  .max(50, 'Al massimo 50 etichette')
  .optional()
  .transform((tags) => [...new Set(tags ?? [])]);

/** The fields, each optional: the legacy edit sends only what changes. */
export const contactFieldsSchema = z.object({
  firstName: name('Nome'),
  lastName: name('Cognome'),
  email: contactEmailSchema,
  phonePrefix: phonePrefixSchema,
  phone: phoneSchema,
  languageId: referenceId('Lingua non valida'),
  nationId: referenceId('Nazione non valida'),
  city: text(100, 'Città'),
  address: text(200, 'Indirizzo'),
  postalCode: text(20, 'CAP'),
  notes: text(5000, 'Note'),
  tags: tagsSchema,
});

export type ContactInput = z.output<typeof contactFieldsSchema>;
export type ContactFormValues = z.input<typeof contactFieldsSchema>;

export function hasNameOrEmail(input: Pick<ContactInput, 'firstName' | 'lastName' | 'email'>): boolean {
  return Boolean(input.firstName || input.lastName || input.email);
}

/** A whole contact (create, staff edit, import row): at least a name or an e-mail. */
export const contactInputSchema = contactFieldsSchema.refine(hasNameOrEmail, { message: NAME_OR_EMAIL_REQUIRED });

/** A partial change (legacy editContact): absent keys keep their value; the merged contact is checked again. */
export const contactPatchSchema = contactFieldsSchema.partial();
export type ContactPatch = z.output<typeof contactPatchSchema>;

export const CONTACT_SORTS = ['recenti', 'meno-recenti', 'nome', 'email'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

const optionalFilter = (max: number, label: string) =>
  z.preprocess(blankToNull, z.string(`${label} non valido`).max(max, `${label} troppo lungo`).nullable().optional()).transform((value) => value ?? undefined);

/** Filters shared by the list page, the export and the legacy lazy/export calls. Dates are dd/mm/yyyy (Europe/Rome). */
export const contactFiltersSchema = z.object({
  search: optionalFilter(200, 'Testo di ricerca'),
  dateFrom: optionalFilter(20, 'Data iniziale'),
  dateTo: optionalFilter(20, 'Data finale'),
  sort: z.enum(CONTACT_SORTS, 'Ordinamento non valido: usa recenti, meno-recenti, nome o email').optional().default('recenti'),
});
export type ContactFilters = z.output<typeof contactFiltersSchema>;

export const contactListQuerySchema = contactFiltersSchema.extend({
  cursor: optionalFilter(1000, 'Cursore'),
  limit: z.coerce.number('Numero di elementi non valido').int('Numero di elementi non valido').min(1, 'Almeno 1 elemento').max(100, 'Al massimo 100 elementi per pagina').optional(),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactIdSchema = z.string('Cliente non valido').trim().min(1, 'Cliente non valido').max(100, 'Cliente non valido');

/** Legacy contactQuery: any of e-mail (exact, any case), free text, telephone digits. */
export const contactQuerySchema = z
  .object({
    email: optionalFilter(320, 'E-mail'),
    search: optionalFilter(200, 'Testo di ricerca'),
    telefono: z
      .preprocess((value) => (typeof value === 'number' ? String(value) : value), optionalFilter(40, 'Telefono'))
      .optional(),
  })
  .refine((query) => Boolean(query.email || query.search || query.telefono), { message: 'Indica almeno e-mail, testo di ricerca o telefono.' });

export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phonePrefix',
  'phone',
  'language',
  'nation',
  'city',
  'address',
  'postalCode',
  'notes',
  'tags',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const DUPLICATE_STRATEGIES = ['skip', 'update', 'keep'] as const;
export type DuplicateStrategy = (typeof DUPLICATE_STRATEGIES)[number];

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

export const importRequestSchema = z.object({
  /** The file's text, already decoded; the server parses it again. */
  csv: z.string('File mancante').min(1, 'Il file è vuoto').max(MAX_IMPORT_BYTES + 1024, 'Il file supera il limite di 5 MB: dividilo in più file.'),
  /** For each column of the file, the field it fills, or null to ignore it. */
  mapping: z.array(z.enum(IMPORT_FIELDS, 'Campo di destinazione non valido').nullable(), 'Associazione delle colonne non valida').max(200, 'Troppe colonne'),
  strategy: z.enum(DUPLICATE_STRATEGIES, 'Scegli cosa fare con le e-mail già presenti'),
});
export type ImportRequest = z.output<typeof importRequestSchema>;
