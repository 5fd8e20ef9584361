/**
 * Stampa l'SQL che eseguono i servizi misurati da bench:http (per scrivere quello del server nudo),
 * ciascuno nella transazione del campeggio come in produzione (db/tenant-scope.ts): l'apertura
 * dello scope compare prima delle query di ogni chiamata.
 */
import '../load-env';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { eq } from 'drizzle-orm';
import * as schema from '../../db/schema';
import { countContacts, listContacts } from '../../lib/contacts/search';
import { listQuotes } from '../../lib/quotes/queries';
import { notificationStamp } from '../../lib/notifications/service';
import type { Database } from '../../db/client';
import { updateContact } from '../../lib/contacts/service';
import { limiter } from '../../lib/rate-limit/limiter';
import { buildGuestQuoteView } from '../../lib/public-quotes/view';
import { campsiteContext } from '../../lib/context/unit-of-work';
import { tenantTransaction } from '../../db/tenant-scope';

const client = postgres(process.env.DATABASE_URL!, { onnotice: () => {} });
const db = drizzle(client, { schema, logger: true }) as unknown as Database;
const [camp] = await db.select({ id: schema.campsites.id }).from(schema.campsites).where(eq(schema.campsites.name, 'Camping Lago Azzurro'));
type Ctx = ReturnType<typeof campsiteContext>;
const scoped = (label: string, work: (ctx: Ctx) => Promise<unknown>) => {
  console.log(`--- ${label}`);
  return tenantTransaction(db, camp.id, (tx) => work(campsiteContext({ kind: 'job', campsiteId: camp.id, job: 'bench' }, tx as unknown as Database)));
};
const first = await scoped('clienti, prima pagina', async (ctx) => {
  const page = await listContacts(ctx, { limit: 25 });
  await countContacts(ctx, {});
  return page;
});
await scoped('clienti, pagina seguente', (ctx) => listContacts(ctx, { limit: 25, cursor: (first as { nextCursor: string | null }).nextCursor }));
await scoped('ricerca', async (ctx) => {
  await listContacts(ctx, { limit: 25, search: 'muller' });
  await countContacts(ctx, { search: 'muller' });
});
await scoped('preventivi', (ctx) => listQuotes(ctx, { progress: ['inviato'], limit: 25 }));
await scoped('campanello', (ctx) => notificationStamp(ctx));
await scoped('modifica', (ctx) => updateContact(ctx, 'benchhttp-c1', { notes: 'nota di prova' }));
console.log('--- limite per token (fuori dallo scope, sul proprietario)');
await limiter('api-token', { points: 600, durationSeconds: 60 }).consume(db, 'hash-del-token');
await scoped("vista del preventivo per l'ospite", (ctx) => buildGuestQuoteView(ctx, { quoteId: 'benchhttp-q4', contactId: 'benchhttp-c5' }));
await client.end();
