import { recentLogins } from '@/lib/auth/service';
import { csvDownloadResponse, exportContactsCsv } from '@/lib/contacts/export';
import { countContacts, listContacts, queryContacts, walkContacts } from '@/lib/contacts/search';
import { createContact, deleteContact, getContact, updateContact } from '@/lib/contacts/service';
import { getCampsiteUser } from '@/lib/users/service';
import { contactFiltersSchema, contactIdSchema, contactListQuerySchema, contactQuerySchema } from '@/lib/contacts/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyContactPatchBodySchema, legacyContactSchema, legacyNewContactBodySchema, toLegacyContact } from '../shapes/contact';
import { legacyUserSchema, toLegacyUser } from '../shapes/user';

const group = 'contacts';
const idParams = z.object({ id: contactIdSchema });
const STREAM_PAGE_SIZE = 500;

/** The whole list as one JSON array, written page by page: never all rows in memory at once. */
function streamedJsonArray(pages: AsyncGenerator<unknown[]>): Response {
  const encoder = new TextEncoder();
  let first = true;
  let opened = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened) {
          opened = true;
          controller.enqueue(encoder.encode('['));
          return;
        }
        const next = await pages.next();
        if (next.done) {
          controller.enqueue(encoder.encode(']'));
          controller.close();
          return;
        }
        const text = next.value.map((item) => JSON.stringify(item)).join(',');
        controller.enqueue(encoder.encode(`${first ? '' : ','}${text}`));
        first = false;
      },
      async cancel() {
        await pages.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}

async function* legacyPages(pages: AsyncGenerator<Parameters<typeof toLegacyContact>[0][]>) {
  for await (const page of pages) yield page.map(toLegacyContact);
}

export const contactRoutes = [
  endpoint({
    method: 'POST',
    path: '/getContact/all',
    auth: 'bearer',
    group,
    summary: 'Tutti i clienti del campeggio, dal più recente; la risposta è un array JSON inviato a blocchi.',
    response: z.array(legacyContactSchema),
    handler: async (ctx) => streamedJsonArray(legacyPages(walkContacts(ctx, { sort: 'recenti' }, STREAM_PAGE_SIZE))),
  }),
  endpoint({
    method: 'POST',
    path: '/getContact/lazy',
    auth: 'bearer',
    group,
    summary: 'Una pagina di clienti (cursore, non offset), con ricerca, filtro per data di creazione (gg/mm/aaaa) e ordinamento.',
    body: contactListQuerySchema,
    // total stops at 10,000 (totalCapped: true beyond): an exact count of a large campsite cost more than the page.
    response: z.object({ items: z.array(legacyContactSchema), nextCursor: z.string().nullable(), total: z.number(), totalCapped: z.boolean() }),
    handler: async (ctx, { body }) => {
      const [page, total] = await Promise.all([listContacts(ctx, body), countContacts(ctx, body)]);
      return { items: page.items.map(toLegacyContact), nextCursor: page.nextCursor, total: total.count, totalCapped: total.capped };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getContact/{id}',
    auth: 'bearer',
    group,
    summary: 'Un cliente del campeggio (404 se non esiste o è di un altro campeggio).',
    params: idParams,
    response: legacyContactSchema,
    handler: async (ctx, { params }) => toLegacyContact(await getContact(ctx, params.id)),
  }),
  endpoint({
    method: 'POST',
    path: '/getUser/{id}',
    auth: 'bearer',
    group,
    summary: 'Un utente dello stesso campeggio (per esempio il proprietario di un cliente); 404 per gli altri.',
    params: idParams,
    response: legacyUserSchema,
    handler: async (ctx, { params }) => {
      const user = await getCampsiteUser(ctx, params.id);
      // Login history only for oneself or an administrator.
      const logins = ctx.tenant.isAdmin || user.id === ctx.tenant.userId ? await recentLogins(ctx.db, ctx.tenant.campsiteId, user.id) : [];
      return toLegacyUser(user, logins);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/addContact',
    auth: 'bearer',
    group,
    summary: 'Crea un cliente; serve almeno nome, cognome o e-mail. 409 se l’e-mail è già di un altro cliente del campeggio.',
    body: legacyNewContactBodySchema,
    response: legacyContactSchema,
    handler: async (ctx, { body }) => toLegacyContact(await createContact(ctx, body, { source: 'api' })),
  }),
  endpoint({
    method: 'POST',
    path: '/editContact/{id}',
    auth: 'bearer',
    group,
    summary: 'Modifica i campi inviati di un cliente; _id, camping, owner, __v, date_creation e language vengono ignorati. __v cresce di uno.',
    params: idParams,
    body: legacyContactPatchBodySchema,
    response: legacyContactSchema,
    handler: async (ctx, { params, body }) => toLegacyContact(await updateContact(ctx, params.id, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteContact/{id}',
    auth: 'bearer',
    group,
    summary: 'Elimina un cliente con i suoi preventivi; restituisce il cliente eliminato.',
    params: idParams,
    response: legacyContactSchema,
    handler: async (ctx, { params }) => toLegacyContact(await deleteContact(ctx, params.id)),
  }),
  endpoint({
    method: 'POST',
    path: '/contactQuery',
    auth: 'bearer',
    group,
    summary: 'Cerca clienti per e-mail (esatta), testo libero e/o cifre del telefono; al massimo 50 risultati.',
    body: contactQuerySchema,
    response: z.array(legacyContactSchema),
    handler: async (ctx, { body }) => (await queryContacts(ctx, body)).map(toLegacyContact),
  }),
  endpoint({
    method: 'POST',
    path: '/exportContacts',
    auth: 'bearer',
    group,
    summary: 'I clienti in CSV (UTF-8 con BOM, separatore ;), con gli stessi filtri dell’elenco; file ExportDati_AAAA-MM-GG.csv.',
    body: contactFiltersSchema,
    response: z.string().describe('text/csv'),
    handler: async (ctx, { body }) => csvDownloadResponse(exportContactsCsv(ctx, body)),
  }),
];
