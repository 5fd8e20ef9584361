import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { mailboxMessages, mailboxThreadContacts, mailboxThreads, quotes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { notify } from '@/lib/notifications/events';

const quoteLabel = (name: string) => (name && name !== 'undefined' ? `«${name}»` : 'senza nome');

/**
 * The bell rings for a guest's new mail about a quote, as it does when the guest opens or accepts
 * it: the staff learn of the answer without watching the mailbox. Only for mail that arrives
 * after the first sync (the caller says so): 90 days of old mail must not ring at once.
 */
export async function noticeGuestReplies(ctx: CampsiteCtx, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const { db, campsiteId } = ctx;
  const replies = await db
    .select({
      threadId: mailboxMessages.threadId,
      fromName: mailboxMessages.fromName,
      fromAddress: mailboxMessages.fromAddress,
      subject: mailboxMessages.subject,
      quoteId: quotes.id,
      quoteName: quotes.name,
      contactId: quotes.contactId,
    })
    .from(mailboxMessages)
    .innerJoin(mailboxThreads, and(eq(mailboxThreads.id, mailboxMessages.threadId), eq(mailboxThreads.campingId, campsiteId)))
    .innerJoin(quotes, and(eq(quotes.id, mailboxThreads.quoteId), eq(quotes.campingId, campsiteId)))
    .where(and(eq(mailboxMessages.campingId, campsiteId), inArray(mailboxMessages.id, messageIds), eq(mailboxMessages.direction, 'in'), isNotNull(mailboxThreads.quoteId)));
  for (const reply of replies) {
    const [linked] = reply.contactId
      ? [{ contactId: reply.contactId }]
      : await db.select({ contactId: mailboxThreadContacts.contactId }).from(mailboxThreadContacts).where(eq(mailboxThreadContacts.threadId, reply.threadId)).limit(1);
    await notify(ctx, {
      group: 'risposta',
      title: 'Risposta del cliente',
      description: `${reply.fromName || reply.fromAddress} ha scritto sul preventivo ${quoteLabel(reply.quoteName)}: «${reply.subject.slice(0, 120)}».`,
      quoteId: reply.quoteId,
      contactId: linked?.contactId ?? null,
    });
  }
  return replies.length;
}
