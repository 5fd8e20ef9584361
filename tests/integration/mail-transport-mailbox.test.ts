import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { campsites, mailboxes, mailOutbox } from '@/db/schema';
import { deliverDue } from '@/lib/mail/delivery';
import { enqueueMail } from '@/lib/mail/outbox';
import { resendTransport } from '@/lib/mail/resend-transport';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { mailboxTransports } from '@/lib/workflows/outbox-delivery';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { imapSession } from '../helpers/dovecot-mail';
import { makeGuest, makeQuotesAccount } from '../helpers/quotes';
import { startResendStandIn } from '../helpers/resend-stand-in';
import { useMailServers } from '../helpers/mail-servers';

const KEY = 're_test_outbox_mailbox_01';
const PASSWORD = 'Segreta-di-prova-3';
const USERS = { sends: 'reception@camping-outbox.test', crash: 'reception@camping-outbox-crash.test', auth: 'reception@camping-outbox-auth.test' };

let db: Database;
const servers = useMailServers(Object.fromEntries(Object.values(USERS).map((user) => [user, PASSWORD])));
let resendStandIn: Awaited<ReturnType<typeof startResendStandIn>>;

beforeAll(async () => {
  db = await useTestDatabase();
  resendStandIn = await startResendStandIn(KEY);
});
afterAll(async () => {
  await resendStandIn?.close();
});

const resend = () => resendTransport(KEY, resendStandIn.baseUrl);
const viaMailbox = (campsiteId: string, now?: Date) => deliverDue(db, resend(), { campsiteId, now, campsiteTransports: mailboxTransports(db) });

/** A campsite named «Camping Lago Azzurro» with its own IMAP mailbox bound, and a guest. */
async function campsiteWithMailbox(user: string) {
  const account = await makeQuotesAccount(db);
  await db.update(campsites).set({ name: 'Camping Lago Azzurro' }).where(eq(campsites.id, account.campsite.id));
  const ctx = ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id });
  await bindImapMailbox(ctx, {
    address: user,
    settings: servers.settings(user),
    password: PASSWORD,
  });
  const guest = await makeGuest(db, account.tenant);
  const queueQuote = async (subject = 'Il vostro preventivo') => {
    const queued = await enqueueMail(ctxFor(db, account.tenant), { kind: 'quote', to: [guest.email!], subject, html: '<p>Ecco il preventivo.</p>', contactId: guest.id });
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.outboxId));
    return row;
  };
  return { account, guest, ctx, queueQuote, campsiteId: account.campsite.id };
}

const smtpTo = (address: string) => servers.smtp.received.filter((mail) => mail.envelope.to.includes(address));
const outboxRow = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
const sentCopies = (user: string, messageId: string) =>
  imapSession(servers.dovecot, user, PASSWORD, async (client) => {
    const lock = await client.getMailboxLock('Sent');
    try {
      const found = await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true });
      return Array.isArray(found) ? found.length : 0;
    } finally {
      lock.release();
    }
  });

/** What a process that died after claiming a row leaves: 'sending' under a lease that ran out. */
const abandon = (id: string) => db.update(mailOutbox).set({ status: 'sending', nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));

describe('a campsite with its own mailbox', () => {
  it('sends its quote from its SMTP under its name and our Message-ID, once, with the copy in Sent; a caller without mailboxes leaves it queued', async () => {
    const user = USERS.sends;
    const { guest, queueQuote, campsiteId } = await campsiteWithMailbox(user);
    const row = await queueQuote();

    await deliverDue(db, resend(), { campsiteId });
    expect(resendStandIn.delivered.filter((mail) => mail.body.to.includes(guest.email!))).toHaveLength(0);
    expect((await outboxRow(row.id)).status).toBe('pending');

    const report = await viaMailbox(campsiteId);
    expect(report.delivered).toBe(1);
    const [mail] = smtpTo(guest.email!);
    const head = mail.raw.toString('utf8');
    expect(head).toContain(`Message-ID: <${row.rfcMessageId}>`);
    expect(head).toContain(`From: Camping Lago Azzurro <${user}>`);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', transport: 'mailbox-imap' });
    expect(await sentCopies(user, row.rfcMessageId!)).toBe(1);
    expect(resendStandIn.delivered.filter((sent) => sent.body.to.includes(guest.email!))).toHaveLength(0);
  });

  it('never sends twice after a crash between the SMTP send and its record, and sends once after a crash before it', async () => {
    const user = USERS.crash;
    const { guest, queueQuote, campsiteId } = await campsiteWithMailbox(user);

    const sentThenCrashed = await queueQuote('Preventivo A');
    await viaMailbox(campsiteId);
    await abandon(sentThenCrashed.id);
    // Died before even the mark of the SMTP's acceptance was written: the copy in Sent tells.
    await db.update(mailOutbox).set({ handedOverAt: null }).where(eq(mailOutbox.id, sentThenCrashed.id));
    await viaMailbox(campsiteId);
    expect(smtpTo(guest.email!).filter((mail) => mail.raw.toString('utf8').includes('Preventivo A'))).toHaveLength(1);
    expect(await outboxRow(sentThenCrashed.id)).toMatchObject({ status: 'sent', attempts: 2 });

    const crashedBefore = await queueQuote('Preventivo B');
    await db.update(mailOutbox).set({ attempts: 1 }).where(eq(mailOutbox.id, crashedBefore.id));
    await abandon(crashedBefore.id);
    await viaMailbox(campsiteId);
    expect(smtpTo(guest.email!).filter((mail) => mail.raw.toString('utf8').includes('Preventivo B'))).toHaveLength(1);
    expect(await sentCopies(user, crashedBefore.rfcMessageId!)).toBe(1);
    expect(await outboxRow(crashedBefore.id)).toMatchObject({ status: 'sent', transport: 'mailbox-imap' });
  });

  it('a refused login marks the mailbox for «Riconnetti» and the mail then leaves the way of a campsite without one', async () => {
    const user = USERS.auth;
    const { guest, queueQuote, campsiteId } = await campsiteWithMailbox(user);
    const row = await queueQuote();
    await servers.dovecot.setPassword(user, 'Cambiata-altrove-9');

    const first = await viaMailbox(campsiteId);
    expect(first.retrying).toBe(1);
    const [mailbox] = await db.select().from(mailboxes).where(and(eq(mailboxes.campingId, campsiteId)));
    expect(mailbox.status).toBe('reconnect');

    await viaMailbox(campsiteId, new Date(Date.now() + 60 * 60_000));
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', transport: 'resend' });
    expect(resendStandIn.delivered.filter((mail) => mail.body.to.includes(guest.email!))).toHaveLength(1);
    expect(smtpTo(guest.email!)).toHaveLength(0);
  });
});
