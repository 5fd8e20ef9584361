import { addContacts, listMembers, removeMember } from '@/lib/lists/members';
import { createListFromPlatform } from '@/lib/lists/platform-import';
import { createList, deleteList, getList, listLists, updateList } from '@/lib/lists/service';
import { listIdSchema, platformListSchema } from '@/lib/lists/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import {
  legacyAddMembersBodySchema,
  legacyListPatchBodySchema,
  legacyListSchema,
  legacyMemberPageBodySchema,
  legacyMemberSchema,
  legacyNewListBodySchema,
  legacyRemoveMemberBodySchema,
  toLegacyList,
  toLegacyMember,
} from '../shapes/list';

/** The lists half of 'lists-and-campaigns'; campaigns are served elsewhere. */
const group = 'lists-and-campaigns';
const idParams = z.object({ id: listIdSchema });
const listParams = z.object({ idList: listIdSchema });
const listaParams = z.object({ idLista: listIdSchema });
const membersAnswer = z.object({ aggiunti: z.number(), giaPresenti: z.number(), iscritti: z.number() });

export const listRoutes = [
  endpoint({
    method: 'POST',
    path: '/getList/all',
    auth: 'bearer',
    group,
    summary: 'Le liste del campeggio, dalla più recente, con iscritti (esatto) e ricevono (chi riceverebbe una newsletter). Al massimo 500.',
    response: z.array(legacyListSchema),
    handler: async (ctx) => (await listLists(ctx)).map(toLegacyList),
  }),
  endpoint({
    method: 'POST',
    path: '/getList/{id}',
    auth: 'bearer',
    group,
    summary: 'Una lista del campeggio con i suoi conteggi (404 se non esiste o è di un altro campeggio).',
    params: idParams,
    response: legacyListSchema,
    handler: async (ctx, { params }) => toLegacyList(await getList(ctx, { listId: params.id })),
  }),
  endpoint({
    method: 'POST',
    path: '/addlist',
    auth: 'bearer',
    group,
    summary: 'Crea una lista (nome obbligatorio; descrizione e idList del fornitore facoltativi).',
    body: legacyNewListBodySchema,
    response: legacyListSchema,
    handler: async (ctx, { body }) => toLegacyList(await createList(ctx, { input: { name: body.nome, description: body.descrizione ?? '' }, providerListId: body.idList })),
  }),
  endpoint({
    method: 'POST',
    path: '/editList/{idList}',
    auth: 'bearer',
    group,
    summary: 'Rinomina la lista o ne cambia la descrizione (nome, descrizione); __v cresce di uno.',
    params: listParams,
    body: legacyListPatchBodySchema,
    response: legacyListSchema,
    handler: async (ctx, { params, body }) => toLegacyList(await updateList(ctx, { listId: params.idList, patch: { name: body.nome, description: body.descrizione } })),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteList/{id}',
    auth: 'bearer',
    group,
    summary: 'Elimina la lista e le sue iscrizioni (i clienti restano) e la restituisce.',
    params: idParams,
    response: legacyListSchema,
    handler: async (ctx, { params }) => toLegacyList(await deleteList(ctx, { listId: params.id })),
  }),
  endpoint({
    method: 'POST',
    path: '/addContactList/{idLista}',
    auth: 'bearer',
    group,
    summary: 'Aggiunge clienti del campeggio alla lista (idContatti, al massimo 1000). Se un id non è un cliente del campeggio non aggiunge nessuno (404).',
    params: listaParams,
    body: legacyAddMembersBodySchema,
    response: membersAnswer,
    handler: async (ctx, { params, body }) => {
      const outcome = await addContacts(ctx, { listId: params.idLista, contactIds: body.idContatti });
      return { aggiunti: outcome.added, giaPresenti: outcome.alreadyMembers, iscritti: outcome.memberCount };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/deleteContactList/{idLista}',
    auth: 'bearer',
    group,
    summary: 'Toglie un cliente dalla lista (idContatto); il cliente resta. 404 se non è nella lista.',
    params: listaParams,
    body: legacyRemoveMemberBodySchema,
    response: z.object({ iscritti: z.number() }),
    handler: async (ctx, { params, body }) => ({ iscritti: (await removeMember(ctx, { listId: params.idLista, contactId: body.idContatto })).memberCount }),
  }),
  endpoint({
    method: 'POST',
    path: '/getListContact/lazy/{id}',
    auth: 'bearer',
    group,
    summary:
      'Una pagina di membri, dal più recente, con lo stato (attivo, disiscritto, rimbalzato, spam, senza-email). cursor: il nextCursor della pagina precedente; limit: da 1 a 500 (50). totalRecords (esatto) con la prima pagina, null con le successive.',
    params: idParams,
    body: legacyMemberPageBodySchema,
    response: z.object({ contatti: z.array(legacyMemberSchema), nextCursor: z.string().nullable(), totalRecords: z.number().nullable() }),
    handler: async (ctx, { params, body }) => {
      const page = await listMembers(ctx, { listId: params.id, cursor: body.cursor, limit: body.limit });
      return { contatti: page.items.map(toLegacyMember), nextCursor: page.nextCursor, totalRecords: page.total };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/cv/api/newsletter/create-list',
    auth: 'bearer',
    group,
    summary:
      'La piattaforma di prenotazione crea una lista con i suoi ospiti (nome; ospiti: [{ email, nome?, cognome?, lingua? }], al massimo 50.000). Ogni ospite è cercato per e-mail tra i clienti del campeggio chiamante, creato se manca.',
    body: platformListSchema,
    bodyLimit: 8 * 1024 * 1024,
    response: z.object({ idList: z.string(), _id: z.string(), nome: z.string(), ospiti: z.number(), creati: z.number(), esistenti: z.number(), iscritti: z.number() }),
    handler: async (ctx, { body }) => {
      const outcome = await createListFromPlatform(ctx, {
        userId: ctx.tenant.userId,
        name: body.nome,
        description: body.descrizione,
        providerListId: body.idList,
        guests: body.ospiti,
      });
      return {
        idList: outcome.list.id,
        _id: outcome.list.id,
        nome: outcome.list.name,
        ospiti: outcome.guests,
        creati: outcome.created,
        esistenti: outcome.matched,
        iscritti: outcome.memberCount,
      };
    },
  }),
];
