import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, contacts, mailOutbox, mailTraces } from '@/db/schema';
import { deliverDue } from '@/lib/mail/delivery';
import { env } from '@/lib/env';
import { enqueueMail } from '@/lib/mail/outbox';
import { resendTransport } from '@/lib/mail/resend-transport';
import { fromAddressOf } from '@/lib/mail/sender-name';
import { captureTransport } from '@/lib/mail/transport';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { sendFromMailbox } from '@/lib/mailbox/send';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite } from '../helpers/fixtures';
import { sourceAt } from '../helpers/dovecot-mail';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';
import { startResendStandIn } from '../helpers/resend-stand-in';
import { useMailServers } from '../helpers/mail-servers';

const KEY = 're_test_0123456789abcdef';
let db: Database;
let standIn: Awaited<ReturnType<typeof startResendStandIn>>;

beforeAll(async () => {
  db = await useTestDatabase();
  standIn = await startResendStandIn(KEY);
});
afterAll(() => standIn.close());

const resend = () => resendTransport(KEY, standIn.baseUrl);

async function queuedQuoteMail() {
  const campsite = await makeCampsite(db);
  const email = `ospite-${Math.random().toString(36).slice(2)}@example.de`;
  const [guest] = await db.insert(contacts).values({ campingId: campsite.id, firstName: 'Jonas', lastName: 'Weber', email }).returning();
  const queued = await enqueueMail(ctxFor(db, { campsiteId: campsite.id }), { kind: 'quote', to: [email], subject: 'Preventivo', html: '<p>x</p>', senderName: 'Camping Lago Azzurro' });
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.outboxId));
  const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.id, queued.traceId!));
  return { campsite, guest, row, trace };
}

describe('the Message-ID of a mail we send', () => {
  it('is chosen at enqueue under the From domain, stored on the outbox row and the trace, and sent to Resend', async () => {
    const { campsite, guest, row, trace } = await queuedQuoteMail();
    const domain = fromAddressOf(env().MAIL_FROM).split('@')[1];
    expect(row.rfcMessageId).toMatch(new RegExp(`^[0-9a-f-]{36}@${domain.replace(/\./g, '\\.')}$`));
    expect(trace.rfcMessageId).toBe(row.rfcMessageId);
    await deliverDue(db, resend(), { campsiteId: campsite.id });
    const [mail] = standIn.delivered.filter((sent) => sent.body.to.includes(guest.email!));
    expect(mail.body.headers?.['Message-ID']).toBe(`<${row.rfcMessageId}>`);
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after).toMatchObject({ status: 'sent', transport: 'resend', rfcMessageId: row.rfcMessageId });
  });

  it('a retry after a lost answer sends the same Message-ID (Resend drops the copy by its key)', async () => {
    const { campsite, guest, row } = await queuedQuoteMail();
    standIn.force({ drop: true });
    await deliverDue(db, resend(), { campsiteId: campsite.id });
    await deliverDue(db, resend(), { campsiteId: campsite.id, now: new Date(Date.now() + 60 * 60_000) });
    const sent = standIn.delivered.filter((mail) => mail.body.to.includes(guest.email!));
    expect(sent).toHaveLength(1);
    expect(sent[0].body.headers?.['Message-ID']).toBe(`<${row.rfcMessageId}>`);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id)))[0]).toMatchObject({ status: 'sent', transport: 'resend' });
  });

  it('two mails never share one, and the capture records its way too', async () => {
    const first = await queuedQuoteMail();
    const second = await queuedQuoteMail();
    expect(first.row.rfcMessageId).not.toBe(second.row.rfcMessageId);
    await deliverDue(db, captureTransport, { campsiteId: first.campsite.id });
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, first.row.id)))[0]).toMatchObject({ status: 'captured', transport: 'capture' });
  });
});

describe('a burst of automatic mails', () => {
  it('does not make a quote wait: it is claimed and sent before 60 queued confirmations', async () => {
    const { campsite, guest } = await queuedQuoteMail();
    // The first quote goes out now; the burst and a second quote queue after it.
    await deliverDue(db, resend(), { campsiteId: campsite.id });
    const ctx = ctxFor(db, { campsiteId: campsite.id });
    for (let i = 0; i < 60; i++) {
      await enqueueMail(ctx, { kind: 'contact-confirmation', to: [`conferma-${i}-${guest.email}`], subject: 'Grazie', html: 'x' });
    }
    await enqueueMail(ctx, { kind: 'quote', to: [guest.email!], subject: 'Preventivo urgente', html: 'x' });
    const before = standIn.delivered.length;
    await deliverDue(db, resend(), { campsiteId: campsite.id, limit: 5 });
    const batch = standIn.delivered.slice(before);
    expect(batch).toHaveLength(5);
    expect(batch[0].body.to).toEqual([guest.email]);
    expect(batch[0].body.subject).toMatch(/^Preventivo urgente/);
  });
});

describe('a mail answered from the bound mailbox', () => {
  const USER = 'reception@camping-msgid.test';
  const PASSWORD = 'Segreta-di-prova-2';
  const servers = useMailServers({ [USER]: PASSWORD });

  it('leaves with the campsite’s name as display name and a Message-ID the trace keeps for the guest’s reply', async () => {
    const account = await makeQuotesAccount(db);
    await db.update(campsites).set({ name: 'Camping Lago Azzurro' }).where(eq(campsites.id, account.campsite.id));
    const guest = await makeGuest(db, account.tenant);
    const ctx = ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id });
    await bindImapMailbox(ctx, {
      address: USER,
      settings: servers.settings(USER),
      password: PASSWORD,
    });
    const sent = await sendFromMailbox(ctxFor(db, account.tenant), { to: [guest.email!], subject: 'Disponibilità agosto', html: '<p>Abbiamo posto.</p>', contactId: guest.id });
    const [trace] = await db.select().from(mailTraces).where(and(eq(mailTraces.id, sent.traceId), eq(mailTraces.campingId, account.campsite.id)));
    expect(trace.rfcMessageId).toMatch(/^[0-9a-f-]{36}@camping-msgid\.test$/);
    const head = servers.smtp.received.at(-1)!.raw.toString('utf8');
    expect(head).toContain(`Message-ID: <${trace.rfcMessageId}>`);
    expect(head).toContain(`From: Camping Lago Azzurro <${USER}>`);
    expect((await sourceAt(servers.dovecot, USER, PASSWORD, `<${trace.rfcMessageId}>`, 'Sent')).toString('utf8')).toContain('Abbiamo posto.');
  });
});
