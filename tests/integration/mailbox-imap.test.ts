import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailboxes, mailboxMessages, mailboxThreadContacts, mailboxThreads, type ImapSettings } from '@/db/schema';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { AppError } from '@/lib/errors';
import { sendStaffMail } from '@/lib/mail/staff-mail';
import { openMailboxClient } from '@/lib/mailbox/clients';
import { saveBinding } from '@/lib/mailbox/binding';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { imapBindingSchema } from '@/lib/mailbox/imap/validation';
import { findMailbox, findMailboxRow } from '@/lib/mailbox/mailbox-row';
import { syncMailbox } from '@/lib/mailbox/sync';
import { markAnsweredRead } from '@/lib/mailbox/thread-actions';
import { MailboxAuthError } from '@/lib/vocabulary/mailbox-types';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { deliver, flagsAt, imapSession, markSeen, sourceAt as sourceOf } from '../helpers/dovecot-mail';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput, unique } from '../helpers/quotes';
import { useMailServers } from '../helpers/mail-servers';

const USER = 'reception@camping-imap.test';
const PASSWORD = 'Segreta-di-prova-1';

let db: Database;
const servers = useMailServers({ [USER]: PASSWORD });

beforeAll(async () => {
  db = await useTestDatabase();
});

const settings = (): ImapSettings => servers.settings(USER);

