import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxMessages } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { attachmentResponse, MAX_ATTACHMENT_BYTES, receivedAttachment } from '@/lib/mailbox/attachments';
import { completeGoogleAuthorization, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { syncMailbox } from '@/lib/mailbox/sync';
import { ctxFor, jobCtxFor, staffWork } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { deliver, imapSession } from '../helpers/dovecot-mail';
import { gmailStandInEnvironment } from '../helpers/gmail-env';
import { useMailServers } from '../helpers/mail-servers';
import { makeQuotesAccount, unique } from '../helpers/quotes';

// env() is read once: the stand-in's address must be in place before anything reads it.
const standIn = await gmailStandInEnvironment();
const db = await useTestDatabase();
afterAll(() => standIn.close());

const REDIRECT = 'https://crm.example.it/api/mailbox/google/callback';
const IMAP_USER = 'allegati-grandi@camping-imap.test';
const IMAP_PASSWORD = 'allegati-grandi-segreta';
const servers = useMailServers({ [IMAP_USER]: IMAP_PASSWORD });

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(400_000)]);
// Just over the cap, as a guest's phone video would be.
const video = randomBytes(MAX_ATTACHMENT_BYTES + 1024);

/** A guest's mail with one attachment, as their mail program builds it. */
async function guestMail(to: string, file: { fileName: string; content: Buffer; contentType: string }) {
  const messageId = `<allegato-${unique()}@ospite.example>`;
  const raw = await new MailComposer({
    from: 'Anna Verdi <anna@ospite.example>',
    to,
    subject: 'Documenti per la prenotazione',
    messageId,
    text: 'In allegato.',
    attachments: [{ filename: file.fileName, content: file.content, contentType: file.contentType }],
  })
    .compile()
    .build();
  return { messageId: messageId.slice(1, -1), raw };
}

async function storedId(campsiteId: string, rfcMessageId: string): Promise<string> {
  const [stored] = await db.select({ id: mailboxMessages.id }).from(mailboxMessages).where(and(eq(mailboxMessages.campingId, campsiteId), eq(mailboxMessages.rfcMessageId, rfcMessageId)));
  return stored!.id;
}

const refusal = (campsiteId: string, messageId: string) => receivedAttachment(ctxFor(db, { campsiteId }), { messageId, index: 0 }).catch((error: unknown) => error);

function expectTooLarge(error: unknown) {
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe('too_large');
  expect((error as AppError).message).toMatch(/troppo grande/);
}

describe('a received attachment of a bound Gmail', () => {
  const account = standIn.account(`allegati-${unique()}@gmail.test`);
  let campsiteId: string;
  let small: Awaited<ReturnType<typeof guestMail>>;
  let large: Awaited<ReturnType<typeof guestMail>>;
  const gmailIds: Record<string, string> = {};

  beforeAll(async () => {
    small = await guestMail(account.address, { fileName: 'carta d’identità.pdf', content: pdf, contentType: 'application/pdf' });
    large = await guestMail(account.address, { fileName: 'video.mp4', content: video, contentType: 'video/mp4' });
    const { campsite, user } = await makeQuotesAccount(db);
    campsiteId = campsite.id;
    gmailIds.small = account.add(small.raw).id;
    gmailIds.large = account.add(large.raw).id;
    const who = { campsiteId, userId: user.id };
    const url = new URL(await startGoogleAuthorization(ctxFor(db, who), { redirectUri: REDIRECT }));
    const code = standIn.issueCode({ account, codeChallenge: url.searchParams.get('code_challenge')!, redirectUri: REDIRECT });
    await completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: url.searchParams.get('state')!, code });
    expect(await syncMailbox(jobCtxFor(db, campsiteId))).toMatchObject({ state: 'synced', added: 2 });
  });

  it('downloads byte-identical, fetched from Gmail on demand', async () => {
    const callsBefore = standIn.calls.length;
    const file = await receivedAttachment(ctxFor(db, { campsiteId }), { messageId: await storedId(campsiteId, small.messageId), index: 0 });
    expect(standIn.calls.slice(callsBefore).map((call) => call.path)).toContain(`/gmail/v1/users/me/messages/${gmailIds.small}`);
    expect(file.bytes.equals(pdf)).toBe(true);
    const response = attachmentResponse(file);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('one over 25 MB is refused as «troppo grande» without asking Gmail for the mail', async () => {
    const callsBefore = standIn.calls.length;
    expectTooLarge(await refusal(campsiteId, await storedId(campsiteId, large.messageId)));
    expect(standIn.calls.slice(callsBefore)).toEqual([]);
  });
});

describe('a received attachment over 25 MB of a bound IMAP mailbox', () => {
  it('is refused as «troppo grande» from what the sync stored, without fetching the mail again', async () => {
    const { campsite, user } = await makeQuotesAccount(db);
    await bindImapMailbox(ctxFor(db, { campsiteId: campsite.id, userId: user.id }), { address: IMAP_USER, settings: servers.settings(IMAP_USER), password: IMAP_PASSWORD });
    const large = await guestMail(IMAP_USER, { fileName: 'video.mp4', content: video, contentType: 'video/mp4' });
    await deliver(servers.dovecot, IMAP_USER, IMAP_PASSWORD, large.raw);
    await syncMailbox(jobCtxFor(db, campsite.id));
    const id = await storedId(campsite.id, large.messageId);
    // Gone from the server since: a download that went there would answer «non è più nella casella» instead.
    await imapSession(servers.dovecot, IMAP_USER, IMAP_PASSWORD, async (client) => {
      const lock = await client.getMailboxLock('INBOX');
      try {
        await client.messageDelete({ header: { 'message-id': `<${large.messageId}>` } });
      } finally {
        lock.release();
      }
    });
    expectTooLarge(await refusal(campsite.id, id));
  });
});
