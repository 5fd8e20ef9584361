import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailboxMessages } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { attachmentResponse, receivedAttachment, safeContentType } from '@/lib/mailbox/attachments';
import { bindImapMailbox } from '@/lib/mailbox/imap/bind';
import { syncMailbox } from '@/lib/mailbox/sync';
import { ctxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { deliver } from '../helpers/dovecot-mail';
import { makeQuotesAccount, unique } from '../helpers/quotes';
import { useMailServers } from '../helpers/mail-servers';

const USER = 'allegati@camping-imap.test';
const PASSWORD = 'allegati-segreta';

let db: Database;
const servers = useMailServers({ [USER]: PASSWORD });

beforeAll(async () => {
  db = await useTestDatabase();
});

describe('a received attachment downloads from the mailbox', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000)]);
  const messageId = `<allegato-${unique()}@guest.example>`;
  let campsiteId: string;
  let otherCampsiteId: string;
  let storedId: string;

  beforeAll(async () => {
    const account = await makeQuotesAccount(db);
    campsiteId = account.campsite.id;
    otherCampsiteId = (await makeQuotesAccount(db)).campsite.id;
    await bindImapMailbox(ctxFor(db, { campsiteId, userId: account.user.id }), {
      address: USER,
      settings: servers.settings(USER),
      password: PASSWORD,
    });
    const raw = await new MailComposer({
      from: 'Anna Verdi <anna@ospite.example>',
      to: USER,
      subject: 'Documenti per la prenotazione',
      messageId,
      text: 'Ecco il documento.',
      attachments: [
        { filename: 'carta d’identità.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'pagina.html', content: '<script>alert(1)</script>', contentType: 'text/html' },
      ],
    })
      .compile()
      .build();
    await deliver(servers.dovecot, USER, PASSWORD, raw);
    await syncMailbox(jobCtxFor(db, campsiteId));
    const [stored] = await db.select().from(mailboxMessages).where(and(eq(mailboxMessages.campingId, campsiteId), eq(mailboxMessages.rfcMessageId, messageId.slice(1, -1))));
    storedId = stored!.id;
    expect(stored!.attachments.map((file) => file.fileName)).toEqual(['carta d’identità.pdf', 'pagina.html']);
  });

  it('gives the same bytes the guest sent, as a download under its own name', async () => {
    const file = await receivedAttachment(ctxFor(db, { campsiteId }), { messageId: storedId, index: 0 });
    expect(file.bytes.equals(pdf)).toBe(true);
    const response = attachmentResponse(file);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="carta d_identit_.pdf"; filename*=UTF-8''${encodeURIComponent('carta d’identità.pdf')}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('never serves a type the browser would run', async () => {
    const file = await receivedAttachment(ctxFor(db, { campsiteId }), { messageId: storedId, index: 1 });
    expect(attachmentResponse(file).headers.get('content-type')).toBe('application/octet-stream');
    expect(safeContentType('image/svg+xml')).toBe('application/octet-stream');
  });

  it('another campsite’s message, or an index the mail does not have, is not found', async () => {
    const across = await receivedAttachment(ctxFor(db, { campsiteId: otherCampsiteId }), { messageId: storedId, index: 0 }).catch((error: unknown) => error);
    expect(across).toBeInstanceOf(AppError);
    expect((across as AppError).kind).toBe('not_found');
    const missing = await receivedAttachment(ctxFor(db, { campsiteId }), { messageId: storedId, index: 7 }).catch((error: unknown) => error);
    expect((missing as AppError).kind).toBe('not_found');
  });
});
