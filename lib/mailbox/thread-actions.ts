import { and, desc, eq, sql } from 'drizzle-orm';
import { mailboxMessages, mailboxThreadContacts, mailboxThreads } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { assertContact, assertQuote } from '@/lib/mail/traces';
import { openMailboxClient } from './clients';
import { markReconnect } from './mailbox-row';
import { usableMailbox } from './send';
import { refreshThreads } from './store';
import { MailboxAuthError, type MailboxClient } from '@/lib/vocabulary/mailbox-types';

async function threadOf(ctx: CampsiteCtx, threadId: string) {
  const [thread] = await ctx.db
    .select({ id: mailboxThreads.id, mailboxId: mailboxThreads.mailboxId })
    .from(mailboxThreads)
    .where(and(eq(mailboxThreads.id, threadId), eq(mailboxThreads.campingId, ctx.campsiteId)));
  if (!thread) throw new AppError('not_found', 'Conversazione non trovata.');
  return thread;
}

/** The provider first, then our copy: a mark that the mailbox refused is not shown as done. */
async function applyUnread(ctx: CampsiteCtx, messages: { id: string; threadId: string; providerMessageId: string }[], unread: boolean, client?: MailboxClient) {
  if (messages.length === 0) return;
  const row = await usableMailbox(ctx);
  const providerIds = messages.map((message) => message.providerMessageId).filter((id) => !id.startsWith('local:'));
  if (providerIds.length > 0) {
    let opened = client;
    try {
      opened ??= await openMailboxClient(ctx, row);
      await opened.setUnread(providerIds, unread);
    } catch (error) {
      if (error instanceof MailboxAuthError) {
        await markReconnect(ctx, row, error.message);
        throw new AppError('conflict', error.message);
      }
      throw new AppError('unavailable', 'La casella non ha accettato la modifica: riprova tra poco.');
    } finally {
      if (opened && !client) await opened.close().catch(() => undefined);
    }
  }
  await ctx.db.transaction(async (tx) => {
    for (const message of messages) await tx.update(mailboxMessages).set({ unread }).where(and(eq(mailboxMessages.id, message.id), eq(mailboxMessages.campingId, ctx.campsiteId)));
    await refreshThreads({ ...ctx, db: tx }, [...new Set(messages.map((message) => message.threadId))]);
  });
}

const messageColumns = { id: mailboxMessages.id, threadId: mailboxMessages.threadId, providerMessageId: mailboxMessages.providerMessageId };

/** Read: every unread message of the conversation. Unread: its newest message from the guest, as mail programs do. */
export async function setThreadUnread(ctx: CampsiteCtx, input: { threadId: string; unread: boolean }, options: { client?: MailboxClient } = {}): Promise<void> {
  const thread = await threadOf(ctx, input.threadId);
  const inThread = and(eq(mailboxMessages.threadId, thread.id), eq(mailboxMessages.campingId, ctx.campsiteId));
  const messages = input.unread
    ? await ctx.db.select(messageColumns).from(mailboxMessages).where(and(inThread, eq(mailboxMessages.direction, 'in'))).orderBy(desc(mailboxMessages.sentAt)).limit(1)
    : await ctx.db.select(messageColumns).from(mailboxMessages).where(and(inThread, eq(mailboxMessages.unread, true)));
  await applyUnread(ctx, messages, input.unread, options.client);
}

/**
 * After a reply went out: the guest's mail was answered, so it is read, as in a mail program. The
 * reply is sent already, so a mailbox that refuses the mark now leaves the conversation unread
 * (the staff can still mark it) rather than reporting the sent reply as failed.
 */
export async function markAnsweredRead(ctx: CampsiteCtx, threadId: string, options: { client?: MailboxClient } = {}): Promise<void> {
  try {
    await setThreadUnread(ctx, { threadId, unread: false }, options);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/** /gmail/makeReadEmail/{id}: one message, by our id or by the provider's. */
export async function markMessageRead(ctx: CampsiteCtx, input: { messageId: string }, options: { client?: MailboxClient } = {}): Promise<{ threadId: string }> {
  const [message] = await ctx.db
    .select(messageColumns)
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.campingId, ctx.campsiteId), sql`(${mailboxMessages.id} = ${input.messageId} or ${mailboxMessages.providerMessageId} = ${input.messageId})`))
    .limit(1);
  if (!message) throw new AppError('not_found', 'E-mail non trovata.');
  await applyUnread(ctx, [message], false, options.client);
  return { threadId: message.threadId };
}

/** Links a conversation by hand to a guest and/or a quote of the campsite (null unlinks the quote). */
export async function linkThread(ctx: CampsiteCtx, input: { threadId: string; contactId?: string; quoteId?: string | null }): Promise<void> {
  const thread = await threadOf(ctx, input.threadId);
  if (input.contactId) await assertContact(ctx, input.contactId);
  if (input.quoteId) await assertQuote(ctx, input.quoteId);
  await ctx.db.transaction(async (tx) => {
    if (input.contactId) {
      await tx
        .insert(mailboxThreadContacts)
        .values({ threadId: thread.id, contactId: input.contactId, campingId: ctx.campsiteId, manual: true })
        .onConflictDoUpdate({ target: [mailboxThreadContacts.threadId, mailboxThreadContacts.contactId], set: { manual: true } });
    }
    if (input.quoteId !== undefined) {
      await tx.update(mailboxThreads).set({ quoteId: input.quoteId }).where(and(eq(mailboxThreads.id, thread.id), eq(mailboxThreads.campingId, ctx.campsiteId)));
    }
  });
}

/** Removes a guest from a conversation (a wrong automatic or manual link). */
export async function unlinkThreadContact(ctx: CampsiteCtx, input: { threadId: string; contactId: string }): Promise<void> {
  const thread = await threadOf(ctx, input.threadId);
  await ctx.db
    .delete(mailboxThreadContacts)
    .where(and(eq(mailboxThreadContacts.threadId, thread.id), eq(mailboxThreadContacts.contactId, input.contactId), eq(mailboxThreadContacts.campingId, ctx.campsiteId)));
}
