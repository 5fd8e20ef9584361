import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { contacts, listMemberships } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { NewsletterRecipient } from './personalize';

/**
 * Who of a list gets a newsletter: members with an address who have not left the list or every
 * newsletter of the campsite, and whose address never bounced hard or complained. Members who
 * do not qualify stay in the list, marked, and the ledger records why they were skipped.
 */
export const sendableMember = and(
  isNull(listMemberships.unsubscribedAt),
  isNull(contacts.newsletterOptOutAt),
  isNull(contacts.emailSuppressedAt),
  sql`coalesce(trim(${contacts.email}), '') <> ''`,
);

const membersOf = (campsiteId: string, listId: string) =>
  and(eq(listMemberships.campingId, campsiteId), eq(listMemberships.listId, listId), eq(contacts.campingId, campsiteId));

/** How many members of the list would receive a newsletter now (each address counted once). */
export async function countSendable({ db, campsiteId }: CampsiteCtx, { listId }: { listId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count(sql`distinct lower(trim(${contacts.email}))`) })
    .from(listMemberships)
    .innerJoin(contacts, eq(contacts.id, listMemberships.contactId))
    .where(and(membersOf(campsiteId, listId), sendableMember));
  return Number(row?.total ?? 0);
}

/** A real member to fill the preview with: the first one, by name, who would receive it. */
export async function sampleRecipient({ db, campsiteId }: CampsiteCtx, { listId }: { listId: string }): Promise<NewsletterRecipient | null> {
  const [row] = await db
    .select({ contactId: contacts.id, email: contacts.email, firstName: contacts.firstName, lastName: contacts.lastName, languageId: contacts.languageId })
    .from(listMemberships)
    .innerJoin(contacts, eq(contacts.id, listMemberships.contactId))
    .where(and(membersOf(campsiteId, listId), sendableMember))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(1);
  return row ? { ...row, email: row.email!.trim() } : null;
}

/** Every member of the list, whatever their state. */
export async function countMembers({ db, campsiteId }: CampsiteCtx, { listId }: { listId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(listMemberships)
    .where(and(eq(listMemberships.campingId, campsiteId), eq(listMemberships.listId, listId)));
  return Number(row?.total ?? 0);
}
