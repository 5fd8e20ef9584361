import { createUpdate, deleteUpdate, latestUnseenUpdate, listUpdateHistory, markUpdateViewed, updatableCampsites, type HistoryEntry } from '@/lib/updates/service';
import { newUpdateSchema, updateIdSchema } from '@/lib/updates/validation';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyUpdateSchema, toLegacyUpdate } from '../shapes/update';

const group = 'notifications-and-updates';
/** /getAllOldUpdate answers in one go: at most this many pages of the history. */
const HISTORY_PAGES_MAX = 10;

export const updateRoutes = [
  endpoint({
    method: 'POST',
    path: '/addUpdate',
    auth: 'bearer',
    operatorOnly: true,
    group,
    summary:
      'Pubblica una novità di prodotto (titolo, testo HTML ripulito). Destinatari: audience "all" (tutti i campeggi) o "selected" con campings (id); campings senza audience vale "selected". Solo operatori.',
    body: newUpdateSchema,
    response: legacyUpdateSchema,
    handler: async (ctx, { body }) => toLegacyUpdate(await createUpdate(ctx, body)),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteUpdate',
    auth: 'bearer',
    operatorOnly: true,
    group,
    summary: 'Elimina una novità (id o _id nel corpo) e la restituisce. Solo operatori.',
    body: z.object({ id: updateIdSchema.optional(), _id: updateIdSchema.optional() }).refine((body) => body.id || body._id, { message: 'Indica la novità da eliminare (id)', path: ['id'] }),
    response: legacyUpdateSchema,
    handler: async (ctx, { body }) => toLegacyUpdate(await deleteUpdate(ctx, (body.id ?? body._id)!)),
  }),
  endpoint({
    method: 'POST',
    path: '/getUpdate',
    auth: 'bearer',
    group,
    summary: 'La novità più recente non ancora chiusa dall’utente, in un elenco di al massimo un elemento (vuoto se non ce ne sono).',
    response: z.array(legacyUpdateSchema),
    handler: async (ctx) => {
      const update = await latestUnseenUpdate(ctx);
      return update ? [toLegacyUpdate(update)] : [];
    },
  }),
  endpoint({
    method: 'POST',
    path: '/setUpdateViewed',
    auth: 'bearer',
    group,
    summary: 'Segna come vista dall’utente la novità indicata in viewed (il suo id).',
    body: z.object({ viewed: updateIdSchema }),
    response: z.object({ viewed: z.string() }),
    handler: async (ctx, { body }) => {
      await markUpdateViewed(ctx, body.viewed);
      return { viewed: body.viewed };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getAllOldUpdate',
    auth: 'bearer',
    group,
    summary: 'Le novità arrivate al campeggio, dalla più recente, con viewed per l’utente (al massimo 200).',
    response: z.array(legacyUpdateSchema),
    handler: async (ctx) => {
      const all: HistoryEntry[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < HISTORY_PAGES_MAX; pages += 1) {
        const page = await listUpdateHistory(ctx, { cursor });
        all.push(...page.items);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return all.map(toLegacyUpdate);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/getUpdatableCampings',
    auth: 'bearer',
    operatorOnly: true,
    group,
    summary: 'I campeggi a cui si può mandare una novità (tutti), per nome. Solo operatori.',
    response: z.array(z.object({ _id: z.string(), name: z.string() })),
    handler: async (ctx) => (await updatableCampsites(ctx)).map((campsite) => ({ _id: campsite.id, name: campsite.name })),
  }),
];
