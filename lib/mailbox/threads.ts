import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contacts, mailboxes, mailboxMessages, mailboxThreadContacts, mailboxThreads, quotes, type MailboxAttachmentInfo } from '@/db/schema';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decodeCursor, exactTimestamp, MAX_PAGE_SIZE, toPage, type Page } from '@/lib/pagination';
import { escapeLike, searchWords } from '@/lib/search';

/**
 * The mail client's reads: conversations of the campsite's mailbox by folder, one conversation
 * with its messages, and the unread count of the navbar. Every query is scoped by camping_id.
 */

export type ThreadFolder = 'INBOX' | 'SENT';
export type ThreadContact = { id: string; name: string };

export type ThreadSummary = {
  id: string;
  subject: string;
  snippet: string;
  participants: string[];
  lastMessageAt: Date;
  messageCount: number;
  unreadCount: number;
  quoteId: string | null;
  contacts: ThreadContact[];
  /** Display names the messages gave for their senders' addresses (lower case), for unlinked conversations. */
  senderNames: Record<string, string>;
};

export type ThreadMessage = {
  id: string;
  fromAddress: string;
  fromName: string;
  to: string[];
  cc: string[];
  sentAt: Date;
  subject: string;
  html: string | null;
  text: string | null;
  attachments: MailboxAttachmentInfo[];
  unread: boolean;
  direction: 'in' | 'out';
};

export type ThreadDetail = {
  id: string;
  subject: string;
  participants: string[];
  lastMessageAt: Date;
  unreadCount: number;
  inInbox: boolean;
  inSent: boolean;
  messages: ThreadMessage[];
  contacts: (ThreadContact & { email: string | null })[];
  quote: { id: string; name: string; contactId: string } | null;
};

export const THREAD_PAGE_SIZE = 25;
const MAX_WORDS = 8;

