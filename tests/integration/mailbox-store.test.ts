import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, mailboxes, mailboxMessages, mailboxThreadContacts, mailboxThreads, notifications, quotes } from '@/db/schema';
import { sendStaffMail } from '@/lib/mail/staff-mail';
import { findMailboxRow } from '@/lib/mailbox/mailbox-row';
import { saveSyncBatch } from '@/lib/mailbox/store';
import { syncMailbox } from '@/lib/mailbox/sync';
import type { FetchedMessage, MailboxFolder, MailboxRef } from '@/lib/vocabulary/mailbox-types';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const unique = () => randomBytes(5).toString('hex');

type RawMail = { from: string; to: string; subject: string; messageId: string; inReplyTo?: string; references?: string[]; text?: string; date?: Date };
const raw = (mail: RawMail) =>
  new MailComposer({ ...mail, text: mail.text ?? 'Buongiorno', headers: {}, date: mail.date ?? new Date() }).compile().build();

let counter = 0;
async function fetched(mail: RawMail, folders: MailboxFolder[] = ['INBOX'], unread = true, providerThreadId: string | null = null): Promise<FetchedMessage> {
  counter += 1;
  return { providerMessageId: `INBOX:1:${counter}-${unique()}`, providerThreadId, raw: await raw(mail), folders, unread, receivedAt: new Date() };
}

/** The mailbox a sync writes to, and the campsite its unit of work is for. */
type TestMailbox = MailboxRef & { campingId: string };

async function mailboxFor(address = `campeggio-${unique()}@example.it`) {
  const campsite = await makeCampsite(db);
  const [row] = await db.insert(mailboxes).values({ campingId: campsite.id, provider: 'imap', address, encryptedSecret: 'x' }).returning();
  return { campsite, mailbox: { id: row.id, campingId: campsite.id, address } satisfies TestMailbox };
}

const sync = (mailbox: TestMailbox) => jobCtxFor(db, mailbox.campingId);
const save = (mailbox: TestMailbox, messages: FetchedMessage[]) => saveSyncBatch(sync(mailbox), mailbox, { messages, flags: [], deletedProviderMessageIds: [] });
const threadsOf = (mailbox: MailboxRef) => db.select().from(mailboxThreads).where(eq(mailboxThreads.mailboxId, mailbox.id));
const messagesOf = (mailbox: MailboxRef) => db.select().from(mailboxMessages).where(eq(mailboxMessages.mailboxId, mailbox.id));

