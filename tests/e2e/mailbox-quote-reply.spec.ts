import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { simpleParser, type ParsedMail } from 'mailparser';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';
import { startDovecot, type Dovecot } from '../helpers/dovecot';
import { deliver } from '../helpers/dovecot-mail';
import { expectAccessibleAtRest } from './axe-at-rest';
import { encryptForServer } from './server-secret';
import { LOGINS, logIn, openAs, LANDING_TIMEOUT_MS } from './support';

const SMTP_USER = 'casella-prova';
const SMTP_PASSWORD = 'password-della-casella';

/** A local SMTP server that accepts the mailbox's login and keeps every mail it receives. */
async function smtpCapture() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth: (auth, _session, callback) =>
      auth.username === SMTP_USER && auth.password === SMTP_PASSWORD ? callback(null, { user: auth.username }) : callback(new Error('Credenziali non valide')),
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}


async function guestWithQuote(request: APIRequestContext, tag: string) {
  const login = await request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  const { token, user } = (await login.json()) as { token: string; user: { camping: string } };
  const headers = { authorization: `Bearer ${token}` };
  const email = `giulia.bianchi.${tag}@example.it`;
  const contact = await request.post('/api/addContact', { headers, data: { nome: 'Giulia', cognome: `Bianchi ${tag}`, email, language: 1 } });
  expect(contact.status(), await contact.text()).toBe(200);
  const { _id: contactId } = (await contact.json()) as { _id: string };
  const year = new Date().getFullYear() + 1;
  const quote = await request.post('/api/addQuote', {
    headers,
    data: {
      contact: contactId,
      name: 'Estate al lago',
      progress: 'nuovo',
      lingua: 1,
      schede: [{ tipologia: 'LA-PZ-STD', arrivo: `${year}-06-28`, partenza: `${year}-06-30`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { _id: quoteId } = (await quote.json()) as { _id: string };
  return { campsiteId: user.camping, contactId, quoteId, email };
}

type Seed = { campsiteId: string; contactId: string; quoteId: string; email: string; smtpPort: number; imapPort: number; tag: string };

/**
 * What a sync would have saved (lib/mailbox/store.ts saveSyncBatch): the campsite's IMAP mailbox
 * and the guest's reply in a conversation linked to the guest and the quote.
 */
async function seedMailbox(sql: postgres.Sql, seed: Seed) {
  const address = 'info@lagoazzurro.test';
  const mailboxId = `mb${seed.tag}`;
  const threadId = `mt${seed.tag}`;
  const guestMessageId = `risposta-${seed.tag}@example.it`;
  const settings = { imapHost: '127.0.0.1', imapPort: seed.imapPort, imapSecure: false, smtpHost: '127.0.0.1', smtpPort: seed.smtpPort, smtpSecure: false, username: SMTP_USER };
  await sql`delete from mailboxes where camping_id = ${seed.campsiteId}`;
  await sql`insert into mailboxes (id, camping_id, provider, address, encrypted_secret, imap_settings, full_sync_at, last_sync_at, last_sync_ms)
    values (${mailboxId}, ${seed.campsiteId}, 'imap', ${address}, ${encryptForServer(SMTP_PASSWORD)}, ${sql.json(settings)}, now(), now(), 1200)`;
  const subject = 'Re: Il vostro preventivo per l’estate';
  const sentAt = new Date(Date.now() - 10 * 60_000);
  // Our own mail the guest answered: a trace of the CRM, in its thread of traces.
  const traceThreadId = `tt${seed.tag}`;
  await sql`insert into mail_traces (id, camping_id, contact_id, quote_id, thread_id, direction, recipients, subject, body, is_sent, sent_at)
    values (${`tr${seed.tag}`}, ${seed.campsiteId}, ${seed.contactId}, ${seed.quoteId}, ${traceThreadId}, 'out', ${sql.json([seed.email])}, 'Il vostro preventivo per l’estate',
      '<p>Ecco il vostro preventivo.</p>', true, ${new Date(sentAt.getTime() - 60 * 60_000)})`;
  await sql`insert into mailbox_threads (id, camping_id, mailbox_id, thread_key, subject, snippet, participants, last_message_at, message_count, unread_count, in_inbox, quote_id, trace_thread_id)
    values (${threadId}, ${seed.campsiteId}, ${mailboxId}, ${guestMessageId}, ${subject}, 'Possiamo arrivare un giorno prima?', ${sql.json([seed.email, address])}, ${sentAt}, 1, 1, true, ${seed.quoteId}, ${traceThreadId})`;
  await sql`insert into mailbox_thread_contacts (thread_id, contact_id, camping_id) values (${threadId}, ${seed.contactId}, ${seed.campsiteId})`;
  await sql`insert into mailbox_messages (id, camping_id, mailbox_id, thread_id, provider_message_id, rfc_message_id, from_address, from_name, to_addresses, subject, snippet, html, text, folders, unread, direction, sent_at)
    values (${`mm${seed.tag}`}, ${seed.campsiteId}, ${mailboxId}, ${threadId}, ${`INBOX:1:${seed.tag}`}, ${guestMessageId}, ${seed.email}, 'Giulia Bianchi', ${sql.json([address])},
      ${subject}, 'Possiamo arrivare un giorno prima?', ${'<p>Buongiorno, possiamo arrivare un giorno prima? <img src="https://tracker.example/pixel.png" alt=""></p>'},
      'Buongiorno, possiamo arrivare un giorno prima?', ${sql.json(['INBOX'])}, true, 'in', ${sentAt})`;
  return { guestMessageId, subject, traceThreadId };
}

// One after the other: the first test needs Lago Azzurro's mailbox unbound, the second binds it (and unbinds it at the end).
test.describe.configure({ mode: 'serial' });

test('/manageGmail: a service account opens the IMAP form; a bad port is refused in Italian and what was typed stays', async ({ page }) => {
  await logIn(page, LOGINS.service);
  await expect(page).not.toHaveURL(/\/login/, { timeout: LANDING_TIMEOUT_MS });
  await page.goto('/manageGmail');
  await expect(page.getByRole('heading', { name: 'Nessuna casella collegata' })).toBeVisible();
  await expectAccessibleAtRest(page, 'main', { include: 'main', exclude: 'iframe' });
  await page.getByRole('button', { name: 'Collega un’altra casella (IMAP/SMTP)' }).click();
  const form = page.getByTestId('imap-form');
  await expect(form.getByRole('textbox', { name: 'Porta' }).first()).toHaveValue('993');
  await expect(form.getByRole('textbox', { name: 'Porta' }).nth(1)).toHaveValue('465');
  await form.getByRole('textbox', { name: 'Indirizzo e-mail' }).fill('info@lagoazzurro.test');
  await form.getByRole('textbox', { name: 'Server' }).first().fill('imap.lagoazzurro.test');
  await form.getByRole('textbox', { name: 'Porta' }).first().fill('99999');
  await form.getByRole('textbox', { name: 'Server' }).nth(1).fill('smtp.lagoazzurro.test');
  await form.getByRole('textbox', { name: 'Nome utente' }).fill('info@lagoazzurro.test');
  await form.getByRole('textbox', { name: /^Password/ }).fill('segreta');
  await form.getByRole('button', { name: 'Collega la casella' }).click();
  await expect(form.getByRole('alert').first()).toContainText('Alcuni campi non sono validi');
  const imapPort = form.getByRole('textbox', { name: 'Porta' }).first();
  await expect(imapPort).toHaveAttribute('aria-invalid', 'true');
  // The message under the field, in Italian (the wording is the IMAP schema's).
  await expect(form.locator('.mantine-InputWrapper-error').first()).toHaveText(/porta|65535|numero|valore|massimo|minore/i);
  await expect(form.getByRole('textbox', { name: 'Indirizzo e-mail' })).toHaveValue('info@lagoazzurro.test');
  await expect(form.getByRole('textbox', { name: 'Server' }).first()).toHaveValue('imap.lagoazzurro.test');
  await expect(form.getByRole('textbox', { name: 'Porta' }).first()).toHaveValue('99999');
  await expect(form.getByRole('textbox', { name: 'Nome utente' })).toHaveValue('info@lagoazzurro.test');
  await expectAccessibleAtRest(page, 'main', { include: 'main', exclude: 'iframe' });
});

/** The guest's reply seeded, the staff on the quote's page reading it; the mailbox is removed after `run`. */
async function onQuoteWithReply(page: Page, request: APIRequestContext, run: (context: { seeded: { guestMessageId: string; subject: string; traceThreadId: string }; guest: Awaited<ReturnType<typeof guestWithQuote>>; received: ParsedMail[]; dovecot: Dovecot }) => Promise<void>) {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'Needs PostgreSQL (DATABASE_URL) to write the rows a mailbox sync would.');
  const tag = randomBytes(4).toString('hex');
  const capture = await smtpCapture();
  // A real IMAP server for the mailbox (the Sent copy of the answer is filed there), SMTP captured.
  const dovecot = await startDovecot();
  await dovecot.setPassword(SMTP_USER, SMTP_PASSWORD);
  const sql = postgres(databaseUrl!, { max: 1 });
  const guest = await guestWithQuote(request, tag);
  try {
    const seeded = await seedMailbox(sql, { ...guest, tag, smtpPort: capture.port, imapPort: dovecot.port });
    await openAs(page, LOGINS.admin, `/crea-preventivo/preview/${guest.contactId}/${guest.quoteId}`);
    const section = page.getByTestId('quote-conversation');
    await expect(section.getByRole('heading', { name: 'Conversazione con il cliente' })).toBeVisible();
    await expect(section.getByText(seeded.subject).first()).toBeVisible();
    const guestMail = section.locator('[data-testid="conversation-message"][data-direction="in"]');
    await expect(guestMail.getByText(`Giulia Bianchi <${guest.email}>`)).toBeVisible();
    await expect(guestMail.frameLocator('iframe').getByText('possiamo arrivare un giorno prima?')).toBeVisible();
    await run({ seeded, guest, received: capture.received, dovecot });
  } finally {
    await sql`delete from mailboxes where camping_id = ${guest.campsiteId}`;
    await sql.end();
    await capture.close();
    await dovecot.stop();
  }
}

test('a guest’s reply shows on the quote’s page (remote images held back, the reply form ready), in the contact’s history and in the trace thread; the bound mailbox syncs on demand and unbinds', async ({ page, request }) => {
  test.setTimeout(120_000);
  await onQuoteWithReply(page, request, async ({ seeded, guest }) => {
    const section = page.getByTestId('quote-conversation');
    await expect(section.getByRole('button', { name: 'Mostra immagini' })).toBeVisible();
    await expect(section.getByRole('textbox', { name: 'A', exact: true })).toHaveValue(guest.email);
    await expect(section.getByRole('textbox', { name: 'Oggetto' })).toHaveValue(seeded.subject);
    await expectAccessibleAtRest(page, '[data-testid="quote-conversation"]', { include: '[data-testid="quote-conversation"]', exclude: 'iframe' });

    // The same reply in the guest's mail history, with our mail, and in the thread of our traces.
    await page.goto(`/clienti/${guest.contactId}`);
    const history = page.getByTestId('contact-mails');
    await expect(history.locator('tr[data-kind="casella"]').getByText('Risposta del cliente').filter({ visible: true })).toBeVisible();
    await expect(history.locator('tr[data-kind="casella"]').getByRole('link', { name: seeded.subject })).toHaveAttribute('href', /^\/mail\/conversazione\//);
    await expect(history.locator('tr[data-kind="traccia"]').getByRole('link', { name: 'Il vostro preventivo per l’estate' })).toHaveAttribute('href', `/tracciaMail/${seeded.traceThreadId}`);
    await page.goto(`/tracciaMail/${seeded.traceThreadId}`);
    const cards = page.locator('[data-kind]');
    await expect(cards).toHaveCount(2);
    await expect(cards.first().frameLocator('iframe').getByText('Ecco il vostro preventivo.')).toBeVisible();
    await expect(cards.nth(1).getByText('Risposta del cliente')).toBeVisible();
    await expect(cards.nth(1).frameLocator('iframe').getByText('possiamo arrivare un giorno prima?')).toBeVisible();

    // The bound mailbox on /manageGmail: its state, a sync on demand, then unbound after the confirmation.
    await page.goto('/manageGmail');
    const bound = page.getByTestId('bound-mailbox');
    await expect(bound.getByText('info@lagoazzurro.test')).toBeVisible();
    await expect(bound.getByText('IMAP/SMTP')).toBeVisible();
    await expectAccessibleAtRest(page, 'main', { include: 'main', exclude: 'iframe' });
    await bound.getByRole('button', { name: 'Sincronizza ora' }).click();
    await expect(page.getByText('Sincronizzazione richiesta')).toBeVisible();
    await bound.getByRole('button', { name: 'Scollega' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scollegare la casella?' });
    await expect(dialog).toContainText('Le e-mail inviate dal CRM restano nello storico dei clienti.');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(page.getByText(/^Casella scollegata/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nessuna casella collegata' })).toBeVisible();
  });
});

// THE acceptance test of the issue: a browser test reads and answers a guest's reply from the quote's page.
test('a browser test reads and answers a guest’s reply from the quote’s page', async ({ page, request }) => {
  test.setTimeout(120_000);
  await onQuoteWithReply(page, request, async ({ seeded, guest, received }) => {
    const section = page.getByTestId('quote-conversation');
    await section.getByRole('textbox', { name: 'Messaggio' }).click();
    await page.keyboard.type('Certo, vi aspettiamo dal 27 giugno.');
    await section.getByRole('button', { name: 'Rispondi' }).click();
    await expect(page.getByText('Risposta inviata.')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = received;
    expect(mail!.inReplyTo).toBe(`<${seeded.guestMessageId}>`);
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : null).toBe(guest.email);
    expect(mail!.subject).toContain(seeded.subject);
    expect(mail!.html || '').toContain('Certo, vi aspettiamo dal 27 giugno.');
    const ours = section.locator('[data-testid="conversation-message"][data-direction="out"]');
    await expect(ours.frameLocator('iframe').getByText('Certo, vi aspettiamo dal 27 giugno.')).toBeVisible();
  });
});

test('a quote sent from a campsite with its own mailbox leaves from it, and the guest’s answer without RIF lands on the quote’s page', async ({ page, request }) => {
  test.setTimeout(180_000);
  await onQuoteWithReply(page, request, async ({ guest, received, dovecot }) => {
    await page.getByRole('button', { name: 'Invia per e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
    await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
    await expect(page.getByText('Preventivo inviato a')).toBeVisible({ timeout: 30_000 });
    // Through the mailbox's SMTP under the campsite's name, not the product's provider.
    await expect.poll(() => received.length, { timeout: 90_000 }).toBe(1);
    const [mail] = received;
    expect(mail!.from?.value[0]?.address).toBe('info@lagoazzurro.test');
    expect(mail!.from?.value[0]?.name).toBeTruthy();
    expect(mail!.messageId).toMatch(/^<.+@.+>$/);

    // The guest answers from a program that dropped the RIF from the subject: only In-Reply-To links it.
    const reply = [
      `From: Giulia Bianchi <${guest.email}>`,
      'To: info@lagoazzurro.test',
      'Subject: Domanda sul soggiorno',
      `Message-ID: <risposta-senza-rif-${Date.now()}@example.it>`,
      `In-Reply-To: ${mail!.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Arriviamo alle 15, va bene?',
      '',
    ].join('\r\n');
    await deliver(dovecot, SMTP_USER, SMTP_PASSWORD, reply);
    // Synced by the server (IDLE, else the minute's schedule) into the quote's conversation, in its own frame.
    const guestMails = page.getByTestId('quote-conversation').locator('[data-testid="conversation-message"][data-direction="in"]');
    await expect
      .poll(
        async () => {
          await page.reload();
          const frames = await guestMails.locator('iframe').all();
          const found = await Promise.all(frames.map(async (frame) => (await frame.contentFrame()).getByText('Arriviamo alle 15, va bene?').count()));
          return found.reduce((sum, count) => sum + count, 0);
        },
        { timeout: 120_000, intervals: [3_000] },
      )
      .toBeGreaterThan(0);
  });
});
