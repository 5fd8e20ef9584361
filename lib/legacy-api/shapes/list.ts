import type { ListMember } from '@/lib/lists/members';
import type { ListRow, ListSummary } from '@/lib/lists/service';
import { contactIdsSchema, LIST_NAME_REQUIRED } from '@/lib/lists/validation';
import { z } from '@/lib/validation';

/** A mailing list as the legacy JSON shows it. */
export const legacyListSchema = z.object({
  _id: z.string(),
  camping: z.string(),
  nome: z.string(),
  descrizione: z.string(),
  idList: z.string().nullable().describe('id della lista presso il fornitore di invio'),
  iscritti: z.number().optional().describe('numero esatto dei membri'),
  ricevono: z.number().optional().describe('membri che riceverebbero una newsletter adesso (indirizzi distinti)'),
  date_creation: z.string().describe('ISO 8601'),
  __v: z.number(),
});
export type LegacyList = z.infer<typeof legacyListSchema>;

export function toLegacyList(row: ListRow | ListSummary): LegacyList {
  return {
    _id: row.id,
    camping: row.campingId,
    nome: row.name,
    descrizione: row.description,
    idList: row.providerListId,
    ...('memberCount' in row ? { iscritti: row.memberCount, ricevono: row.sendableCount } : {}),
    date_creation: row.createdAt.toISOString(),
    __v: row.version,
  };
}

export const legacyMemberSchema = z.object({
  _id: z.string().describe('id del cliente'),
  idContatto: z.string(),
  nome: z.string(),
  cognome: z.string(),
  email: z.string().nullable(),
  stato: z.enum(['attivo', 'disiscritto', 'rimbalzato', 'spam', 'senza-email']),
  date_iscrizione: z.string().describe('ISO 8601'),
});

export function toLegacyMember(member: ListMember): z.infer<typeof legacyMemberSchema> {
  return {
    _id: member.contactId,
    idContatto: member.contactId,
    nome: member.firstName,
    cognome: member.lastName,
    email: member.email,
    stato: member.state,
    date_iscrizione: member.addedAt.toISOString(),
  };
}

/** The old front end wrote nome/descrizione; name/description are accepted too. */
const withLegacyNames = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  return { ...body, nome: body.nome ?? body.name, descrizione: body.descrizione ?? body.description };
};

const nome = z.string('Il nome della lista deve essere un testo').trim().min(1, LIST_NAME_REQUIRED).max(120, 'Nome della lista: al massimo 120 caratteri');
const descrizione = z.string('La descrizione deve essere un testo').trim().max(1000, 'Descrizione: al massimo 1000 caratteri').nullish();

export const legacyNewListBodySchema = z.preprocess(
  withLegacyNames,
  z.object({ nome: z.string(LIST_NAME_REQUIRED).pipe(nome), descrizione, idList: z.string('idList non valido').trim().max(200, 'idList troppo lungo').nullish() }),
);
export const legacyListPatchBodySchema = z.preprocess(withLegacyNames, z.object({ nome: nome.optional(), descrizione }));

/** idContatti: a list of contact ids (a single id is accepted too). */
export const legacyAddMembersBodySchema = z.object({
  idContatti: z.preprocess((value) => (typeof value === 'string' ? [value] : value), contactIdsSchema),
});
export const legacyRemoveMemberBodySchema = z.object({
  idContatto: z.string('Indica il cliente da togliere (idContatto)').trim().min(1, 'Indica il cliente da togliere (idContatto)').max(100, 'Cliente non valido'),
});
export const legacyMemberPageBodySchema = z.object({
  cursor: z.string('Posizione non valida').max(500, 'Posizione non valida').nullish(),
  limit: z.coerce.number('Limite non valido').int('Limite non valido').min(1, 'Almeno 1 per pagina').max(500, 'Al massimo 500 per pagina').optional(),
});
