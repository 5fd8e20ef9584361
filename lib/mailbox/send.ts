import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { mailAttachments, mailboxMessages, mailboxThreadContacts, mailboxThreads } from '@/db/schema';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { sanitizeHtml } from '@/lib/html/sanitize';
import { htmlToText } from '@/lib/html/text';
import { campsiteSenderName } from '@/lib/mail/campsite-sender';
import { messageIdHeader, newMessageId } from '@/lib/mail/message-id';
import { newReferenceId } from '@/lib/mail/outbox';
import { subjectWithReference } from '@/lib/mail/subject';
import { addTrace, assertContact, assertQuote, referenceInSubject } from '@/lib/mail/traces';
import { openMailboxClient } from './clients';
import { findMailboxRow, markReconnect, type MailboxRow } from './mailbox-row';
import { saveSyncBatch } from './store';
import { MailboxAuthError, MailboxUnreachableError, type MailboxClient, type OutgoingMail } from '@/lib/vocabulary/mailbox-types';
import { logger } from '@/lib/ops/logger.mjs';

/** What the staff member of the unit of work writes (recorded as the trace's operator). */
export type MailboxSendInput = {
  /** A conversation of the mailbox to answer; without it, a new mail. */
  threadId?: string | null;
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  attachmentIds?: string[];
  contactId?: string | null;
  quoteId?: string | null;
};

export type MailboxSent = { messageId: string; threadId: string; traceId: string; subject: string };

/** The bound mailbox, ready to send, or a clear refusal. */
export async function usableMailbox(ctx: CampsiteCtx): Promise<MailboxRow> {
  const row = await findMailboxRow(ctx);
  if (!row) throw new AppError('conflict', 'Nessuna casella collegata: collegala da Impostazioni › Casella di posta.');
  if (row.status === 'reconnect') throw new AppError('conflict', 'La casella va ricollegata prima di inviare: apri Impostazioni › Casella di posta e premi «Riconnetti».');
  return row;
}

async function replyContext(ctx: CampsiteCtx, row: MailboxRow, threadId: string) {
  const [thread] = await ctx.db
    .select()
    .from(mailboxThreads)
    .where(and(eq(mailboxThreads.id, threadId), eq(mailboxThreads.campingId, ctx.campsiteId), eq(mailboxThreads.mailboxId, row.id)));
  if (!thread) throw new AppError('not_found', 'Conversazione non trovata.');
  const messages = await ctx.db
    .select({ rfcMessageId: mailboxMessages.rfcMessageId, references: mailboxMessages.references })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.threadId, thread.id), eq(mailboxMessages.campingId, ctx.campsiteId)))
    .orderBy(asc(mailboxMessages.sentAt));
  const last = messages.at(-1);
  const [contact] = await ctx.db
    .select({ contactId: mailboxThreadContacts.contactId })
    .from(mailboxThreadContacts)
    .where(and(eq(mailboxThreadContacts.threadId, thread.id), eq(mailboxThreadContacts.campingId, ctx.campsiteId)))
    .limit(1);
  return {
    thread,
    inReplyTo: last?.rfcMessageId ?? null,
    references: [...(last?.references ?? []), ...(last?.rfcMessageId ? [last.rfcMessageId] : [])].slice(-30),
    contactId: contact?.contactId ?? null,
  };
}

async function attachments(ctx: CampsiteCtx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ fileName: mailAttachments.fileName, mimeType: mailAttachments.mimeType, content: mailAttachments.data })
    .from(mailAttachments)
    .where(and(eq(mailAttachments.campingId, ctx.campsiteId), inArray(mailAttachments.id, ids)));
  if (rows.length !== new Set(ids).size) throw new AppError('not_found', 'Allegato non trovato.');
  return rows;
}

/**
 * Sends through the campsite's own mailbox, as the staff would from Gmail or their mail program:
 * a reply carries In-Reply-To and References (and Gmail's thread id), so the guest's program
 * files it in the same conversation. The sent copy is stored at once under our own Message-ID,
 * which is how the next sync recognises it; a trace records it on the guest and the quote.
 */
