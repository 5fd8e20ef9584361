import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { z } from '@/lib/validation';

/** One schema per input, shared by the pages' actions and the legacy API. */

export const LIST_NAME_REQUIRED = 'Dai un nome alla lista.';

export const listIdSchema = z.string('Lista non valida').trim().min(1, 'Lista non valida').max(100, 'Lista non valida');
const contactId = z.string('Cliente non valido').trim().min(1, 'Cliente non valido').max(100, 'Cliente non valido');

const listName = z.string('Il nome della lista deve essere un testo').trim().min(1, LIST_NAME_REQUIRED).max(120, 'Nome della lista: al massimo 120 caratteri');
const listDescription = z
  .string('La descrizione deve essere un testo')
  .trim()
  .max(1000, 'Descrizione: al massimo 1000 caratteri')
  .nullish()
  .transform((value) => value ?? '');

export const listInputSchema = z.object({ name: listName, description: listDescription });
export type ListInput = z.output<typeof listInputSchema>;

export const listPatchSchema = z.object({
  name: listName.optional(),
  description: z.string('La descrizione deve essere un testo').trim().max(1000, 'Descrizione: al massimo 1000 caratteri').nullish(),
});
export type ListPatch = z.output<typeof listPatchSchema>;

/** At most this many contacts by id in one call; larger sets go through the filter, in chunks. */
export const MAX_IDS_PER_CALL = 1000;

export const contactIdsSchema = z
  .array(contactId, 'Indica i clienti come elenco')
  .min(1, 'Indica almeno un cliente')
  .max(MAX_IDS_PER_CALL, `Al massimo ${MAX_IDS_PER_CALL} clienti per volta: per di più usa l’aggiunta per filtro`);

const isoDay = z
  .string('Data non valida')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida: usa il formato aaaa-mm-gg')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Data inesistente')
  .nullish()
  .transform((value) => value ?? null);

const refId = z.coerce.number('Valore non valido').int('Valore non valido').positive('Valore non valido').max(100_000, 'Valore non valido');

/**
 * Who to add: every condition given must hold. Dates are calendar days in Europe/Rome, both
 * ends included. "Ultimo soggiorno" is the arrival of the booked card of the contact's latest
 * converted quote; "ultimo preventivo" is the contact's most recent quote.
 */
export const memberFilterSchema = z
  .object({
    search: z.string('Ricerca non valida').trim().max(200, 'Ricerca: al massimo 200 caratteri').nullish(),
    languageIds: z.array(refId, 'Lingue non valide').max(50, 'Troppe lingue').nullish(),
    nationIds: z.array(refId, 'Nazioni non valide').max(300, 'Troppe nazioni').nullish(),
    tag: z.string('Etichetta non valida').trim().max(60, 'Etichetta troppo lunga').nullish(),
    lastStayFrom: isoDay,
    lastStayTo: isoDay,
    lastQuoteFrom: isoDay,
    lastQuoteTo: isoDay,
    lastQuoteProgress: z.array(z.enum(QUOTE_PROGRESS, 'Stato del preventivo sconosciuto'), 'Stati non validi').max(QUOTE_PROGRESS.length).nullish(),
    /** Only contacts with an e-mail address. */
    withEmail: z.boolean('Valore non valido').nullish(),
  })
  .refine((f) => !f.lastStayFrom || !f.lastStayTo || f.lastStayFrom <= f.lastStayTo, { message: 'Ultimo soggiorno: la data finale precede quella iniziale', path: ['lastStayTo'] })
  .refine((f) => !f.lastQuoteFrom || !f.lastQuoteTo || f.lastQuoteFrom <= f.lastQuoteTo, { message: 'Ultimo preventivo: la data finale precede quella iniziale', path: ['lastQuoteTo'] });
export type MemberFilter = z.output<typeof memberFilterSchema>;

export const memberPageSchema = z.object({
  listId: listIdSchema,
  cursor: z.string('Posizione non valida').max(500, 'Posizione non valida').nullish(),
  limit: z.coerce.number('Limite non valido').int('Limite non valido').min(1, 'Limite non valido').max(500, 'Al massimo 500 per pagina').optional(),
});

export const addByIdsSchema = z.object({ listId: listIdSchema, contactIds: contactIdsSchema });
export const removeMemberSchema = z.object({ listId: listIdSchema, contactId });
export const addByFilterSchema = z.object({
  listId: listIdSchema,
  filter: memberFilterSchema,
  cursor: z.string('Posizione non valida').max(500, 'Posizione non valida').nullish(),
});

/** A guest the booking platform sends: the address is the key; name, surname and language fill a new contact. */
const platformGuestSchema = z.object({
  email: z.string('Ogni ospite deve avere un’e-mail').trim().pipe(z.email('Indirizzo e-mail non valido').max(320, 'Indirizzo e-mail troppo lungo')),
  nome: z.string('Il nome deve essere un testo').trim().max(100, 'Nome: al massimo 100 caratteri').nullish(),
  cognome: z.string('Il cognome deve essere un testo').trim().max(100, 'Cognome: al massimo 100 caratteri').nullish(),
  /** The language id (1 IT, 3 DE…) or its code ('it', 'de', 'en'). */
  lingua: z.union([z.number('Lingua non valida').int('Lingua non valida').positive('Lingua non valida'), z.string('Lingua non valida').trim().min(1).max(10)], 'Lingua non valida').nullish(),
});
export type PlatformGuest = z.output<typeof platformGuestSchema>;

export const MAX_PLATFORM_GUESTS = 50_000;

/** /cv/api/newsletter/create-list: the booking platform creates a list with its guests. */
export const platformListSchema = z.object({
  nome: listName,
  descrizione: listDescription,
  /** The list's id at the mailing provider, when the platform has one. */
  idList: z.string('idList non valido').trim().max(200, 'idList troppo lungo').nullish(),
  ospiti: z
    .array(platformGuestSchema, 'Indica gli ospiti come elenco (ospiti)')
    .max(MAX_PLATFORM_GUESTS, `Al massimo ${MAX_PLATFORM_GUESTS} ospiti per lista`)
    .optional()
    .default([]),
});
