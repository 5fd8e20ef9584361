import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { mailboxMessages, mailboxThreadContacts, mailboxThreads, mailTraces, type OutboxStatus } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { mailStatus, type MailStatus } from '@/lib/mail/mail-status';
import { traceIsToGuest, traceOutboxStatus } from '@/lib/mail/trace-outbox';
import { snippetOf } from './parse';

/**
 * One list of what was written to a guest and what they answered: our traces (mails the CRM
 * sent or recorded) and the messages of the mailbox conversations linked to them. A mailbox
 * message that is the copy of one of our traces (mail_trace_id) is left out: the trace stands for it.
 */
export type TimelineItem = {
  kind: 'traccia' | 'casella';
  id: string;
  direction: 'in' | 'out';
  date: Date;
  subject: string;
  from: string | null;
  fromName: string | null;
  to: string[];
  snippet: string;
  /** What became of a mail we wrote (lib/mail/mail-status), or null for one received. */
  status: MailStatus | null;
  /** A guest's answer in the mailbox nobody has opened yet. */
  unread: boolean;
  /** /tracciaMail/:thread for a trace, /mail/conversazione/:id for a mailbox message. */
  link: string;
};

export type TimelinePage = { items: TimelineItem[]; nextCursor: string | null };

type Cursor = { at: string; id: string };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    return typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at)) ? { at, id } : null;
  } catch {
    return null;
  }
}

const traceDate = sql<Date>`coalesce(${mailTraces.sentAt}, ${mailTraces.createdAt})`;
// The date as PostgreSQL prints it, microseconds included: a cursor cut to milliseconds would skip or repeat rows.
const exactText = (column: SQL | typeof mailboxMessages.sentAt) => sql<string>`(${column})::text`;
const before = (column: SQL | typeof mailboxMessages.sentAt, idColumn: typeof mailTraces.id | typeof mailboxMessages.id, cursor: Cursor | null) =>
  cursor ? sql`(${column}, ${idColumn} collate "C") < (${cursor.at}::timestamptz, ${cursor.id} collate "C")` : undefined;
// Ids compare byte by byte ("C"), as JavaScript compares them in the merge: a linguistic collation would order mixed case differently.
const byteOrder = (idColumn: typeof mailTraces.id | typeof mailboxMessages.id) => sql`${idColumn} collate "C"`;

const htmlSnippet = (html: string) => snippetOf(html.replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' '));

const traceColumns = {
  id: mailTraces.id,
  threadId: mailTraces.threadId,
  direction: mailTraces.direction,
  subject: mailTraces.subject,
  recipients: mailTraces.recipients,
  isSent: mailTraces.isSent,
  outboxStatus: traceOutboxStatus,
  body: sql<string>`left(${mailTraces.body}, 4000)`,
  date: sql<Date>`coalesce(${mailTraces.sentAt}, ${mailTraces.createdAt})`.mapWith(mailTraces.createdAt),
  exact: exactText(traceDate),
};

const messageColumns = {
  id: mailboxMessages.id,
  threadId: mailboxMessages.threadId,
  direction: mailboxMessages.direction,
  subject: mailboxMessages.subject,
  fromAddress: mailboxMessages.fromAddress,
  fromName: mailboxMessages.fromName,
  toAddresses: mailboxMessages.toAddresses,
  snippet: mailboxMessages.snippet,
  unread: mailboxMessages.unread,
  date: mailboxMessages.sentAt,
  exact: exactText(mailboxMessages.sentAt),
};

type TraceRow = { id: string; threadId: string; direction: 'in' | 'out'; subject: string; recipients: string[]; isSent: boolean; outboxStatus: OutboxStatus | null; body: string; date: Date };
type MessageRow = { id: string; threadId: string; direction: 'in' | 'out'; subject: string; fromAddress: string; fromName: string; toAddresses: string[]; snippet: string; unread: boolean; date: Date };

function fromTrace(row: TraceRow): TimelineItem {
  return {
    kind: 'traccia',
    id: row.id,
    direction: row.direction,
    date: row.date,
    subject: row.subject,
    from: null,
    fromName: null,
    to: row.recipients,
    snippet: htmlSnippet(row.body),
    status: mailStatus(row),
    unread: false,
    link: `/tracciaMail/${encodeURIComponent(row.threadId)}`,
  };
}

function fromMessage(row: MessageRow): TimelineItem {
  return {
    kind: 'casella',
    id: row.id,
    direction: row.direction,
    date: row.date,
    subject: row.subject,
    from: row.fromAddress || null,
    fromName: row.fromName || null,
    to: row.toAddresses,
    snippet: row.snippet,
    // A message in the mailbox's own sent folder has left: the provider sent it.
    status: mailStatus({ direction: row.direction, outboxStatus: null, isSent: true }),
    unread: row.unread && row.direction === 'in',
    link: `/mail/conversazione/${encodeURIComponent(row.threadId)}`,
  };
}

