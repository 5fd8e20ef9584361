import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import postgres from 'postgres';
import { expect, test } from './fixtures';
import { startDovecot } from '../helpers/dovecot';
import { deliver, flagsAt } from '../helpers/dovecot-mail';
import { encryptForServer } from './server-secret';
import { LOGINS, openAs } from './support';

const USER = 'casella-client';
const PASSWORD = 'password-della-casella-client';
const ADDRESS = 'info@lagoazzurro.test';

// The guest's reply is really in the IMAP server (the download and the \Seen flag go there); the
// rows are what a sync would have saved from it (lib/mailbox/store.ts), so no worker timing is involved.
test('a guest’s reply with an attachment: listed under the sender’s name, read on opening (here and at the server), the attachment downloads', async ({ page }) => {
  test.setTimeout(120_000);
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'Needs PostgreSQL to write the rows a mailbox sync would.');
  const tag = randomBytes(4).toString('hex');
  const dovecot = await startDovecot();
  await dovecot.setPassword(USER, PASSWORD);
  const sql = postgres(databaseUrl!, { max: 1 });
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
  const messageId = `documenti-${tag}@ospite.example`;
  const subject = `Documenti per l’arrivo ${tag}`;
  const raw = await new MailComposer({
    from: 'Anna Verdi <anna.verdi@ospite.example>',
    to: ADDRESS,
    subject,
    messageId: `<${messageId}>`,
    text: 'Buongiorno, vi mando i documenti.',
    attachments: [{ filename: 'documenti arrivo.pdf', content: pdf, contentType: 'application/pdf' }],
  })
    .compile()
    .build();
  const stored = await deliver(dovecot, USER, PASSWORD, raw);
  if (!stored) throw new Error('Dovecot did not take the guest’s mail');
  const [{ id: campsiteId }] = await sql<{ id: string }[]>`select camping_id as id from users where email = ${LOGINS.admin.email}`;
  try {
    const settings = { imapHost: '127.0.0.1', imapPort: dovecot.port, imapSecure: false, smtpHost: '127.0.0.1', smtpPort: 1, smtpSecure: false, username: USER };
    await sql`delete from mailboxes where camping_id = ${campsiteId}`;
    await sql`insert into mailboxes (id, camping_id, provider, address, encrypted_secret, imap_settings, full_sync_at, last_sync_at, last_sync_ms)
      values (${`mb${tag}`}, ${campsiteId}, 'imap', ${ADDRESS}, ${encryptForServer(PASSWORD)}, ${sql.json(settings)}, now(), now(), 1200)`;
    const sentAt = new Date(Date.now() - 5 * 60_000);
    await sql`insert into mailbox_threads (id, camping_id, mailbox_id, thread_key, subject, snippet, participants, last_message_at, message_count, unread_count, in_inbox)
      values (${`mt${tag}`}, ${campsiteId}, ${`mb${tag}`}, ${messageId}, ${subject}, 'Buongiorno, vi mando i documenti.', ${sql.json(['anna.verdi@ospite.example', ADDRESS])}, ${sentAt}, 1, 1, true)`;
    // A long mail: the frame grows to it instead of scrolling inside a fixed box.
    const html = `<p>Buongiorno, vi mando i documenti.</p>${Array.from({ length: 30 }, (_, line) => `<p>Riga ${line + 1} del messaggio.</p>`).join('')}`;
    await sql`insert into mailbox_messages (id, camping_id, mailbox_id, thread_id, provider_message_id, rfc_message_id, from_address, from_name, to_addresses, subject, snippet, html, text, attachments, folders, unread, direction, sent_at)
      values (${`mm${tag}`}, ${campsiteId}, ${`mb${tag}`}, ${`mt${tag}`}, ${`INBOX:${stored.uidValidity}:${stored.uid}`}, ${messageId}, 'anna.verdi@ospite.example', 'Anna Verdi', ${sql.json([ADDRESS])},
        ${subject}, 'Buongiorno, vi mando i documenti.', ${html}, 'Buongiorno, vi mando i documenti.',
        ${sql.json([{ fileName: 'documenti arrivo.pdf', mimeType: 'application/pdf', byteSize: pdf.length, index: 0 }])}, ${sql.json(['INBOX'])}, true, 'in', ${sentAt})`;

    // On a phone the Mail entry's badge is inside the closed menu: the menu button says it.
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, LOGINS.admin, '/mail');
    await expect(page.getByRole('button', { name: 'Apri il menu (1 e-mail da leggere)' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = page.getByTestId('thread-list').getByRole('link', { name: new RegExp(subject) });
    await expect(row).toContainText('Anna Verdi');
    await expect(page.getByTestId('mail-unread-badge').first()).toBeVisible();

    await row.click();
    const frame = page.getByTestId('message-card').locator('iframe');
    await expect(frame.contentFrame().getByText('Buongiorno, vi mando i documenti.')).toBeVisible();
    await expect(frame).toHaveAttribute('data-fitted', 'true');
    const fitted = await frame.evaluate((element: HTMLIFrameElement) => ({ frame: element.clientHeight, mail: element.contentDocument!.documentElement.scrollHeight }));
    expect(fitted.frame).toBeGreaterThan(600);
    expect(fitted.frame).toBeGreaterThanOrEqual(fitted.mail);
    await expect.poll(async () => (await sql`select unread from mailbox_messages where id = ${`mm${tag}`}`)[0]?.unread, { timeout: 15_000 }).toBe(false);
    expect(await flagsAt(dovecot, USER, PASSWORD, `<${messageId}>`)).toContain('\\Seen');
    await expect(page.getByTestId('mail-unread-badge')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Apri il menu', exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    const download = page.waitForEvent('download');
    await page.getByTestId('mail-attachment').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('documenti arrivo.pdf');
    expect((await readFile(await file.path())).equals(pdf)).toBe(true);
  } finally {
    await sql`delete from mailboxes where camping_id = ${campsiteId}`;
    await sql.end();
    await dovecot.stop();
  }
});
