import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../client';
import { listMemberships, mailingLists, notifications, productUpdates, productUpdateViews, templates, users, type NotificationGroup } from '../schema';
import { CONTACT_TAGS } from './campsites';
import type { SeedContact } from './contacts';
import { addMs, days, earlier, hours, later } from './dates';
import { GERMAN } from './people';
import type { Notice } from './quotes';
import type { Random } from './random';
import { demoTemplates } from './templates';

type ListSpec = { name: string; description: string; includes: (contact: SeedContact) => boolean };

/** The three demo lists with their members; opted-out guests stay listed but unsubscribed. */
export async function insertLists(tx: Transaction, random: Random, campingId: string, contacts: SeedContact[], now: Date) {
  const listCreatedAt = addMs(now, -days(510));
  const seasonEnd = addMs(now, -days(60));
  const specs: ListSpec[] = [
    {
      name: 'Clienti stagione 2026',
      description: "Ospiti che hanno soggiornato da noi nell'estate 2026.",
      includes: (contact) => contact.row.createdAt < seasonEnd && (contact.row.tags?.includes(CONTACT_TAGS.regular) || random.chance(0.35)),
    },
    { name: 'Newsletter Germania', description: 'Ospiti di lingua tedesca (Germania, Austria, Svizzera).', includes: (contact) => contact.row.languageId === GERMAN },
    { name: 'Famiglie con bambini', description: 'Famiglie che hanno viaggiato o chiesto un preventivo con bambini.', includes: (contact) => contact.hasChildren },
  ];

  const lists = await tx
    .insert(mailingLists)
    .values(specs.map((spec) => ({ campingId, name: spec.name, description: spec.description, createdAt: listCreatedAt, updatedAt: listCreatedAt })))
    .returning({ id: mailingLists.id, name: mailingLists.name });

  const memberships = specs.flatMap((spec) => {
    const listId = lists.find((list) => list.name === spec.name)?.id;
    if (!listId) throw new Error(`Lista ${spec.name} non inserita`);
    return contacts.filter(spec.includes).map((contact) => {
      const addedAt = earlier(addMs(later(contact.row.createdAt, listCreatedAt), hours(random.int(1, 72))), now);
      const optOut = contact.row.newsletterOptOutAt;
      return { campingId, listId, contactId: contact.row.id, addedAt, unsubscribedAt: optOut ? later(optOut, addedAt) : null };
    });
  });
  if (memberships.length > 0) await tx.insert(listMemberships).values(memberships);
  return { lists: lists.length, memberships: memberships.length };
}

export async function insertTemplates(tx: Transaction, campingId: string, reminderDays: number, createdAt: Date) {
  const rows = demoTemplates(reminderDays).map((template) => ({ ...template, campingId, createdAt, updatedAt: createdAt }));
  await tx.insert(templates).values(rows);
  return rows.length;
}

const NOTIFICATION_TITLES: Record<NotificationGroup, string> = {
  richiesta: 'Nuova richiesta di preventivo',
  preventivo: 'Preventivo letto',
  accettazione: 'Preventivo accettato',
  domanda: 'Domanda su un preventivo',
  risposta: 'Risposta del cliente',
  opinione: 'Ospite insoddisfatto',
};

/** The newest events become unread notifications, the ones before them read ones. */
export async function insertNotifications(tx: Transaction, random: Random, campingId: string, notices: Notice[], unread: number, read: number, now: Date) {
  const newest = [...notices].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, unread + read);
  const rows = newest.map((notice, i) => ({
    campingId,
    group: notice.group,
    title: NOTIFICATION_TITLES[notice.group],
    description: notice.description,
    quoteId: notice.quoteId,
    contactId: notice.contactId,
    readAt: i < unread ? null : earlier(addMs(notice.at, hours(random.int(1, 20))), now),
    createdAt: notice.at,
  }));
  if (rows.length > 0) await tx.insert(notifications).values(rows);
  return { unread: rows.filter((row) => row.readAt === null).length, read: rows.filter((row) => row.readAt !== null).length };
}

export const DEMO_PRODUCT_UPDATE_TITLE = 'Novità: la nuova dashboard';

const PRODUCT_UPDATE_HTML = [
  "<p>Abbiamo rinnovato la <strong>dashboard</strong>: ora trovi a colpo d'occhio le richieste del mese, i preventivi per stato e il tasso di accettazione.</p>",
  '<ul>',
  "<li>Un clic su uno stato apre l'elenco dei preventivi già filtrato.</li>",
  '<li>Le nuove richieste dal sito sono in evidenza in alto.</li>',
  '<li>Le notifiche non lette restano visibili finché non le apri.</li>',
  '</ul>',
  '<p>Buon lavoro!</p>',
].join('\n');

/** The shared product update; looked up by title so a second run adds nothing. */
export async function ensureProductUpdate(db: DbOrTx, now: Date): Promise<'created' | 'existing'> {
  const existing = await db.select({ id: productUpdates.id }).from(productUpdates).where(eq(productUpdates.title, DEMO_PRODUCT_UPDATE_TITLE)).limit(1);
  if (existing.length > 0) return 'existing';
  await db.insert(productUpdates).values({ title: DEMO_PRODUCT_UPDATE_TITLE, html: PRODUCT_UPDATE_HTML, audience: 'all', createdAt: addMs(now, -days(3)) });
  return 'created';
}

/**
 * The demo logins have already closed the demo update: a popup over every page would stand in
 * the way of whoever tries the demo (and of the browser tests). It stays in their history, and
 * an update the operator posts pops up as usual.
 */
export async function markDemoUpdateViewed(db: DbOrTx, emails: string[]): Promise<void> {
  const [update] = await db.select({ id: productUpdates.id }).from(productUpdates).where(eq(productUpdates.title, DEMO_PRODUCT_UPDATE_TITLE)).limit(1);
  if (!update) return;
  const viewers = await db.select({ id: users.id, campingId: users.campingId }).from(users).where(inArray(users.email, emails));
  if (viewers.length === 0) return;
  await db
    .insert(productUpdateViews)
    .values(viewers.map((user) => ({ campingId: user.campingId, updateId: update.id, userId: user.id })))
    .onConflictDoNothing();
}