const newestFirst = (a: { exact: string; date: Date; id: string }, b: typeof a) => b.date.getTime() - a.date.getTime() || (b.exact < a.exact ? -1 : b.exact > a.exact ? 1 : 0) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

/**
 * The contact's mails, newest first, `limit` at a time. Keyset paging over both sources: each
 * gives its own newest `limit + 1` after the cursor and the merge keeps the newest of all,
 * exactly what ORDER BY over their UNION ALL would give.
 */
export async function contactMailTimeline(ctx: CampsiteCtx, input: { contactId: string; cursor?: string | null; limit?: number }): Promise<TimelinePage> {
  const { db, campsiteId } = ctx;
  const limit = Math.min(Math.max(input.limit ?? 20, 1), 100);
  const cursor = decodeCursor(input.cursor);
  const linkedThreads = db
    .select({ threadId: mailboxThreadContacts.threadId })
    .from(mailboxThreadContacts)
    .where(and(eq(mailboxThreadContacts.campingId, campsiteId), eq(mailboxThreadContacts.contactId, input.contactId)));
  const [traces, messages] = await Promise.all([
    db
      .select(traceColumns)
      .from(mailTraces)
      .where(and(eq(mailTraces.campingId, campsiteId), eq(mailTraces.contactId, input.contactId), traceIsToGuest, before(traceDate, mailTraces.id, cursor)))
      .orderBy(desc(traceDate), desc(byteOrder(mailTraces.id)))
      .limit(limit + 1),
    db
      .select(messageColumns)
      .from(mailboxMessages)
      .where(
        and(
          eq(mailboxMessages.campingId, campsiteId),
          isNull(mailboxMessages.mailTraceId),
          inArray(mailboxMessages.threadId, linkedThreads),
          before(mailboxMessages.sentAt, mailboxMessages.id, cursor),
        ),
      )
      .orderBy(desc(mailboxMessages.sentAt), desc(byteOrder(mailboxMessages.id)))
      .limit(limit + 1),
  ]);
  const merged = [...traces.map((row) => ({ row, exact: row.exact, date: row.date, id: row.id, item: fromTrace(row) })), ...messages.map((row) => ({ row, exact: row.exact, date: row.date, id: row.id, item: fromMessage(row) }))].sort(
    newestFirst,
  );
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map((entry) => entry.item), nextCursor: merged.length > limit && last ? encodeCursor({ at: last.exact, id: last.id }) : null };
}

export type ThreadTimelineItem = TimelineItem & {
  /** The body to show: the trace's HTML, or the message's HTML (or its text, escaped by the caller). */
  html: string | null;
  text: string | null;
  contactId: string | null;
  quoteId: string | null;
};

/** /tracciaMail/:thread: our traces of that thread and the guest's answers in the mailbox conversations that continue it, oldest first. */
export async function traceThreadTimeline(ctx: CampsiteCtx, input: { threadId: string }): Promise<ThreadTimelineItem[]> {
  const { db, campsiteId } = ctx;
  const [traces, messages] = await Promise.all([
    db
      .select({ ...traceColumns, fullBody: mailTraces.body, contactId: mailTraces.contactId, quoteId: mailTraces.quoteId })
      .from(mailTraces)
      .where(and(eq(mailTraces.campingId, campsiteId), eq(mailTraces.threadId, input.threadId)))
      .orderBy(asc(traceDate), asc(byteOrder(mailTraces.id)))
      .limit(200),
    db
      .select({ ...messageColumns, html: mailboxMessages.html, text: mailboxMessages.text, quoteId: mailboxThreads.quoteId })
      .from(mailboxMessages)
      .innerJoin(mailboxThreads, and(eq(mailboxThreads.id, mailboxMessages.threadId), eq(mailboxThreads.campingId, campsiteId)))
      .where(and(eq(mailboxMessages.campingId, campsiteId), eq(mailboxThreads.traceThreadId, input.threadId), isNull(mailboxMessages.mailTraceId)))
      .orderBy(asc(mailboxMessages.sentAt), asc(byteOrder(mailboxMessages.id)))
      .limit(200),
  ]);
  const items = [
    ...traces.map((row) => ({ exact: row.exact, date: row.date, id: row.id, item: { ...fromTrace(row), html: row.fullBody, text: null, contactId: row.contactId, quoteId: row.quoteId } })),
    ...messages.map((row) => ({ exact: row.exact, date: row.date, id: row.id, item: { ...fromMessage(row), html: row.html, text: row.text, contactId: null, quoteId: row.quoteId } })),
  ];
  return items.sort((a, b) => -newestFirst(a, b)).map((entry) => entry.item);
}
