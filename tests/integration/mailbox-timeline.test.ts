import MailComposer from 'nodemailer/lib/mail-composer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { sendStaffMail } from '@/lib/mail/staff-mail';
import { saveBinding } from '@/lib/mailbox/binding';
import { quoteMailThreads } from '@/lib/mailbox/quote-threads';
import { saveSyncBatch } from '@/lib/mailbox/store';
import { contactMailTimeline, traceThreadTimeline, type TimelineItem } from '@/lib/mailbox/timeline';
import type { FetchedMessage } from '@/lib/vocabulary/mailbox-types';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput, unique } from '../helpers/quotes';

let db: Database;

beforeAll(async () => {
  db = await useTestDatabase();
});

type Mail = { from: string; to: string; subject: string; messageId: string; date: Date; inReplyTo?: string; html?: string };

async function fetched(mail: Mail, folders: FetchedMessage['folders'], providerMessageId = `INBOX:1:${unique()}`): Promise<FetchedMessage> {
  const raw = await new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    messageId: mail.messageId,
    date: mail.date,
    inReplyTo: mail.inReplyTo,
    references: mail.inReplyTo ? [mail.inReplyTo] : undefined,
    html: mail.html ?? '<p>Buongiorno</p>',
  })
    .compile()
    .build();
  return { providerMessageId, providerThreadId: null, raw, folders, unread: folders.includes('INBOX'), receivedAt: mail.date };
}

/** A campsite with a guest, a quote, a mail sent through the outbox and a bound IMAP mailbox. */
async function scene() {
  const account = await makeQuotesAccount(db);
  const guest = await makeGuest(db, account.tenant);
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Estate', saveAs: 'nuovo', cards: [PITCH_CARD] }), account.platform);
  const sent = await sendStaffMail(ctxFor(db, { campsiteId: account.campsite.id }), 'staff', { to: [guest.email!], subject: 'Il vostro preventivo', html: '<p>Ecco il preventivo</p>', contactId: guest.id, quoteId: quote.id });
  const address = `info-${unique()}@camping.example`;
  const mailbox = await saveBinding(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), {
    provider: 'imap',
    address,
    secret: 'password',
    imapSettings: { imapHost: '127.0.0.1', imapPort: 1, imapSecure: false, smtpHost: '127.0.0.1', smtpPort: 1, smtpSecure: false, username: address },
  });
  const ref = { id: mailbox.id, address };
  const ourId = `<copia-${unique()}@camping.example>`;
  const replyId = `<risposta-${unique()}@example.it>`;
  const copy = await fetched({ from: address, to: guest.email!, subject: sent.subject, messageId: ourId, date: new Date(Date.now() - 60_000) }, ['SENT'], `Sent:1:${unique()}`);
  const reply = await fetched(
    { from: guest.email!, to: address, subject: `Re: ${sent.subject}`, messageId: replyId, inReplyTo: ourId, date: new Date(Date.now() + 60_000), html: '<p>Va bene, confermo</p>' },
    ['INBOX'],
  );
  await saveSyncBatch(jobCtxFor(db, account.campsite.id), ref, { messages: [copy, reply], flags: [], deletedProviderMessageIds: [] });
  return { ...account, guest, quote, sent, ref, address, replyId };
}

const summary = (items: TimelineItem[]) => items.map((item) => `${item.kind}:${item.direction}:${item.subject}`);

