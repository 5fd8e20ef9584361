import MailComposer from 'nodemailer/lib/mail-composer';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, mailboxes } from '@/db/schema';
import { saveSyncBatch } from '@/lib/mailbox/store';
import { getThread, listThreads, mailboxUnread, unreadCount } from '@/lib/mailbox/threads';
import type { FetchedMessage, MailboxRef } from '@/lib/vocabulary/mailbox-types';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';

const db = await useTestDatabase();

type Mail = { from: string; to: string; subject: string; text?: string; html?: string; date: Date; messageId: string; inReplyTo?: string };

async function raw(mail: Mail): Promise<Buffer> {
  return new MailComposer({ ...mail, references: mail.inReplyTo ? [mail.inReplyTo] : undefined }).compile().build();
}

async function seedMailbox(address: string) {
  const campsite = await makeCampsite(db);
  const [row] = await db
    .insert(mailboxes)
    .values({ campingId: campsite.id, provider: 'imap', address, encryptedSecret: 'non-usato' })
    .returning();
  return { campsite, mailbox: { id: row.id, address } satisfies MailboxRef };
}

let counter = 0;
async function fetched(mail: Mail, folders: ('INBOX' | 'SENT')[], unread: boolean): Promise<FetchedMessage> {
  counter += 1;
  return { providerMessageId: `INBOX:1:${counter}`, providerThreadId: null, raw: await raw(mail), folders, unread, receivedAt: mail.date };
}

const base = Date.UTC(2026, 5, 1, 8, 0, 0);

describe('mail client reads', () => {
  let a: Awaited<ReturnType<typeof seedMailbox>>;
  let b: Awaited<ReturnType<typeof seedMailbox>>;
  let guestId: string;

  beforeAll(async () => {
    a = await seedMailbox('info@campeggio-a.test');
    b = await seedMailbox('info@campeggio-b.test');
    const [guest] = await db.insert(contacts).values({ campingId: a.campsite.id, firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@ospite.test' }).returning();
    guestId = guest.id;
    const messages: FetchedMessage[] = [];
    // 11 conversations in A's inbox; five share one instant, so the keyset must break ties by id.
    for (let i = 0; i < 11; i++) {
      const at = new Date(i < 5 ? base : base + i * 60_000);
      messages.push(
        await fetched(
          { from: i === 3 ? 'Mario Rossi <mario.rossi@ospite.test>' : `ospite${i}@esempio.test`, to: a.mailbox.address, subject: `Richiesta piazzola ${i}`, text: `Testo ${i}`, date: at, messageId: `<a-${i}@esempio.test>` },
          ['INBOX'],
          i % 2 === 0,
        ),
      );
    }
    messages.push(
      await fetched({ from: a.mailbox.address, to: 'mario.rossi@ospite.test', subject: 'Re: Richiesta piazzola 3', html: '<p>Certo!</p>', date: new Date(base + 3_600_000), messageId: '<a-reply@campeggio-a.test>', inReplyTo: '<a-3@esempio.test>' }, ['SENT'], false),
    );
    messages.push(await fetched({ from: a.mailbox.address, to: 'nuovo@esempio.test', subject: 'Offerta estate', text: 'Ciao', date: new Date(base + 7_200_000), messageId: '<a-out@campeggio-a.test>' }, ['SENT'], false));
    await saveSyncBatch(jobCtxFor(db, a.campsite.id), a.mailbox, { messages, flags: [], deletedProviderMessageIds: [] });
    await saveSyncBatch(jobCtxFor(db, b.campsite.id), b.mailbox, {
      messages: [await fetched({ from: 'mario.rossi@ospite.test', to: b.mailbox.address, subject: 'Richiesta piazzola B', text: 'Altro campeggio', date: new Date(base), messageId: '<b-1@esempio.test>' }, ['INBOX'], true)],
      flags: [],
      deletedProviderMessageIds: [],
    });
  });

  it('pages the inbox by keyset with no conversation repeated or skipped', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', cursor, limit: 4 });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    const all = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', limit: 50 });
    expect(all.items.map((item) => item.id)).toEqual(seen);
    const times = all.items.map((item) => item.lastMessageAt.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('lists the sent folder and names the guests of each conversation', async () => {
    const sent = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'SENT' });
    expect(sent.items.map((item) => item.subject)).toEqual(['Offerta estate', 'Richiesta piazzola 3']);
    expect(sent.items[1].contacts).toEqual([{ id: guestId, name: 'Mario Rossi' }]);
    expect(sent.items[1].messageCount).toBe(2);
  });

  it('gives each conversation its senders’ display names, so an unlinked one shows a name, not only an address', async () => {
    const inbox = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', limit: 50 });
    const named = inbox.items.find((item) => item.subject === 'Richiesta piazzola 3')!;
    expect(named.senderNames).toEqual({ 'mario.rossi@ospite.test': 'Mario Rossi' });
    expect(inbox.items.find((item) => item.subject === 'Richiesta piazzola 4')!.senderNames).toEqual({});
  });

  it('searches by subject and by guest address, never across campsites', async () => {
    const bySubject = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', search: 'piazzola 7' });
    expect(bySubject.items.map((item) => item.subject)).toEqual(['Richiesta piazzola 7']);
    const byAddress = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', search: 'mario.rossi@ospite.test' });
    expect(byAddress.items.map((item) => item.subject)).toEqual(['Richiesta piazzola 3']);
    const inB = await listThreads(ctxFor(db, { campsiteId: b.campsite.id }), { folder: 'INBOX', search: 'mario.rossi@ospite.test' });
    expect(inB.items.map((item) => item.subject)).toEqual(['Richiesta piazzola B']);
    const none = await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', search: '100% introvabile' });
    expect(none.items).toEqual([]);
  });

  it('counts the unread inbox messages per campsite', async () => {
    expect(await unreadCount(ctxFor(db, { campsiteId: a.campsite.id }))).toBe(6);
    expect(await unreadCount(ctxFor(db, { campsiteId: b.campsite.id }))).toBe(1);
    expect(await mailboxUnread(ctxFor(db, { campsiteId: a.campsite.id }))).toBe(6);
    // No mailbox: no badge to show and nothing for the navbar to poll.
    expect(await mailboxUnread(ctxFor(db, { campsiteId: (await makeCampsite(db)).id }))).toBeNull();
  });

  it('reads one conversation of the campsite, oldest message first; another campsite gets null', async () => {
    const [thread] = (await listThreads(ctxFor(db, { campsiteId: a.campsite.id }), { folder: 'INBOX', search: 'mario' })).items;
    const detail = await getThread(ctxFor(db, { campsiteId: a.campsite.id }), { threadId: thread.id });
    expect(detail?.messages.map((message) => message.direction)).toEqual(['in', 'out']);
    expect(detail?.messages[0]).toMatchObject({ fromAddress: 'mario.rossi@ospite.test', fromName: 'Mario Rossi', text: expect.stringContaining('Testo 3'), unread: false });
    expect(detail?.messages[1].html).toContain('Certo!');
    expect(detail?.contacts).toEqual([{ id: guestId, name: 'Mario Rossi', email: 'mario.rossi@ospite.test' }]);
    expect(await getThread(ctxFor(db, { campsiteId: b.campsite.id }), { threadId: thread.id })).toBeNull();
  });
});