export async function sendFromMailbox(ctx: StaffCtx, input: MailboxSendInput, options: { client?: MailboxClient } = {}): Promise<MailboxSent> {
  const row = await usableMailbox(ctx);
  if (input.contactId) await assertContact(ctx, input.contactId);
  if (input.quoteId) await assertQuote(ctx, input.quoteId);
  const reply = input.threadId ? await replyContext(ctx, row, input.threadId) : null;
  const referenceId = referenceInSubject(input.subject) ? null : newReferenceId();
  const subject = referenceId ? subjectWithReference(input.subject, referenceId) : input.subject;
  const html = sanitizeHtml(input.html);
  const rfcId = newMessageId(row.address);
  const fromName = await campsiteSenderName(ctx);
  const outgoing: OutgoingMail = {
    from: row.address,
    fromName: fromName || undefined,
    to: input.to,
    cc: input.cc ?? [],
    subject,
    html,
    text: htmlToText(html),
    messageId: messageIdHeader(rfcId),
    inReplyTo: reply?.inReplyTo ? `<${reply.inReplyTo}>` : null,
    references: reply?.references.map((id) => `<${id}>`) ?? [],
    providerThreadId: row.provider === 'gmail' ? (reply?.thread.threadKey ?? null) : null,
    attachments: await attachments(ctx, input.attachmentIds ?? []),
  };
  let client = options.client;
  let sent;
  try {
    client ??= await openMailboxClient(ctx, row);
    sent = await client.send(outgoing);
  } catch (error) {
    if (error instanceof MailboxAuthError) {
      await markReconnect(ctx, row, error.message);
      throw new AppError('conflict', error.message);
    }
    // A server out of reach already says what to check; any other refusal's words go to the log.
    if (error instanceof MailboxUnreachableError) throw new AppError('unavailable', `La casella non ha accettato l’e-mail. ${error.message}`);
    logger.error({ err: error }, 'Casella: invio non riuscito');
    throw new AppError('unavailable', 'La casella non ha accettato l’e-mail: riprova tra poco.');
  } finally {
    if (client && !options.client) await client.close().catch(() => undefined);
  }
  const ref = { id: row.id, address: row.address };
  await saveSyncBatch(ctx, ref, {
    messages: [{ providerMessageId: sent.providerMessageId ?? `local:${rfcId}`, providerThreadId: sent.providerThreadId ?? outgoing.providerThreadId ?? null, raw: sent.raw, folders: ['SENT'], unread: false, receivedAt: new Date() }],
    flags: [],
    deletedProviderMessageIds: [],
  });
  return ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: mailboxMessages.id, threadId: mailboxMessages.threadId })
      .from(mailboxMessages)
      .where(and(eq(mailboxMessages.mailboxId, row.id), eq(mailboxMessages.rfcMessageId, rfcId)));
    const [thread] = await tx.select().from(mailboxThreads).where(and(eq(mailboxThreads.id, message!.threadId), eq(mailboxThreads.campingId, ctx.campsiteId)));
    const trace = await addTrace({ ...ctx, db: tx }, {
      direction: 'out',
      isSent: true,
      recipients: [...input.to, ...(input.cc ?? [])],
      subject,
      body: html,
      contactId: input.contactId ?? reply?.contactId ?? null,
      quoteId: input.quoteId ?? thread?.quoteId ?? null,
      threadId: thread?.traceThreadId ?? null,
      referenceId,
      providerMessageId: sent.providerMessageId,
      rfcMessageId: rfcId,
      meta: { operatore: ctx.tenant.email, tag: 'casella' },
    });
    await tx.update(mailboxMessages).set({ mailTraceId: trace.id }).where(eq(mailboxMessages.id, message!.id));
    await tx
      .update(mailboxThreads)
      .set({ traceThreadId: sql`coalesce(${mailboxThreads.traceThreadId}, ${trace.threadId})`, quoteId: sql`coalesce(${mailboxThreads.quoteId}, ${trace.quoteId})` })
      .where(and(eq(mailboxThreads.id, message!.threadId), eq(mailboxThreads.campingId, ctx.campsiteId)));
    if (trace.contactId) {
      await tx.insert(mailboxThreadContacts).values({ threadId: message!.threadId, contactId: trace.contactId, campingId: ctx.campsiteId }).onConflictDoNothing();
    }
    return { messageId: message!.id, threadId: message!.threadId, traceId: trace.id, subject };
  });
}
