import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { mailboxMessages, mailboxThreadContacts, mailboxThreads, mailTraces } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { referenceInSubject } from '@/lib/mail/traces';
import { idList } from '@/lib/sql-list';
import type { MailboxRef } from '@/lib/vocabulary/mailbox-types';

const traceColumns = { id: mailTraces.id, referenceId: mailTraces.referenceId, quoteId: mailTraces.quoteId, contactId: mailTraces.contactId, threadId: mailTraces.threadId, subject: mailTraces.subject, direction: mailTraces.direction };

/**
 * Links conversations to the campsite's own guests and quotes, never another campsite's:
 * - every participant address that is a contact of this campsite;
 * - the RIF in a subject names our trace, hence its quote, its guest and its thread of traces;
 * - so does an In-Reply-To/References naming a trace's Message-ID, with or without the RIF;
 * - a sent copy of a mail the CRM sent itself (same reference, same subject) is that trace's copy.
 */
export async function linkThreads(ctx: CampsiteCtx, mailbox: MailboxRef, threadIds: string[]): Promise<void> {
  if (threadIds.length === 0) return;
  const { db, campsiteId } = ctx;
  await db.execute(sql`
    insert into ${mailboxThreadContacts} (thread_id, contact_id, camping_id)
    select distinct t.id, c.id, t.camping_id
    from ${mailboxThreads} t
    cross join lateral jsonb_array_elements_text(t.participants) as p(address)
    join contacts c on c.camping_id = t.camping_id and lower(c.email) = p.address
    where t.camping_id = ${campsiteId} and t.id in ${idList(threadIds)} and p.address <> ${mailbox.address.toLowerCase()}
    on conflict do nothing`);

  const referenced = await db
    .select({ id: mailboxMessages.id, threadId: mailboxMessages.threadId, subject: mailboxMessages.subject, direction: mailboxMessages.direction, mailTraceId: mailboxMessages.mailTraceId })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.campingId, campsiteId), inArray(mailboxMessages.threadId, threadIds), sql`${mailboxMessages.subject} ~* 'RIF\\.?:'`));
  const withReference = referenced.map((message) => ({ ...message, reference: referenceInSubject(message.subject) })).filter((message) => message.reference);
  const traces = await tracesByReferences(ctx, [...new Set(withReference.map((message) => message.reference!))]);
  const traceOf = new Map(traces.map((trace) => [trace.referenceId!.toUpperCase(), trace]));
  const links: Link[] = withReference.flatMap((message) => {
    const trace = traceOf.get(message.reference!.toUpperCase());
    return trace ? [{ message, trace, sameMail: message.subject.trim() === trace.subject.trim() }] : [];
  });
  links.push(...(await linksByMessageId(ctx, threadIds)));
  for (const { message, trace, sameMail } of links) {
    await db
      .update(mailboxThreads)
      .set({ quoteId: sql`coalesce(${mailboxThreads.quoteId}, ${trace.quoteId})`, traceThreadId: sql`coalesce(${mailboxThreads.traceThreadId}, ${trace.threadId})` })
      .where(and(eq(mailboxThreads.id, message.threadId), eq(mailboxThreads.campingId, campsiteId)));
    if (trace.contactId) {
      await db.insert(mailboxThreadContacts).values({ threadId: message.threadId, contactId: trace.contactId, campingId: campsiteId }).onConflictDoNothing();
    }
    if (message.direction === 'out' && trace.direction === 'out' && !message.mailTraceId && sameMail) {
      await db
        .update(mailboxMessages)
        .set({ mailTraceId: trace.id })
        .where(and(eq(mailboxMessages.id, message.id), isNull(mailboxMessages.mailTraceId)));
    }
  }
}

type Trace = Awaited<ReturnType<typeof tracesByReferences>>[number];
type Link = {
  message: { id: string; threadId: string; direction: 'in' | 'out'; mailTraceId: string | null };
  trace: Trace;
  /** The message is the trace's own mail (its sent copy), not a reply to it. */
  sameMail: boolean;
};

/**
 * A reply names the mail it answers in In-Reply-To/References whatever its subject became (a
 * guest's mail program may drop the RIF): when that is one of our traces' Message-IDs, the
 * conversation is that trace's. A copy carrying the trace's own Message-ID is the trace's mail.
 */
async function linksByMessageId(ctx: CampsiteCtx, threadIds: string[]): Promise<Link[]> {
  const messages = await ctx.db
    .select({
      id: mailboxMessages.id,
      threadId: mailboxMessages.threadId,
      direction: mailboxMessages.direction,
      mailTraceId: mailboxMessages.mailTraceId,
      rfcMessageId: mailboxMessages.rfcMessageId,
      inReplyTo: mailboxMessages.inReplyTo,
      references: mailboxMessages.references,
    })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.campingId, ctx.campsiteId), inArray(mailboxMessages.threadId, threadIds)));
  const named = (message: (typeof messages)[number]) => [message.rfcMessageId, message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
  const ids = [...new Set(messages.flatMap(named))];
  if (ids.length === 0) return [];
  // The Message-IDs the messages name, looked up on the campsite's index: one query, however many traces the campsite has.
  const traces = await ctx.db
    .select({ ...traceColumns, rfcMessageId: mailTraces.rfcMessageId })
    .from(mailTraces)
    .where(and(eq(mailTraces.campingId, ctx.campsiteId), inArray(mailTraces.rfcMessageId, ids)));
  const traceOf = new Map(traces.map(({ rfcMessageId, ...trace }) => [rfcMessageId!, trace]));
  return messages.flatMap((row) => {
    const { rfcMessageId, inReplyTo: _inReplyTo, references: _references, ...message } = row;
    return [...new Set(named(row))].flatMap((id) => {
      const trace = traceOf.get(id);
      return trace ? [{ message, trace, sameMail: id === rfcMessageId }] : [];
    });
  });
}

/** Our trace with this reference (as typed, or as we write them: upper case). */
export async function tracesByReferences(ctx: CampsiteCtx, references: string[]) {
  if (references.length === 0) return [];
  const variants = [...new Set(references.flatMap((reference) => [reference, reference.toUpperCase()]))];
  return ctx.db
    .select(traceColumns)
    .from(mailTraces)
    .where(and(eq(mailTraces.campingId, ctx.campsiteId), inArray(mailTraces.referenceId, variants)));
}