describe('mailbox store', () => {
  it('threads a guest mail and its replies by References, also when a reply is synced before its parent', async () => {
    const { mailbox } = await mailboxFor();
    const guest = `ospite-${unique()}@example.de`;
    const first = { from: guest, to: mailbox.address, subject: 'Piazzola ad agosto', messageId: `<a-${unique()}@example.de>`, date: new Date('2026-11-20T09:00:00Z') };
    const answer = { from: mailbox.address, to: guest, subject: 'Re: Piazzola ad agosto', messageId: `<b-${unique()}@example.it>`, inReplyTo: first.messageId, references: [first.messageId], date: new Date('2026-11-20T10:00:00Z') };
    const again = { from: guest, to: mailbox.address, subject: 'Re: Piazzola ad agosto', messageId: `<c-${unique()}@example.de>`, inReplyTo: answer.messageId, references: [first.messageId, answer.messageId], date: new Date('2026-11-21T08:00:00Z') };
    await save(mailbox, [await fetched(again)]);
    await save(mailbox, [await fetched(first), await fetched(answer, ['SENT'], false)]);
    const threads = await threadsOf(mailbox);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ messageCount: 3, unreadCount: 2, inInbox: true, inSent: true, subject: 'Piazzola ad agosto' });
    expect(threads[0].participants.sort()).toEqual([guest, mailbox.address].sort());
    const directions = (await messagesOf(mailbox)).map((message) => message.direction).sort();
    expect(directions).toEqual(['in', 'in', 'out']);
  });

  it('never stores a message twice: same provider id, or the same Message-ID under another id', async () => {
    const { mailbox } = await mailboxFor();
    const mail = { from: `g-${unique()}@example.it`, to: mailbox.address, subject: 'Disponibilità', messageId: `<d-${unique()}@example.it>` };
    const inbox = await fetched(mail);
    for (let sync = 0; sync < 10; sync += 1) await save(mailbox, [inbox]);
    await save(mailbox, [{ ...(await fetched(mail, ['SENT'], false)) }]);
    const stored = await messagesOf(mailbox);
    expect(stored).toHaveLength(1);
    expect(stored[0].folders.sort()).toEqual(['INBOX', 'SENT']);
    expect((await threadsOf(mailbox))[0]).toMatchObject({ messageCount: 1, unreadCount: 0 });
  });

  it('links a thread to the campsite’s own guest and, by the RIF of our mail, to its quote; another campsite’s guest is not linked', async () => {
    const { campsite, mailbox } = await mailboxFor();
    const guestAddress = `ospite-${unique()}@example.nl`;
    const [guest] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Eva', lastName: 'De Vries', email: guestAddress }).returning();
    const other = await makeCampsite(db);
    await db.insert(contacts).values({ campingId: other.id, firstName: 'Eva', lastName: 'Altrove', email: guestAddress });
    const [quote] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, name: 'Agosto' }).returning();
    const sent = await sendStaffMail(ctxFor(db, { campsiteId: campsite.id }), 'staff', { to: [guestAddress], subject: 'Il suo preventivo', html: '<p>Ecco</p>', contactId: guest.id, quoteId: quote.id });
    const copy = { from: mailbox.address, to: guestAddress, subject: sent.subject, messageId: `<e-${unique()}@example.it>` };
    const reply = { from: guestAddress, to: mailbox.address, subject: `Re: ${sent.subject}`, messageId: `<f-${unique()}@example.nl>` };
    await save(mailbox, [await fetched(copy, ['SENT'], false), await fetched(reply)]);
    const threads = await threadsOf(mailbox);
    const replyThread = threads.find((thread) => thread.subject.startsWith('Re:'))!;
    expect(replyThread).toMatchObject({ quoteId: quote.id, traceThreadId: sent.threadId });
    const links = await db.select().from(mailboxThreadContacts).where(eq(mailboxThreadContacts.threadId, replyThread.id));
    expect(links.map((link) => link.contactId)).toEqual([guest.id]);
    const [sentCopy] = await db
      .select()
      .from(mailboxMessages)
      .where(and(eq(mailboxMessages.mailboxId, mailbox.id), eq(mailboxMessages.direction, 'out')));
    expect(sentCopy.mailTraceId).toBe(sent.traceId);
  });

  it('applies flag changes and deletions from the provider', async () => {
    const { mailbox } = await mailboxFor();
    const message = await fetched({ from: `g-${unique()}@example.it`, to: mailbox.address, subject: 'Cani ammessi?', messageId: `<g-${unique()}@example.it>` });
    await save(mailbox, [message]);
    await saveSyncBatch(sync(mailbox), mailbox, { messages: [], flags: [{ providerMessageId: message.providerMessageId, unread: false }], deletedProviderMessageIds: [] });
    expect((await threadsOf(mailbox))[0].unreadCount).toBe(0);
    await saveSyncBatch(sync(mailbox), mailbox, { messages: [], flags: [], deletedProviderMessageIds: [message.providerMessageId] });
    expect(await threadsOf(mailbox)).toHaveLength(0);
  });

  it('rings the bell for a guest’s new mail about a quote after the first sync, not for the first sync’s old mail', async () => {
    const { campsite, mailbox } = await mailboxFor();
    const guestAddress = `ospite-${unique()}@example.at`;
    const [guest] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Lena', lastName: 'Huber', email: guestAddress }).returning();
    const [quote] = await db.insert(quotes).values({ campingId: campsite.id, contactId: guest.id, name: 'Pfingsten' }).returning();
    const sent = await sendStaffMail(ctxFor(db, { campsiteId: campsite.id }), 'staff', { to: [guestAddress], subject: 'Ihr Angebot', html: '<p>Hier</p>', contactId: guest.id, quoteId: quote.id });
    const bell = () => db.select().from(notifications).where(and(eq(notifications.campingId, campsite.id), eq(notifications.title, 'Risposta del cliente')));
    const old = await fetched({ from: guestAddress, to: mailbox.address, subject: `Re: ${sent.subject}`, messageId: `<h-${unique()}@example.at>` });
    await saveSyncBatch(sync(mailbox), mailbox, { messages: [old], flags: [], deletedProviderMessageIds: [] });
    expect(await bell()).toHaveLength(0);
    const fresh = await fetched({ from: guestAddress, to: mailbox.address, subject: `Re: ${sent.subject}`, messageId: `<i-${unique()}@example.at>` });
    const ours = await fetched({ from: mailbox.address, to: guestAddress, subject: `Re: ${sent.subject}`, messageId: `<j-${unique()}@example.it>` }, ['SENT'], false);
    await saveSyncBatch(sync(mailbox), mailbox, { messages: [fresh, ours], flags: [], deletedProviderMessageIds: [] }, { notify: true });
    const rung = await bell();
    expect(rung).toHaveLength(1);
    expect(rung[0]).toMatchObject({ group: 'risposta', quoteId: quote.id, contactId: guest.id });
    expect(rung[0].description).toContain('«Pfingsten»');
  });

  it('puts a mailbox whose saved credentials no longer decrypt in «riconnetti» instead of failing every minute', async () => {
    const { campsite } = await mailboxFor();
    const report = await syncMailbox(jobCtxFor(db, campsite.id));
    expect(report).toMatchObject({ state: 'reconnect', added: 0 });
    const row = await findMailboxRow(ctxFor(db, { campsiteId: campsite.id }));
    expect(row).toMatchObject({ status: 'reconnect', syncLeaseUntil: null });
    expect(row!.statusReason).toMatch(/ricollega la casella/);
    expect((await syncMailbox(jobCtxFor(db, campsite.id))).state).toBe('reconnect');
  });
});