/** One condition per word, all required, on the thread's accent-free search_text (trigram index). */
function searchCondition(search: string | null | undefined): SQL | undefined {
  const words = searchWords(search, MAX_WORDS);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${mailboxThreads.searchText} like '%' || crm_search_text(${escapeLike(word)}::text) || '%'`));
}

// Microseconds in the cursor: a Date would round to the millisecond and skip rows between pages.
const cursorTime = exactTimestamp(mailboxThreads.lastMessageAt);

/** The guests of these threads, in one query for the whole page. */
async function contactsOf(ctx: CampsiteCtx, threadIds: string[]) {
  const { campsiteId } = ctx;
  const byThread = new Map<string, (ThreadContact & { email: string | null })[]>();
  if (threadIds.length === 0) return byThread;
  const rows = await ctx.db
    .select({ threadId: mailboxThreadContacts.threadId, id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
    .from(mailboxThreadContacts)
    .innerJoin(contacts, and(eq(contacts.id, mailboxThreadContacts.contactId), eq(contacts.campingId, campsiteId)))
    .where(and(eq(mailboxThreadContacts.campingId, campsiteId), inArray(mailboxThreadContacts.threadId, threadIds)))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
  for (const row of rows) {
    const list = byThread.get(row.threadId) ?? [];
    list.push({ id: row.id, name: contactDisplayName(row), email: row.email });
    byThread.set(row.threadId, list);
  }
  return byThread;
}

/** The senders' display names of these threads, in one query for the whole page; the newest name wins. */
async function senderNamesOf(ctx: CampsiteCtx, threadIds: string[]) {
  const byThread = new Map<string, Record<string, string>>();
  if (threadIds.length === 0) return byThread;
  const rows = await ctx.db
    .select({ threadId: mailboxMessages.threadId, address: mailboxMessages.fromAddress, name: mailboxMessages.fromName })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.campingId, ctx.campsiteId), inArray(mailboxMessages.threadId, threadIds), sql`${mailboxMessages.fromName} <> ''`))
    .orderBy(asc(mailboxMessages.sentAt), asc(mailboxMessages.id));
  for (const row of rows) byThread.set(row.threadId, { ...byThread.get(row.threadId), [row.address.toLowerCase()]: row.name });
  return byThread;
}

/**
 * A page of conversations, newest first, by (last_message_at, id) keyset: the folder flag matches
 * the partial index's predicate (in_inbox / in_sent), so the page is read straight from it.
 */
export async function listThreads(
  ctx: CampsiteCtx,
  options: { folder: ThreadFolder; search?: string | null; cursor?: string | null; limit?: number },
): Promise<Page<ThreadSummary>> {
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? THREAD_PAGE_SIZE)), MAX_PAGE_SIZE);
  const position = decodeCursor(options.cursor, 2);
  const after = position ? sql`(${mailboxThreads.lastMessageAt}, ${mailboxThreads.id}) < (${String(position[0])}::timestamptz, ${String(position[1])}::text)` : undefined;
  const rows = await ctx.db
    .select({
      id: mailboxThreads.id,
      subject: mailboxThreads.subject,
      snippet: mailboxThreads.snippet,
      participants: mailboxThreads.participants,
      lastMessageAt: mailboxThreads.lastMessageAt,
      messageCount: mailboxThreads.messageCount,
      unreadCount: mailboxThreads.unreadCount,
      quoteId: mailboxThreads.quoteId,
      at: cursorTime,
    })
    .from(mailboxThreads)
    .where(
      and(
        eq(mailboxThreads.campingId, ctx.campsiteId),
        options.folder === 'INBOX' ? sql`${mailboxThreads.inInbox}` : sql`${mailboxThreads.inSent}`,
        searchCondition(options.search),
        after,
      ),
    )
    .orderBy(desc(mailboxThreads.lastMessageAt), desc(mailboxThreads.id))
    .limit(limit + 1);
  const { items: shown, nextCursor } = toPage(rows, limit, (row) => [row.at, row.id]);
  const ids = shown.map((row) => row.id);
  const [names, senders] = await Promise.all([contactsOf(ctx, ids), senderNamesOf(ctx, ids)]);
  return {
    items: shown.map(({ at: _at, ...row }) => ({
      ...row,
      contacts: (names.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
      senderNames: senders.get(row.id) ?? {},
    })),
    nextCursor,
  };
}

/** One conversation of the campsite with its messages (oldest first), guests and quote; null if not ours. */
export async function getThread(ctx: CampsiteCtx, options: { threadId: string }): Promise<ThreadDetail | null> {
  const { db, campsiteId } = ctx;
  const [thread] = await db
    .select()
    .from(mailboxThreads)
    .where(and(eq(mailboxThreads.id, options.threadId), eq(mailboxThreads.campingId, campsiteId)));
  if (!thread) return null;
  const [messages, guests, quote] = await Promise.all([
    db
      .select({
        id: mailboxMessages.id,
        fromAddress: mailboxMessages.fromAddress,
        fromName: mailboxMessages.fromName,
        to: mailboxMessages.toAddresses,
        cc: mailboxMessages.ccAddresses,
        sentAt: mailboxMessages.sentAt,
        subject: mailboxMessages.subject,
        html: mailboxMessages.html,
        text: mailboxMessages.text,
        attachments: mailboxMessages.attachments,
        unread: mailboxMessages.unread,
        direction: mailboxMessages.direction,
      })
      .from(mailboxMessages)
      .where(and(eq(mailboxMessages.threadId, thread.id), eq(mailboxMessages.campingId, campsiteId)))
      .orderBy(asc(mailboxMessages.sentAt), asc(mailboxMessages.id)),
    contactsOf(ctx, [thread.id]),
    thread.quoteId
      ? db
          .select({ id: quotes.id, name: quotes.name, contactId: quotes.contactId })
          .from(quotes)
          .where(and(eq(quotes.id, thread.quoteId), eq(quotes.campingId, campsiteId)))
      : Promise.resolve([]),
  ]);
  return {
    id: thread.id,
    subject: thread.subject,
    participants: thread.participants,
    lastMessageAt: thread.lastMessageAt,
    unreadCount: thread.unreadCount,
    inInbox: thread.inInbox,
    inSent: thread.inSent,
    messages,
    contacts: guests.get(thread.id) ?? [],
    quote: quote[0] ?? null,
  };
}

/** The navbar's number: unread messages of inbox conversations, summed from the inbox index's rows. */
export async function unreadCount(ctx: CampsiteCtx): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql<string | number | null>`sum(${mailboxThreads.unreadCount})` })
    .from(mailboxThreads)
    .where(and(eq(mailboxThreads.campingId, ctx.campsiteId), sql`${mailboxThreads.inInbox}`, sql`${mailboxThreads.unreadCount} > 0`));
  return Number(row?.total ?? 0);
}

/** The navbar's badge: null when the campsite has no mailbox (nothing to poll), else its unread count. */
export async function mailboxUnread(ctx: CampsiteCtx): Promise<number | null> {
  const [[bound], unread] = await Promise.all([ctx.db.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.campingId, ctx.campsiteId)), unreadCount(ctx)]);
  return bound ? unread : null;
}
