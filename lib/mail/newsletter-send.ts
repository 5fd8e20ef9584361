import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { getSubscription, resubscribe, unsubscribe, type Subscription } from '@/lib/newsletter/subscription';

async function assertList(db: DbOrTx, campsiteId: string, listId: string) {
  const [list] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.campingId, campsiteId)));
  if (!list) throw new AppError('not_found', 'Lista non trovata.');
}

/** A contact of the campsite by id or by address (case-insensitive), or 404. */
async function findContact(db: DbOrTx, campsiteId: string, who: { contactId?: string | null; email?: string | null }): Promise<string> {
  const [found] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.campingId, campsiteId),
        who.contactId ? eq(contacts.id, who.contactId) : sql`lower(${contacts.email}) = lower(${who.email ?? ''}::text)`,
      ),
    )
    .orderBy(contacts.createdAt)
    .limit(1);
  if (!found) throw new AppError('not_found', 'Cliente non trovato.');
  return found.id;
}

/**
 * newsletterSubscription: the staff put a guest on or off the campsite's newsletters, or one
 * list. Off uses the same rules as the guest's own unsubscribe page; on a list adds the guest to it.
 */
export async function setNewsletterSubscription(
  db: Database,
  campsiteId: string,
  input: { contactId?: string | null; email?: string | null; subscribed: boolean; listId?: string | null },
): Promise<Subscription & { contactId: string }> {
  const contactId = await findContact(db, campsiteId, input);
  const ids = { campsiteId, contactId };
  if (input.listId) await assertList(db, campsiteId, input.listId);
  if (!input.subscribed) {
    await unsubscribe(db, ids, input.listId ?? undefined);
  } else if (input.listId) {
    const listId = input.listId;
    await db.transaction(async (tx) => {
      await tx.update(contacts).set({ newsletterOptOutAt: null }).where(and(eq(contacts.id, contactId), eq(contacts.campingId, campsiteId)));
      await tx
        .insert(listMemberships)
        .values({ campingId: campsiteId, listId, contactId })
        .onConflictDoUpdate({ target: [listMemberships.listId, listMemberships.contactId], set: { unsubscribedAt: null } });
    });
  } else {
    await resubscribe(db, ids);
  }
  return { ...(await getSubscription(db, ids)), contactId };
}
