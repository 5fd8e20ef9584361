import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailboxes, mailboxMessages, mailboxThreadContacts, mailboxThreads, mailTraces, notifications, type ImapSettings } from '@/db/schema';
import { sendStaffMail } from '@/lib/mail/staff-mail';
import { watchMailboxes, type IdleWatcher } from '@/lib/mailbox/idle';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { syncMailbox } from '@/lib/mailbox/sync';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { deliver, imapSession } from '../helpers/dovecot-mail';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput, unique } from '../helpers/quotes';
import { useMailServers } from '../helpers/mail-servers';

const USER = 'ufficio@camping-risposte.test';
const PASSWORD = 'Segreta-di-prova-2';

let db: Database;
const servers = useMailServers({ [USER]: PASSWORD });

beforeAll(async () => {
  db = await useTestDatabase();
});

const settings = (): ImapSettings => servers.settings(USER);

function rfc822(values: { from: string; subject: string; messageId: string; inReplyTo?: string; references?: string[] }): string {
  return [
    `From: ${values.from}`,
    `To: ${USER}`,
    `Subject: ${values.subject}`,
    `Message-ID: ${values.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    ...(values.inReplyTo ? [`In-Reply-To: ${values.inReplyTo}`] : []),
    ...(values.references ? [`References: ${values.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Va bene, confermiamo.',
    '',
  ].join('\r\n');
}

/** What another mail program does at the server: deletes the message, or moves it to a folder the CRM does not read. */
async function atServer(messageId: string, action: 'delete' | 'move') {
  await imapSession(servers.dovecot, USER, PASSWORD, async (client) => {
    if (action === 'move') await client.mailboxCreate('Archivio').catch(() => undefined);
    const lock = await client.getMailboxLock('INBOX');
    try {
      const uids = (await client.search({ header: { 'message-id': messageId } }, { uid: true })) || [];
      expect(uids).toHaveLength(1);
      if (action === 'delete') await client.messageDelete(uids.join(','), { uid: true });
      else await client.messageMove(uids.join(','), 'Archivio', { uid: true });
    } finally {
      lock.release();
    }
  });
}

const messageByRfc = async (campsiteId: string, messageId: string) =>
  (await db.select().from(mailboxMessages).where(and(eq(mailboxMessages.campingId, campsiteId), eq(mailboxMessages.rfcMessageId, messageId.slice(1, -1)))))[0];

describe('replies and deletions of an IMAP mailbox against a real Dovecot', () => {
  let account: Awaited<ReturnType<typeof makeQuotesAccount>>;
  let guest: Awaited<ReturnType<typeof makeGuest>>;
  let quoteId: string;
  const guestAddress = `ospite-${unique()}@example.de`;
  const ourMail = `<preventivo-${unique()}@camping-risposte.test>`;
  const reply = `<antwort-${unique()}@example.de>`;

  beforeAll(async () => {
    account = await makeQuotesAccount(db);
    guest = await makeGuest(db, account.tenant, { email: guestAddress });
    quoteId = (await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Ferragosto', saveAs: 'nuovo', cards: [PITCH_CARD] }), account.platform)).id;
    await sendStaffMail(ctxFor(db, { campsiteId: account.campsite.id }), 'staff', { to: [guestAddress], subject: 'Il vostro preventivo', html: '<p>Ecco</p>', contactId: guest.id, quoteId });
    // The Message-ID our mail left with (filled at enqueue by the sending side).
    await db.update(mailTraces).set({ rfcMessageId: ourMail.slice(1, -1) }).where(and(eq(mailTraces.campingId, account.campsite.id), eq(mailTraces.quoteId, quoteId)));
    await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { address: USER, settings: settings(), password: PASSWORD });
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'full' });
  });

  it('a reply naming our mail only in In-Reply-To (the subject lost the RIF) lands on the quote and its guest and rings «Risposta del cliente»', async () => {
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: `Anna Weber <${guestAddress}>`, subject: 'AW: Angebot', messageId: reply, inReplyTo: ourMail }));
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'partial', added: 1 });
    const message = (await messageByRfc(account.campsite.id, reply))!;
    const [thread] = await db.select().from(mailboxThreads).where(eq(mailboxThreads.id, message.threadId));
    const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.quoteId, quoteId));
    expect(thread).toMatchObject({ quoteId, traceThreadId: trace!.threadId });
    const linked = await db.select().from(mailboxThreadContacts).where(eq(mailboxThreadContacts.threadId, message.threadId));
    expect(linked.map((link) => link.contactId)).toEqual([guest.id]);
    const bell = await db.select().from(notifications).where(and(eq(notifications.campingId, account.campsite.id), eq(notifications.quoteId, quoteId), eq(notifications.title, 'Risposta del cliente')));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ group: 'risposta', contactId: guest.id });
  });

  it('a message deleted at the server, and one moved to a folder the CRM does not read, leave the conversation; a conversation left empty goes', async () => {
    const root = `<domanda-${unique()}@example.de>`;
    const followUp = `<ancora-${unique()}@example.de>`;
    const alone = `<sola-${unique()}@example.de>`;
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: guestAddress, subject: 'Cani ammessi?', messageId: root }));
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: guestAddress, subject: 'Re: Cani ammessi?', messageId: followUp, inReplyTo: root, references: [root] }));
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: guestAddress, subject: 'Parcheggio', messageId: alone }));
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', added: 3 });
    const kept = (await messageByRfc(account.campsite.id, root))!;
    const lone = (await messageByRfc(account.campsite.id, alone))!;

    await atServer(followUp, 'delete');
    await atServer(alone, 'move');
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });

    expect(await messageByRfc(account.campsite.id, followUp)).toBeUndefined();
    expect(await messageByRfc(account.campsite.id, alone)).toBeUndefined();
    expect(await messageByRfc(account.campsite.id, root)).toBeDefined();
    const [thread] = await db.select().from(mailboxThreads).where(eq(mailboxThreads.id, kept.threadId));
    expect(thread).toMatchObject({ messageCount: 1 });
    expect(await db.select().from(mailboxThreads).where(eq(mailboxThreads.id, lone.threadId))).toHaveLength(0);
    // What the server still holds stays: the reply on the quote is untouched.
    expect(await messageByRfc(account.campsite.id, reply)).toBeDefined();
  });
});

