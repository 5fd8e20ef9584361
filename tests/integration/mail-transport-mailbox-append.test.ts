import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
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

const KEY = 're_test_outbox_append_01';
const PASSWORD = 'Segreta-di-prova-4';
const USER = 'reception@camping-inviati-rotti.test';

let db: Database;
const servers = useMailServers({ [USER]: PASSWORD });
let resendStandIn: Awaited<ReturnType<typeof startResendStandIn>>;

beforeAll(async () => {
  db = await useTestDatabase();
  resendStandIn = await startResendStandIn(KEY);
});
afterAll(async () => {
  await resendStandIn?.close();
});

const viaMailbox = (campsiteId: string) => deliverDue(db, resendTransport(KEY, resendStandIn.baseUrl), { campsiteId, campsiteTransports: mailboxTransports(db) });
const outboxRow = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const sentCopies = (messageId: string) =>
  imapSession(servers.dovecot, USER, PASSWORD, async (client) => {
    const lock = await client.getMailboxLock('Sent');
    try {
      const found = await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true });
      return Array.isArray(found) ? found.length : 0;
    } finally {
      lock.release();
    }
  });

/**
 * The Sent folder's maildir no longer writable by the mail user Dovecot works as (a full disk or a
 * broken permission at the provider): Dovecot still lists and reads it, and refuses every APPEND.
 */
async function breakSentFolder() {
  // Dovecot creates the folder's maildir when a client first opens it.
  expect(await sentCopies('nessuno@camping-inviati-rotti.test')).toBe(0);
  const sent = join(servers.dovecot.dir, 'mail', USER, '.Sent');
  for (const dir of [sent, join(sent, 'tmp'), join(sent, 'new'), join(sent, 'cur')]) await chmod(dir, 0o555);
}

describe('the campsite’s SMTP takes the mail but its Sent folder refuses the copy', () => {
  let account: Awaited<ReturnType<typeof makeQuotesAccount>>;
  beforeAll(async () => {
    account = await makeQuotesAccount(db, { name: 'Camping Inviati Rotti' });
    await bindImapMailbox(ctxFor(db, { campsiteId: account.campsite.id, userId: account.user.id }), { address: USER, settings: servers.settings(USER), password: PASSWORD });
    await breakSentFolder();
  });
  const toGuest = (address: string) => servers.smtp.received.filter((mail) => mail.envelope.to.includes(address));

  it('counts the mail as sent once: one SMTP delivery, the row sent by the mailbox with no Sent copy, and later runs send nothing more', async () => {
    const { campsite, tenant } = account;
    const guest = await makeGuest(db, tenant);
    const queued = await enqueueMail(ctxFor(db, tenant), { kind: 'quote', to: [guest.email!], subject: 'Il vostro preventivo', html: '<p>Ecco il preventivo.</p>', contactId: guest.id });
    const row = await outboxRow(queued.outboxId);

    expect(await viaMailbox(campsite.id)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    // The refusal was Dovecot's own, for the APPEND.
    expect(await servers.dovecot.log()).toMatch(/Permission denied/);
    expect(toGuest(guest.email!)).toHaveLength(1);
    expect(toGuest(guest.email!)[0]!.raw.toString('utf8')).toContain(`Message-ID: <${row.rfcMessageId}>`);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', transport: 'mailbox-imap', attempts: 1, providerMessageId: null });
    expect(await sentCopies(row.rfcMessageId!)).toBe(0);

    expect(await viaMailbox(campsite.id)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(toGuest(guest.email!)).toHaveLength(1);
    expect(resendStandIn.delivered).toHaveLength(0);
  });

  it('never sends it twice when the process dies after the SMTP took it, with no copy in Sent to find', async () => {
    const campsiteId = account.campsite.id;
    const guest = await makeGuest(db, account.tenant);
    const queued = await enqueueMail(ctxFor(db, account.tenant), { kind: 'quote', to: [guest.email!], subject: 'Preventivo dopo un arresto', html: '<p>x</p>', contactId: guest.id });
    expect(await viaMailbox(campsiteId)).toMatchObject({ delivered: 1 });
    expect(toGuest(guest.email!)).toHaveLength(1);
    expect((await outboxRow(queued.outboxId)).handedOverAt).not.toBeNull();

    // What a process that died before recording the send leaves: 'sending' under a lease that ran out.
    await db.update(mailOutbox).set({ status: 'sending', sentAt: null, transport: null, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, queued.outboxId));
    expect(await viaMailbox(campsiteId)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(toGuest(guest.email!)).toHaveLength(1);
    expect(await outboxRow(queued.outboxId)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