/** An RFC 5322 message as a guest's mail program would write it. */
function rfc822(values: { from: string; to: string; subject: string; messageId: string; inReplyTo?: string; references?: string[]; body?: string }): string {
  const headers = [
    `From: ${values.from}`,
    `To: ${values.to}`,
    `Subject: ${values.subject}`,
    `Message-ID: ${values.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    ...(values.inReplyTo ? [`In-Reply-To: ${values.inReplyTo}`] : []),
    ...(values.references ? [`References: ${values.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${values.body ?? 'Buongiorno, avete posto?'}\r\n`;
}

const sourceAt = (messageId: string, folder: string) => sourceOf(servers.dovecot, USER, PASSWORD, messageId, folder);
const messagesOf = (campsiteId: string) => db.select().from(mailboxMessages).where(eq(mailboxMessages.campingId, campsiteId));
const messageByRfc = async (campsiteId: string, rfcId: string) =>
  (await db.select().from(mailboxMessages).where(and(eq(mailboxMessages.campingId, campsiteId), eq(mailboxMessages.rfcMessageId, rfcId))))[0];
const threadOf = async (campsiteId: string, threadId: string) =>
  (await db.select().from(mailboxThreads).where(and(eq(mailboxThreads.campingId, campsiteId), eq(mailboxThreads.id, threadId))))[0]!;

describe('an IMAP mailbox against a real Dovecot', () => {
  let account: Awaited<ReturnType<typeof makeQuotesAccount>>;
  let guest: Awaited<ReturnType<typeof makeGuest>>;
  let otherGuest: Awaited<ReturnType<typeof makeGuest>>;
  let quoteId: string;
  let traceSubject: string;
  const guestAddress = `ospite-${unique()}@example.it`;
  const first = `<richiesta-${unique()}@guest.example>`;
  const ourReply = `<risposta-${unique()}@camping-imap.test>`;
  const rifMail = `<rif-${unique()}@guest.example>`;

  beforeAll(async () => {
    account = await makeQuotesAccount(db);
    guest = await makeGuest(db, account.tenant, { email: guestAddress });
    const other = await makeQuotesAccount(db);
    otherGuest = await makeGuest(db, other.tenant, { email: guestAddress });
    const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Estate', saveAs: 'nuovo', cards: [PITCH_CARD] }), account.platform);
    quoteId = quote.id;
    const sent = await sendStaffMail(ctxFor(db, { campsiteId: account.campsite.id }), 'staff', { to: [guestAddress], subject: 'Il vostro preventivo', html: '<p>Ecco il preventivo</p>', contactId: guest.id, quoteId });
    traceSubject = sent.subject;
  });

  it('refuses a wrong password with an Italian message and saves nothing', async () => {
    const refused = await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { address: USER, settings: settings(), password: 'sbagliata' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).kind).toBe('bad_request');
    expect((refused as AppError).message).toMatch(/IMAP ha rifiutato utente o password/);
    expect(await findMailbox(ctxFor(db, { campsiteId: account.campsite.id }))).toBeNull();
  });

  it('names the SMTP server when only sending is refused, and says what to check on an unreachable server without host, port or system error', async () => {
    servers.smtp.failAuthFor(USER);
    const smtpRefused = await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { address: USER, settings: settings(), password: PASSWORD }).catch((error: unknown) => error);
    servers.smtp.setPassword(USER, PASSWORD);
    expect((smtpRefused as AppError).message).toMatch(/SMTP ha rifiutato utente o password/);
    const unreachable = await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { address: USER, settings: { ...settings(), imapPort: 1 }, password: PASSWORD }).catch((error: unknown) => error);
    expect((unreachable as AppError).message).toBe('Collegamento non riuscito. Il server della posta in arrivo (IMAP) non accetta collegamenti su questa porta: controlla la porta indicata dal tuo fornitore di posta.');
    expect((unreachable as AppError).message).not.toMatch(/127\.0\.0\.1|:1\b|ECONNREFUSED/);
    expect(await findMailbox(ctxFor(db, { campsiteId: account.campsite.id }))).toBeNull();
  });

  it('binds with the right settings, the password stored encrypted', async () => {
    const form = imapBindingSchema.parse({ address: ` ${USER} `, imapHost: servers.dovecot.host, imapPort: String(servers.dovecot.port), imapSecure: 'false', smtpHost: servers.smtp.host, smtpPort: servers.smtp.port, smtpSecure: false, username: '', password: PASSWORD });
    expect(form.settings).toEqual(settings());
    const view = await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { ...form });
    expect(view).toMatchObject({ provider: 'imap', address: USER, status: 'active', imap: settings() });
    const row = (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!;
    expect(row.encryptedSecret).not.toContain(PASSWORD);
    expect(decryptSecret(row.encryptedSecret)).toBe(PASSWORD);
  });

  it('full sync: INBOX and Sent threaded by References, linked to this campsite’s guest and to the quote by RIF', async () => {
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: `Ospite <${guestAddress}>`, to: USER, subject: 'Disponibilità agosto', messageId: first }));
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: USER, to: guestAddress, subject: 'Re: Disponibilità agosto', messageId: ourReply, inReplyTo: first, references: [first], body: 'Sì, abbiamo posto.' }), { folder: 'Sent', flags: ['\\Seen'] });
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: guestAddress, to: USER, subject: `Re: ${traceSubject}`, messageId: rifMail, body: 'Grazie, ci penso.' }));

    const report = await syncMailbox(jobCtxFor(db, account.campsite.id));
    expect(report).toMatchObject({ state: 'synced', mode: 'full', added: 3 });

    const question = (await messageByRfc(account.campsite.id, first.slice(1, -1)))!;
    const answer = (await messageByRfc(account.campsite.id, ourReply.slice(1, -1)))!;
    expect(question).toMatchObject({ direction: 'in', unread: true, folders: ['INBOX'] });
    expect(answer).toMatchObject({ direction: 'out', unread: false, folders: ['SENT'], threadId: question.threadId });
    expect(question.providerMessageId).toMatch(/^INBOX:\d+:\d+$/);
    expect(answer.providerMessageId).toMatch(/^Sent:\d+:\d+$/);
    expect(await threadOf(account.campsite.id, question.threadId)).toMatchObject({ messageCount: 2, unreadCount: 1, inInbox: true, inSent: true });

    const linked = await db.select().from(mailboxThreadContacts).where(eq(mailboxThreadContacts.threadId, question.threadId));
    expect(linked.map((link) => link.contactId)).toEqual([guest.id]);
    expect(linked.map((link) => link.contactId)).not.toContain(otherGuest.id);

    const rif = (await messageByRfc(account.campsite.id, rifMail.slice(1, -1)))!;
    expect((await threadOf(account.campsite.id, rif.threadId)).quoteId).toBe(quoteId);
  });

  it('partial sync brings a new guest reply into the quote’s thread', async () => {
    const reply = `<nuova-${unique()}@guest.example>`;
    await deliver(servers.dovecot, USER, PASSWORD, rfc822({ from: guestAddress, to: USER, subject: `Re: Re: ${traceSubject}`, messageId: reply, inReplyTo: rifMail, references: [rifMail] }));
    const report = await syncMailbox(jobCtxFor(db, account.campsite.id));
    expect(report).toMatchObject({ state: 'synced', mode: 'partial', added: 1 });
    const message = (await messageByRfc(account.campsite.id, reply.slice(1, -1)))!;
    const thread = await threadOf(account.campsite.id, message.threadId);
    expect(thread).toMatchObject({ quoteId, messageCount: 2 });
  });

  it('sends a reply by SMTP with the threading headers, files the same bytes in Sent and does not duplicate it at the next sync', async () => {
    const row = (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!;
    const client = await openMailboxClient(jobCtxFor(db, row.campingId), row);
    const messageId = `<crm-${unique()}@camping-imap.test>`;
    try {
      const before = servers.smtp.received.length;
      const sent = await client.send({
        from: USER,
        fromName: 'Camping Lago',
        to: [guestAddress],
        subject: 'Re: Disponibilità agosto',
        html: '<p>Vi aspettiamo!</p>',
        text: 'Vi aspettiamo!',
        messageId,
        inReplyTo: first,
        references: [first],
        attachments: [{ fileName: 'mappa.txt', mimeType: 'text/plain', content: Buffer.from('piazzola 12') }],
      });
      expect(servers.smtp.received).toHaveLength(before + 1);
      const captured = servers.smtp.received.at(-1)!;
      expect(captured.envelope).toEqual({ from: USER, to: [guestAddress] });
      const head = captured.raw.toString('utf8');
      expect(head).toContain(`In-Reply-To: ${first}`);
      expect(head).toContain(`References: ${first}`);
      expect(head).toContain(`Message-ID: ${messageId}`);
      expect(head).toContain('From: Camping Lago <reception@camping-imap.test>');
      expect(captured.raw.equals(sent.raw)).toBe(true);
      expect((await sourceAt(messageId, 'Sent')).equals(sent.raw)).toBe(true);
      expect(sent.providerMessageId).toMatch(/^Sent:\d+:\d+$/);
      expect(sent.providerThreadId).toBeNull();
      expect(await flagsAt(servers.dovecot, USER, PASSWORD, messageId, 'Sent')).toContain('\\Seen');
    } finally {
      await client.close();
    }
    const report = await syncMailbox(jobCtxFor(db, account.campsite.id));
    expect(report).toMatchObject({ state: 'synced', mode: 'partial', added: 1 });
    const copies = (await messagesOf(account.campsite.id)).filter((message) => message.rfcMessageId === messageId.slice(1, -1));
    expect(copies).toHaveLength(1);
    const question = (await messageByRfc(account.campsite.id, first.slice(1, -1)))!;
    expect(copies[0]).toMatchObject({ direction: 'out', threadId: question.threadId });
    expect((await threadOf(account.campsite.id, question.threadId)).messageCount).toBe(3);
  });

  it('read and unread go both ways: setUnread at the server, another client’s change by partial sync', async () => {
    const row = (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!;
    const question = (await messageByRfc(account.campsite.id, first.slice(1, -1)))!;
    const client = await openMailboxClient(jobCtxFor(db, row.campingId), row);
    try {
      await client.setUnread([question.providerMessageId], false);
      expect(await flagsAt(servers.dovecot, USER, PASSWORD, first)).toContain('\\Seen');
      await client.setUnread([question.providerMessageId], true);
      expect(await flagsAt(servers.dovecot, USER, PASSWORD, first)).not.toContain('\\Seen');
    } finally {
      await client.close();
    }
    await markSeen(servers.dovecot, USER, PASSWORD, first, true);
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
    expect((await messageByRfc(account.campsite.id, first.slice(1, -1)))!.unread).toBe(false);
    expect((await threadOf(account.campsite.id, question.threadId)).unreadCount).toBe(0);
    await markSeen(servers.dovecot, USER, PASSWORD, first, false);
    await syncMailbox(jobCtxFor(db, account.campsite.id));
    expect((await messageByRfc(account.campsite.id, first.slice(1, -1)))!.unread).toBe(true);
    // Answering the guest reads the conversation, here and at the server.
    await markAnsweredRead(ctxFor(db, { campsiteId: account.campsite.id }), question.threadId);
    expect(await flagsAt(servers.dovecot, USER, PASSWORD, first)).toContain('\\Seen');
    expect((await messageByRfc(account.campsite.id, first.slice(1, -1)))!.unread).toBe(false);
    expect((await threadOf(account.campsite.id, question.threadId)).unreadCount).toBe(0);
  });

  it('ten syncs in a row add nothing', async () => {
    const count = (await messagesOf(account.campsite.id)).length;
    for (let i = 0; i < 10; i++) expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
    expect(await messagesOf(account.campsite.id)).toHaveLength(count);
  });

  it('a new UIDVALIDITY (the Sent folder recreated) leads to a full sync without duplicates', async () => {
    const count = (await messagesOf(account.campsite.id)).length;
    await imapSession(servers.dovecot, USER, PASSWORD, async (client) => {
      const lock = await client.getMailboxLock('Sent');
      const sources: Buffer[] = [];
      try {
        for await (const message of client.fetch('1:*', { source: true })) sources.push(message.source!);
      } finally {
        lock.release();
      }
      await client.mailboxDelete('Sent');
      await client.mailboxCreate('Sent');
      for (const source of sources) await client.append('Sent', source, ['\\Seen']);
    });
    const before = (await messageByRfc(account.campsite.id, ourReply.slice(1, -1)))!;
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'full', added: 0 });
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
    expect(await messagesOf(account.campsite.id)).toHaveLength(count);

    // The copy we hold now bears the new UID, so the read state still reaches the server.
    const after = (await messageByRfc(account.campsite.id, ourReply.slice(1, -1)))!;
    expect(after.id).toBe(before.id);
    expect(after.providerMessageId).toMatch(/^Sent:\d+:\d+$/);
    expect(after.providerMessageId).not.toBe(before.providerMessageId);
    const client = await openMailboxClient(jobCtxFor(db, account.campsite.id), (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!);
    try {
      await client.setUnread([after.providerMessageId], true);
    } finally {
      await client.close();
    }
    expect(await flagsAt(servers.dovecot, USER, PASSWORD, ourReply, 'Sent')).not.toContain('\\Seen');
  });

  it('without a modseq in the cursor (a server without CONDSTORE) the flags of the sync window are read', async () => {
    const row = (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!;
    const folders = Object.fromEntries(Object.entries(row.syncCursor!.folders!).map(([path, { uidValidity, lastUid }]) => [path, { uidValidity, lastUid }]));
    await db.update(mailboxes).set({ syncCursor: { folders } }).where(eq(mailboxes.id, row.id));
    await markSeen(servers.dovecot, USER, PASSWORD, rifMail, true);
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
    expect((await messageByRfc(account.campsite.id, rifMail.slice(1, -1)))!.unread).toBe(false);
    expect((await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!.syncCursor!.folders!.INBOX!.highestModseq).toMatch(/^\d+$/);
  });

  it('a password changed at the server puts the mailbox to "riconnetti"', async () => {
    const row = (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!;
    await servers.dovecot.setPassword(USER, 'Nuova-password-2');
    const report = await syncMailbox(jobCtxFor(db, account.campsite.id));
    expect(report.state).toBe('reconnect');
    expect(report.error).toBe('La casella ha rifiutato utente o password: riconnetti la casella.');
    const view = (await findMailbox(ctxFor(db, { campsiteId: account.campsite.id })))!;
    expect(view.status).toBe('reconnect');
    expect(await syncMailbox(jobCtxFor(db, account.campsite.id))).toMatchObject({ state: 'reconnect' });
    await expect(openMailboxClient(jobCtxFor(db, row.campingId), row)).rejects.toBeInstanceOf(MailboxAuthError);
    await servers.dovecot.setPassword(USER, PASSWORD);
  });

  it('a refused SMTP login on send is an authentication error', async () => {
    const row = (await findMailboxRow(ctxFor(db, { campsiteId: account.campsite.id })))!;
    const client = await openMailboxClient(jobCtxFor(db, row.campingId), row);
    servers.smtp.failAuthFor(USER);
    try {
      await expect(client.send({ from: USER, to: [guestAddress], subject: 'Prova', html: '<p>x</p>', messageId: `<p-${unique()}@camping-imap.test>` })).rejects.toBeInstanceOf(MailboxAuthError);
    } finally {
      servers.smtp.setPassword(USER, PASSWORD);
      await client.close();
    }
  });

  it('an unreachable server fails the sync with what to check (no host, port or system error), and the mailbox stays active', async () => {
    const elsewhere = await makeQuotesAccount(db);
    await saveBinding(ctxFor(db, { campsiteId: elsewhere.campsite.id, userId: elsewhere.user.id }), { provider: 'imap', address: USER, secret: PASSWORD, imapSettings: { ...settings(), imapPort: 1 } });
    const report = await syncMailbox(jobCtxFor(db, elsewhere.campsite.id));
    expect(report.state).toBe('failed');
    expect(report.error).toContain('Il server della posta in arrivo (IMAP) non accetta collegamenti su questa porta');
    const mailbox = (await findMailbox(ctxFor(db, { campsiteId: elsewhere.campsite.id })))!;
    expect(mailbox).toMatchObject({ status: 'active', lastSyncError: report.error });
    expect(mailbox.lastSyncError).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  });
});
