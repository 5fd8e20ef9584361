import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Transaction } from '@/db/client';
import { mailboxMessages, mailboxThreads } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { idList } from '@/lib/sql-list';
import { linkThreads } from './linking';
import { noticeGuestReplies } from './reply-notices';
import { parseMessage, type ParsedMessage } from './parse';
import type { MailboxFolder, MailboxRef, SyncBatch } from '@/lib/vocabulary/mailbox-types';


/** Which of these provider ids the mailbox already holds. */
export async function knownProviderIds(ctx: CampsiteCtx, mailbox: MailboxRef, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: mailboxMessages.providerMessageId })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.mailboxId, mailbox.id), eq(mailboxMessages.campingId, ctx.campsiteId), inArray(mailboxMessages.providerMessageId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** The provider ids the mailbox holds under this prefix ('path:uidvalidity:' for one IMAP folder). */
export async function heldProviderIds(ctx: CampsiteCtx, mailbox: MailboxRef, prefix: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: mailboxMessages.providerMessageId })
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.mailboxId, mailbox.id), eq(mailboxMessages.campingId, ctx.campsiteId), sql`starts_with(${mailboxMessages.providerMessageId}, ${prefix})`));
  return rows.map((row) => row.id);
}

const union = (a: MailboxFolder[], b: MailboxFolder[]) => [...new Set([...a, ...b])];

type Held = { id: string; threadId: string; providerMessageId: string; rfcMessageId: string | null; folders: MailboxFolder[] };

/** The messages of the page the mailbox already holds, by provider id or by Message-ID: one query for the page. */
async function heldMessages(tx: Transaction, mailbox: MailboxRef, messages: ParsedMessage[]): Promise<Held[]> {
  const providerIds = messages.map((message) => message.providerMessageId);
  const rfcIds = messages.map((message) => message.rfcMessageId).filter((id): id is string => Boolean(id));
  if (providerIds.length === 0) return [];
  return tx
    .select({ id: mailboxMessages.id, threadId: mailboxMessages.threadId, providerMessageId: mailboxMessages.providerMessageId, rfcMessageId: mailboxMessages.rfcMessageId, folders: mailboxMessages.folders })
    .from(mailboxMessages)
    .where(
      and(
        eq(mailboxMessages.mailboxId, mailbox.id),
        rfcIds.length > 0 ? or(inArray(mailboxMessages.providerMessageId, providerIds), inArray(mailboxMessages.rfcMessageId, rfcIds)) : inArray(mailboxMessages.providerMessageId, providerIds),
      ),
    );
}

/**
 * Whether the held copy takes the provider's id of the same message: a mail sent from the CRM is
 * stored before the provider names it ('local:'), and an IMAP folder given a new UIDVALIDITY
 * ('path:uidvalidity:uid') numbers its messages anew, so the old id names nothing any more.
 */
function takesNewId(held: string, incoming: string): boolean {
  if (held.startsWith('local:')) return true;
  // Two copies in one folder under the same UIDVALIDITY are both real: the first keeps its id.
  const [, heldPath, heldValidity] = /^(.+):(\d+):\d+$/.exec(held) ?? [];
  const [, path, validity] = /^(.+):(\d+):\d+$/.exec(incoming) ?? [];
  return heldPath !== undefined && heldPath === path && heldValidity !== validity;
}

/** A message already held (same provider id, or the same Message-ID under another id): its flags are refreshed, nothing is added. */
async function mergeHeld(tx: Transaction, held: Held, message: ParsedMessage): Promise<void> {
  const sameId = held.providerMessageId === message.providerMessageId;
  await tx
    .update(mailboxMessages)
    .set({
      folders: sameId ? message.folders : union(held.folders, message.folders),
      unread: message.unread,
      ...(takesNewId(held.providerMessageId, message.providerMessageId) ? { providerMessageId: message.providerMessageId } : {}),
    })
    .where(eq(mailboxMessages.id, held.id));
}

