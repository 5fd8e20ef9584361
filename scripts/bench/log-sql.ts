/** Stampa l'SQL che eseguono i servizi misurati da bench:http (per scrivere quello del server nudo). */
import '../load-env';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { eq } from 'drizzle-orm';
import * as schema from '../../db/schema';
import { countContacts, listContacts } from '../../lib/contacts/search';
import { listQuotes } from '../../lib/quotes/queries';
import { notificationStamp } from '../../lib/notifications/service';
import type { Database } from '../../db/client';

const client = postgres(process.env.DATABASE_URL!, { onnotice: () => {} });
const db = drizzle(client, { schema, logger: true }) as unknown as Database;
const [camp] = await db.select({ id: schema.campsites.id }).from(schema.campsites).where(eq(schema.campsites.name, 'Camping Lago Azzurro'));
const tenant = { campsiteId: camp.id };
const first = await listContacts(db, tenant, { limit: 25 });
await countContacts(db, tenant, {});
await listContacts(db, tenant, { limit: 25, cursor: first.nextCursor });
await listContacts(db, tenant, { limit: 25, search: 'muller' });
await countContacts(db, tenant, { search: 'muller' });
await listQuotes(db, tenant, { progress: ['inviato'], limit: 25 });
await notificationStamp(db, { campsiteId: camp.id, userId: '' } as never);
await client.end();
