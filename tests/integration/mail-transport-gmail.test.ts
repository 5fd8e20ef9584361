import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import { deliverDue } from '@/lib/mail/delivery';
import { mailStatusWording, outboxMailStatus } from '@/lib/mail/mail-status';
import { enqueueMail, type MailKind } from '@/lib/mail/outbox';
import { resendTransport } from '@/lib/mail/resend-transport';
import { completeGoogleAuthorization, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { mailboxTransports } from '@/lib/workflows/outbox-delivery';
import { ctxFor, staffWork } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { headersOf, type StandInAccount } from '../helpers/gmail-stand-in-account';
import { gmailStandInEnvironment } from '../helpers/gmail-env';
import { makeGuest, makeQuotesAccount, unique } from '../helpers/quotes';
import { startResendStandIn } from '../helpers/resend-stand-in';

// env() is read once: the stand-in's address must be in place before anything reads it.
const standIn = await gmailStandInEnvironment();
const db = await useTestDatabase();
const KEY = 're_test_outbox_gmail_01';
const REDIRECT = 'https://crm.example.it/api/mailbox/google/callback';
let resendStandIn: Awaited<ReturnType<typeof startResendStandIn>>;

beforeAll(async () => {
  resendStandIn = await startResendStandIn(KEY);
});
afterAll(async () => {
  await resendStandIn?.close();
  await standIn.close();
});

// The words the staff read on the mail's status badge (components/mail/mail-status-badge.tsx).
const statusWords: Record<string, string> = JSON.parse(readFileSync(new URL('../../messages/it/mail.json', import.meta.url), 'utf8')).status;

const viaMailbox = (campsiteId: string) => deliverDue(db, resendTransport(KEY, resendStandIn.baseUrl), { campsiteId, campsiteTransports: mailboxTransports(db) });
const outboxRow = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** What a process that died after claiming a row leaves: 'sending' under a lease that ran out. */
const abandon = (id: string) => db.update(mailOutbox).set({ status: 'sending', nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
const sentByGmail = (account: StandInAccount, messageId: string) => [...account.messages.values()].filter((message) => message.labelIds.includes('SENT') && message.rfcMessageId === messageId);
const badge = (row: Awaited<ReturnType<typeof outboxRow>>) => statusWords[mailStatusWording(outboxMailStatus(row.status), row.transport)];

/** «Camping Lago Azzurro» with its Gmail bound through Google's consent (the stand-in's), and a guest. */
async function campsiteWithGmail() {
  const { campsite, user, tenant } = await makeQuotesAccount(db, { name: 'Camping Lago Azzurro' });
  const who = { campsiteId: campsite.id, userId: user.id };
  const account = standIn.account(`campeggio-${unique()}@gmail.test`);
  const url = new URL(await startGoogleAuthorization(ctxFor(db, who), { redirectUri: REDIRECT }));
  const code = standIn.issueCode({ account, codeChallenge: url.searchParams.get('code_challenge')!, redirectUri: REDIRECT });
  await completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: url.searchParams.get('state')!, code });
  const guest = await makeGuest(db, tenant);
  const queue = async (kind: MailKind, subject: string) => {
    const queued = await enqueueMail(ctxFor(db, tenant), { kind, to: [guest.email!], subject, html: `<p>${subject}</p>`, contactId: kind === 'newsletter' ? null : guest.id });
    return outboxRow(queued.outboxId);
  };
  return { campsiteId: campsite.id, account, guest, queue };
}

describe('a campsite with its Gmail bound', () => {
  it('sends its quote through the Gmail API under its name and our Message-ID, not through Resend', async () => {
    const { campsiteId, account, guest, queue } = await campsiteWithGmail();
    const row = await queue('quote', 'Il vostro preventivo');
    expect(row.rfcMessageId).toBeTruthy();

    expect(await viaMailbox(campsiteId)).toMatchObject({ delivered: 1, retrying: 0, failed: 0 });
    const [sent] = sentByGmail(account, row.rfcMessageId!);
    expect(sent).toBeDefined();
    const headers = headersOf(sent!.raw);
    expect(headers.get('message-id')).toBe(`<${row.rfcMessageId}>`);
    expect(headers.get('from')).toBe(`Camping Lago Azzurro <${account.address}>`);
    expect(headers.get('to')).toBe(guest.email);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', transport: 'mailbox-gmail', providerMessageId: sent!.id });
    expect(resendStandIn.delivered.filter((mail) => mail.body.to.includes(guest.email!))).toHaveLength(0);
    expect(badge(await outboxRow(row.id))).toBe('Inviata dalla casella della struttura');
  });

  it('after a crash between the send and any record of it, the retry finds the mail in Sent by its Message-ID and sends nothing more', async () => {
    const { campsiteId, account, queue } = await campsiteWithGmail();
    const row = await queue('quote', 'Preventivo dopo il crash');
    await viaMailbox(campsiteId);
    expect((await outboxRow(row.id)).handedOverAt).not.toBeNull();
    const callsBefore = standIn.calls.length;

    // Died even before the mark of Gmail's acceptance was written: only Sent knows.
    await abandon(row.id);
    await db.update(mailOutbox).set({ handedOverAt: null }).where(eq(mailOutbox.id, row.id));
    expect(await viaMailbox(campsiteId)).toMatchObject({ delivered: 1 });
    const retryCalls = standIn.calls.slice(callsBefore);
    // The retry asked Gmail's search (rfc822msgid:) and sent nothing.
    expect(retryCalls.filter((call) => call.method === 'GET' && call.path.endsWith('/messages'))).toHaveLength(1);
    expect(retryCalls.filter((call) => call.path.endsWith('/messages/send'))).toHaveLength(0);
    expect(sentByGmail(account, row.rfcMessageId!)).toHaveLength(1);
    expect(await outboxRow(row.id)).toMatchObject({ status: 'sent', transport: 'mailbox-gmail', attempts: 2 });
  });

  it('keeps newsletters on Resend, and the status tells each mail’s way', async () => {
    const { campsiteId, account, guest, queue } = await campsiteWithGmail();
    const quote = await queue('quote', 'Preventivo estate');
    const newsletter = await queue('newsletter', 'Novità della stagione');

    expect(await viaMailbox(campsiteId)).toMatchObject({ delivered: 2, failed: 0 });
    const byResend = resendStandIn.delivered.filter((mail) => mail.body.to.includes(guest.email!));
    expect(byResend.map((mail) => mail.body.subject)).toEqual([newsletter.subject]);
    expect(sentByGmail(account, newsletter.rfcMessageId!)).toHaveLength(0);
    expect(sentByGmail(account, quote.rfcMessageId!)).toHaveLength(1);
    expect(await outboxRow(newsletter.id)).toMatchObject({ status: 'sent', transport: 'resend' });
    expect(badge(await outboxRow(newsletter.id))).toBe('Inviata con Resend');
    expect(badge(await outboxRow(quote.id))).toBe('Inviata dalla casella della struttura');
  });
});
