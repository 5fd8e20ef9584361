import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { mailboxMessages, mailboxThreads } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

export type QuoteThreadMessage = {
  id: string;
  direction: 'in' | 'out';
  fromAddress: string;
  fromName: string;
  to: string[];
  cc: string[];
  subject: string;
  /** As received: the page sanitizes it when it shows it. */
  html: string | null;
  text: string | null;
  unread: boolean;
  sentAt: Date;
  /** Sent from the CRM: our trace of it. */
  mailTraceId: string | null;
};

export type QuoteThread = {
  id: string;
  subject: string;
  lastMessageAt: Date;
  unreadCount: number;
  traceThreadId: string | null;
  messages: QuoteThreadMessage[];
};

/** The mailbox conversations about a quote, newest first, each with its messages oldest first. */
export async function quoteMailThreads(ctx: CampsiteCtx, input: { quoteId: string }): Promise<QuoteThread[]> {
  const threads = await ctx.db
    .select({ id: mailboxThreads.id, subject: mailboxThreads.subject, lastMessageAt: mailboxThreads.lastMessageAt, unreadCount: mailboxThreads.unreadCount, traceThreadId: mailboxThreads.traceThreadId })
    .from(mailboxThreads)
    .where(and(eq(mailboxThreads.campingId, ctx.campsiteId), eq(mailboxThreads.quoteId, input.quoteId)))
    .orderBy(desc(mailboxThreads.lastMessageAt), desc(mailboxThreads.id))
    .limit(20);
  if (threads.length === 0) return [];
  const messages = await ctx.db
    .select({
      id: mailboxMessages.id,
      threadId: mailboxMessages.threadId,
      direction: mailboxMessages.direction,
      fromAddress: mailboxMessages.fromAddress,
      fromName: mailboxMessages.fromName,
      to: mailboxMessages.toAddresses,
      cc: mailboxMessages.ccAddresses,
      subject: mailboxMessages.subject,
      html: mailboxMessages.html,
      text: mailboxMessages.text,
      unread: mailboxMessages.unread,
      sentAt: mailboxMessages.sentAt,
      mailTraceId: mailboxMessages.mailTraceId,
    })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.campingId, ctx.campsiteId), inArray(mailboxMessages.threadId, threads.map((thread) => thread.id))))
    .orderBy(asc(mailboxMessages.sentAt), asc(mailboxMessages.id));
  return threads.map((thread) => ({
    ...thread,
    messages: messages.filter((message) => message.threadId === thread.id).map(({ threadId: _thread, ...message }) => message),
  }));
}