/**
 * The conversation of each new message: Gmail names it; otherwise the conversation of the first
 * mail it answers (held already, or earlier in this page), else the root of its chain, so that a
 * reply synced before its parent still meets it. Thread rows are upserted in one statement.
 */
async function threadsFor(ctx: CampsiteCtx, mailbox: MailboxRef, messages: ParsedMessage[]): Promise<string[]> {
  const answeredIds = [...new Set(messages.flatMap((message) => (message.providerThreadId ? [] : [message.inReplyTo, ...message.references])).filter((id): id is string => Boolean(id)))];
  const heldParents = answeredIds.length
    ? await ctx.db
        .select({ rfcMessageId: mailboxMessages.rfcMessageId, threadKey: mailboxThreads.threadKey })
        .from(mailboxMessages)
        .innerJoin(mailboxThreads, eq(mailboxThreads.id, mailboxMessages.threadId))
        .where(and(eq(mailboxMessages.mailboxId, mailbox.id), inArray(mailboxMessages.rfcMessageId, answeredIds)))
    : [];
  const keyOfMessage = new Map(heldParents.map((parent) => [parent.rfcMessageId!, parent.threadKey]));
  const keys = messages.map((message) => {
    let key = message.providerThreadId;
    if (!key) {
      const answered = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
      key = answered.map((id) => keyOfMessage.get(id)).find(Boolean) ?? message.references[0] ?? message.inReplyTo ?? message.rfcMessageId ?? message.providerMessageId;
    }
    if (message.rfcMessageId) keyOfMessage.set(message.rfcMessageId, key);
    return key;
  });
  const firstOfKey = new Map<string, ParsedMessage>();
  keys.forEach((key, index) => firstOfKey.has(key) || firstOfKey.set(key, messages[index]!));
  const rows = await ctx.db
    .insert(mailboxThreads)
    .values([...firstOfKey].map(([threadKey, message]) => ({ campingId: ctx.campsiteId, mailboxId: mailbox.id, threadKey, subject: message.subject, lastMessageAt: message.sentAt })))
    .onConflictDoUpdate({ target: [mailboxThreads.mailboxId, mailboxThreads.threadKey], set: { threadKey: sql`excluded.thread_key` } })
    .returning({ id: mailboxThreads.id, threadKey: mailboxThreads.threadKey });
  const idOfKey = new Map(rows.map((row) => [row.threadKey, row.id]));
  return keys.map((key) => idOfKey.get(key)!);
}

/**
 * Saves one page of sync work in one transaction: nothing is half-saved, and no message is stored
 * twice. `notify`: a guest's new mail about a quote rings the bell (not during a first sync).
 */
