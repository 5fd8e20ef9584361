import { createCampsite, deleteCampsite, listCampsites } from '@/lib/campsites/admin';
import { campsiteIdSchema, newCampsiteSchema } from '@/lib/campsites/admin-validation';
import { getOwnCampsite, type CampsiteRow } from '@/lib/campsites/service';
import { z } from '@/lib/validation';
import { endpoint } from '../endpoint';
import { legacyCampsiteSchema, toLegacyCampsite } from '../shapes/campsite';

const group = 'administration';

const deletionSummarySchema = z.object({ _id: z.string(), name: z.string(), contacts: z.number(), quotes: z.number(), mails: z.number(), images: z.number(), users: z.number() });

export const campsiteRoutes = [
  endpoint({
    method: 'POST',
    path: '/getCamping/all',
    auth: 'bearer',
    group: 'auth',
    summary: 'I campeggi visibili all’utente: tutti per l’operatore del fornitore (per nome), il proprio per gli altri.',
    response: z.array(legacyCampsiteSchema),
    handler: async (ctx) => {
      if (!ctx.tenant.isOperator) return [toLegacyCampsite(await getOwnCampsite(ctx))];
      const all: CampsiteRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await listCampsites(ctx, { cursor });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return all.map(toLegacyCampsite);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/addCamping',
    auth: 'bearer',
    operatorOnly: true,
    group,
    summary:
      'Crea un campeggio (name, lucee, urlToCV, platformCampId) con il suo primo amministratore (email, password: almeno 10 caratteri con una lettera e una cifra) e le impostazioni predefinite: orari, scala di occupazione, campi del modulo, lingue it/en/uk. Solo operatori.',
    body: newCampsiteSchema,
    response: legacyCampsiteSchema,
    handler: async (ctx, { body }) => toLegacyCampsite((await createCampsite(ctx, body)).campsite),
  }),
  endpoint({
    method: 'POST',
    path: '/deleteCamping/{id}',
    auth: 'bearer',
    operatorOnly: true,
    group,
    summary:
      'Elimina un campeggio con tutti i suoi dati (contatti, preventivi, e-mail, immagini, utenti). Il corpo ripete il nome del campeggio (name) come conferma. Il campeggio del fornitore non si elimina. Solo operatori.',
    params: z.object({ id: campsiteIdSchema }),
    body: z.object({ name: z.string('Scrivi il nome del campeggio per confermare').trim().min(1, 'Scrivi il nome del campeggio per confermare').max(300) }),
    response: deletionSummarySchema,
    handler: async (ctx, { params, body }) => {
      const { id, ...summary } = await deleteCampsite(ctx, { id: params.id, confirmName: body.name });
      return { _id: id, ...summary };
    },
  }),
];
