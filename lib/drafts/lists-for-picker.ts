import { and, asc, count, eq, sql } from 'drizzle-orm';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { sendableMember } from '@/lib/newsletter/audience';

/** A list as the procedure's first step shows it: its name and how many would receive a newsletter now. */
export type ListChoice = { id: string; name: string; description: string; recipients: number };

/** The picker shows every list; a campsite keeps a few dozen, the cap keeps the query bounded. */
const MAX_LISTS = 500;

/**
 * The campsite's mailing lists by name, each with its recipients counted like the send counts
 * them (each address once, leaving out who left, bounced or complained), in one grouped query.
 */
export async function listsForPicker({ db, campsiteId }: CampsiteCtx): Promise<ListChoice[]> {
  const rows = await db
    .select({
      id: mailingLists.id,
      name: mailingLists.name,
      description: mailingLists.description,
      recipients: count(sql`distinct lower(trim(${contacts.email}))`),
    })
    .from(mailingLists)
    .leftJoin(listMemberships, and(eq(listMemberships.listId, mailingLists.id), eq(listMemberships.campingId, campsiteId)))
    .leftJoin(contacts, and(eq(contacts.id, listMemberships.contactId), eq(contacts.campingId, campsiteId), sendableMember))
    .where(eq(mailingLists.campingId, campsiteId))
    .groupBy(mailingLists.id)
    .orderBy(asc(sql`lower(${mailingLists.name})`), asc(mailingLists.id))
    .limit(MAX_LISTS);
  return rows.map((row) => ({ ...row, recipients: Number(row.recipients) }));
}