describe('the contact’s mail timeline', () => {
  it('merges our trace and the guest’s reply, never the sent copy of the trace twice', async () => {
    const { campsite, guest, sent } = await scene();
    const page = await contactMailTimeline(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id });
    expect(summary(page.items)).toEqual([`casella:in:Re: ${sent.subject}`, `traccia:out:${sent.subject}`]);
    expect(page.nextCursor).toBeNull();
    const [reply, trace] = page.items;
    expect(reply!.link).toMatch(/^\/mail\/conversazione\/.+/);
    expect(reply!.status).toBeNull();
    expect(reply!.unread).toBe(true);
    expect(reply!.snippet).toContain('Va bene, confermo');
    expect(trace!.link).toBe(`/tracciaMail/${encodeURIComponent(sent.threadId)}`);
    expect(trace!.status).toBe('pending');
    expect(trace!.snippet).toBe('Ecco il preventivo');
  });

  it('the trace thread shows our mail and the answer, oldest first', async () => {
    const { campsite, sent } = await scene();
    const items = await traceThreadTimeline(ctxFor(db, { campsiteId: campsite.id }), { threadId: sent.threadId });
    expect(summary(items)).toEqual([`traccia:out:${sent.subject}`, `casella:in:Re: ${sent.subject}`]);
    expect(items[1]!.html).toContain('Va bene, confermo');
  });

  it('the quote finds its conversation with both messages', async () => {
    const { campsite, quote, sent, address } = await scene();
    const threads = await quoteMailThreads(ctxFor(db, { campsiteId: campsite.id }), { quoteId: quote.id });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.messages.map((message) => [message.direction, message.subject])).toEqual([
      ['out', sent.subject],
      ['in', `Re: ${sent.subject}`],
    ]);
    expect(threads[0]!.messages[0]!.fromAddress).toBe(address);
    expect(threads[0]!.messages[0]!.mailTraceId).toBe(sent.traceId);
    expect(threads[0]!.messages[1]!.fromAddress).not.toBe(address);
  });

  it('another campsite’s guest with the same address sees nothing of it', async () => {
    const first = await scene();
    const other = await makeQuotesAccount(db);
    const twin = await makeGuest(db, other.tenant, { email: first.guest.email! });
    const page = await contactMailTimeline(ctxFor(db, { campsiteId: other.campsite.id }), { contactId: twin.id });
    expect(page.items).toEqual([]);
    expect(await contactMailTimeline(ctxFor(db, { campsiteId: other.campsite.id }), { contactId: first.guest.id })).toEqual({ items: [], nextCursor: null });
    expect(await quoteMailThreads(ctxFor(db, { campsiteId: other.campsite.id }), { quoteId: first.quote.id })).toEqual([]);
    expect(await traceThreadTimeline(ctxFor(db, { campsiteId: other.campsite.id }), { threadId: first.sent.threadId })).toEqual([]);
  });

  it('pages across both sources without repeating or skipping, even on equal dates', async () => {
    const { campsite, guest, quote, ref, address } = await scene();
    for (let i = 0; i < 4; i += 1) {
      await sendStaffMail(ctxFor(db, { campsiteId: campsite.id }), 'staff', { to: [guest.email!], subject: `Promemoria ${i}`, html: `<p>${i}</p>`, contactId: guest.id, quoteId: quote.id });
    }
    // Five answers in one second, two with the very same date: the id breaks the tie.
    const sameDate = new Date(Date.now() - 30_000);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => fetched({ from: guest.email!, to: address, subject: `Domanda ${i}`, messageId: `<d${i}-${unique()}@example.it>`, date: i < 2 ? sameDate : new Date(sameDate.getTime() + i * 1000) }, ['INBOX'])),
    );
    await saveSyncBatch(jobCtxFor(db, campsite.id), ref, { messages: answers, flags: [], deletedProviderMessageIds: [] });
    const all = await contactMailTimeline(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id, limit: 100 });
    expect(all.items).toHaveLength(1 + 4 + 1 + 5);
    for (const limit of [1, 2, 3, 4]) {
      const seen: TimelineItem[] = [];
      let cursor: string | null = null;
      do {
        const page = await contactMailTimeline(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id, cursor, limit });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    }
    const dates = all.items.map((item) => item.date.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('an unreadable cursor starts from the top', async () => {
    const { campsite, guest } = await scene();
    const page = await contactMailTimeline(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id, cursor: 'non-valido' });
    expect(page.items).toHaveLength(2);
  });
});
