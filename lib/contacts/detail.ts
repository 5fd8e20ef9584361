import { and, count, desc, eq } from 'drizzle-orm';
import { listMemberships, mailingLists, quotes, users } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { QuoteProgress } from '@/lib/vocabulary/quote-progress';
import type { ContactListItem } from './search';
import { getContact } from './service';

export const DETAIL_QUOTES_LIMIT = 50;

export type ContactQuoteSummary = { id: string; name: string; progress: QuoteProgress; createdAt: Date; validUntil: Date | null };
export type ContactListSummary = { id: string; name: string; addedAt: Date; unsubscribedAt: Date | null };
export type ContactDetail = {
  contact: ContactListItem;
  owner: { id: string; name: string; email: string } | null;
  quotes: ContactQuoteSummary[];
  quoteCount: number;
  lists: ContactListSummary[];
};

/**
 * The contact and what hangs on it: quotes with their progress and mailing lists (the mail history
 * is lib/mailbox/timeline's, paged on its own).
 * Read-only queries on the other domains' tables, each scoped by the campsite as well as the contact.
 */
export async function getContactDetail(ctx: CampsiteCtx, id: string): Promise<ContactDetail> {
  const contact = await getContact(ctx, id);
  const { db, campsiteId: camping } = ctx;
  const [owner, quoteRows, quoteTotal, lists] = await Promise.all([
    contact.ownerId
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(and(eq(users.id, contact.ownerId), eq(users.campingId, camping)))
      : Promise.resolve([]),
    db
      .select({ id: quotes.id, name: quotes.name, progress: quotes.progress, createdAt: quotes.createdAt, validUntil: quotes.validUntil })
      .from(quotes)
      .where(and(eq(quotes.campingId, camping), eq(quotes.contactId, id)))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(DETAIL_QUOTES_LIMIT),
    db
      .select({ value: count() })
      .from(quotes)
      .where(and(eq(quotes.campingId, camping), eq(quotes.contactId, id))),
    db
      .select({ id: mailingLists.id, name: mailingLists.name, addedAt: listMemberships.addedAt, unsubscribedAt: listMemberships.unsubscribedAt })
      .from(listMemberships)
      .innerJoin(mailingLists, and(eq(mailingLists.id, listMemberships.listId), eq(mailingLists.campingId, camping)))
      .where(and(eq(listMemberships.campingId, camping), eq(listMemberships.contactId, id)))
      .orderBy(mailingLists.name),
  ]);
  return {
    contact,
    owner: owner[0] ?? null,
    quotes: quoteRows,
    quoteCount: quoteTotal[0]?.value ?? 0,
    lists,
  };
}