describe('IMAP IDLE: new mail syncs within seconds, one connection per mailbox across instances', () => {
  const user = `idle-${unique()}@camping-risposte.test`;
  let account: Awaited<ReturnType<typeof makeQuotesAccount>>;
  let mailboxId: string;
  const watchers: IdleWatcher[] = [];

  beforeAll(async () => {
    await servers.dovecot.setPassword(user, PASSWORD);
    servers.smtp.setPassword(user, PASSWORD);
    // Dovecot's auth process looks at its users file at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    account = await makeQuotesAccount(db);
    await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { address: user, settings: { ...settings(), username: user }, password: PASSWORD });
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'full' });
    mailboxId = (await db.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.campingId, account.campsite.id)))[0]!.id;
  });

  afterAll(async () => {
    await Promise.all(watchers.map((watcher) => watcher.stop()));
  });

  const until = async (what: () => boolean | Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  };
  const holders = () => watchers.filter((watcher) => watcher.held().includes(mailboxId));

  it('two instances never both hold the mailbox; a delivered reply appears without a sync call within 5 s; when the holder stops the other takes over', async () => {
    const synced: string[] = [];
    const options = { scanSeconds: 0.5, leaseSeconds: 3, onSync: (campsiteId: string) => synced.push(campsiteId) };
    watchers.push(watchMailboxes(db, options), watchMailboxes(db, options));
    expect(await until(() => holders().length === 1, 5_000)).toBe(true);
    // Several scans of both: the lease stays with one.
    for (let scan = 0; scan < 6; scan++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(holders()).toHaveLength(1);
    }
    // The connection's first sync (what came while nobody watched) is done; IDLE waits.
    expect(await until(() => synced.includes(account.campsite.id), 5_000)).toBe(true);

    const latency = async () => {
      const messageId = `<idle-${unique()}@example.de>`;
      const sentAt = Date.now();
      await deliver(servers.dovecot, user, PASSWORD, rfc822({ from: `ospite-${unique()}@example.de`, subject: 'Arriviamo alle 18', messageId }));
      const arrived = await until(async () => Boolean(await messageByRfc(account.campsite.id, messageId)), 5_000);
      expect(arrived).toBe(true);
      return Date.now() - sentAt;
    };
    const first = await latency();

    const [holder] = holders();
    await holder!.stop();
    const other = watchers.find((watcher) => watcher !== holder)!;
    expect(await until(() => other.held().includes(mailboxId), 5_000)).toBe(true);
    expect(holder!.held()).toHaveLength(0);
    const afterTakeover = await until(() => synced.filter((id) => id === account.campsite.id).length >= 3, 5_000);
    expect(afterTakeover).toBe(true);
    const second = await latency();
    console.log(`IDLE: reply in the CRM ${first} ms after delivery; after the takeover ${second} ms`);
  });
});