export async function saveSyncBatch(ctx: CampsiteCtx, mailbox: MailboxRef, batch: SyncBatch, options: { notify?: boolean } = {}): Promise<{ added: number }> {
  const parsed = await Promise.all(batch.messages.map(parseMessage));
  const campsiteId = ctx.campsiteId;
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const touched = new Set<string>();
    const scope = and(eq(mailboxMessages.mailboxId, mailbox.id), eq(mailboxMessages.campingId, campsiteId));
    for (const flag of batch.flags) {
      const rows = await tx
        .update(mailboxMessages)
        .set({ ...(flag.unread === undefined ? {} : { unread: flag.unread }), ...(flag.folders ? { folders: flag.folders } : {}) })
        .where(and(scope, eq(mailboxMessages.providerMessageId, flag.providerMessageId)))
        .returning({ threadId: mailboxMessages.threadId });
      for (const row of rows) touched.add(row.threadId);
    }
    if (batch.deletedProviderMessageIds.length > 0) {
      const rows = await tx
        .delete(mailboxMessages)
        .where(and(scope, inArray(mailboxMessages.providerMessageId, batch.deletedProviderMessageIds)))
        .returning({ threadId: mailboxMessages.threadId });
      for (const row of rows) touched.add(row.threadId);
    }
    const held = await heldMessages(tx, mailbox, parsed);
    const byProvider = new Map(held.map((row) => [row.providerMessageId, row]));
    const byRfc = new Map(held.filter((row) => row.rfcMessageId).map((row) => [row.rfcMessageId!, row]));
    const fresh: ParsedMessage[] = [];
    const seen = new Set<string>();
    for (const message of parsed) {
      const known = byProvider.get(message.providerMessageId) ?? (message.rfcMessageId ? byRfc.get(message.rfcMessageId) : undefined);
      if (known) {
        await mergeHeld(tx, known, message);
        touched.add(known.threadId);
        continue;
      }
      // The same mail twice in one page (Inbox and Sent of a mail to oneself): the first stands.
      const identity = message.rfcMessageId ?? message.providerMessageId;
      if (seen.has(identity)) continue;
      seen.add(identity);
      fresh.push(message);
    }
    let inserted: { id: string }[] = [];
    if (fresh.length > 0) {
      const threadIds = await threadsFor(inTx, mailbox, fresh);
      const own = mailbox.address.toLowerCase();
      inserted = await tx.insert(mailboxMessages).values(
        fresh.map(({ providerThreadId: _thread, ...message }, index) => ({
          ...message,
          campingId: campsiteId,
          mailboxId: mailbox.id,
          threadId: threadIds[index]!,
          direction: message.fromAddress === own || (message.folders.includes('SENT') && !message.folders.includes('INBOX')) ? ('out' as const) : ('in' as const),
        })),
      ).returning({ id: mailboxMessages.id });
      for (const threadId of threadIds) touched.add(threadId);
    }
    await refreshThreads(inTx, [...touched]);
    await linkThreads(inTx, mailbox, [...touched]);
    if (options.notify) await noticeGuestReplies(inTx, inserted.map((row) => row.id));
    return { added: fresh.length };
  });
}

/** A thread's summary (counts, folders, last date, participants, search text) recomputed from its messages. */
export async function refreshThreads(ctx: CampsiteCtx, threadIds: string[]): Promise<void> {
  if (threadIds.length === 0) return;
  await ctx.db.execute(sql`
    update ${mailboxThreads} t set
      message_count = s.message_count, unread_count = s.unread_count, in_inbox = s.in_inbox, in_sent = s.in_sent,
      last_message_at = s.last_message_at, subject = s.subject, snippet = s.snippet, participants = s.participants,
      search_text = crm_search_text(s.subject || ' ' || s.names || ' ' || (s.participants)::text)
    from (
      select m.thread_id,
        count(*)::int as message_count,
        (count(*) filter (where m.unread and m.folders @> '["INBOX"]'::jsonb))::int as unread_count,
        bool_or(m.folders @> '["INBOX"]'::jsonb) as in_inbox,
        bool_or(m.folders @> '["SENT"]'::jsonb) as in_sent,
        max(m.sent_at) as last_message_at,
        (array_agg(m.subject order by m.sent_at asc))[1] as subject,
        (array_agg(m.snippet order by m.sent_at desc))[1] as snippet,
        string_agg(distinct m.from_name, ' ') as names,
        (select coalesce(jsonb_agg(distinct a.address), '[]'::jsonb)
           from ${mailboxMessages} m2,
           jsonb_array_elements_text(m2.to_addresses || m2.cc_addresses || jsonb_build_array(m2.from_address)) as a(address)
           where m2.thread_id = m.thread_id and a.address <> '') as participants
      from ${mailboxMessages} m
      where m.thread_id in ${idList(threadIds)}
      group by m.thread_id
    ) s
    where t.id = s.thread_id and t.camping_id = ${ctx.campsiteId}`);
  // A thread whose every message is gone (deleted at the provider) goes too.
  await ctx.db.execute(sql`
    delete from ${mailboxThreads} t
    where t.camping_id = ${ctx.campsiteId} and t.id in ${idList(threadIds)}
      and not exists (select 1 from ${mailboxMessages} m where m.thread_id = t.id)`);
}
