import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { expect, test, type Page } from './fixtures';
import { blockingViolationsAtRest } from './axe-at-rest';
import { expectNoHorizontalScroll } from './guest-checks';
import { legacyLogin } from './legacy-client';
import { LOGINS, openAs } from './support';

/**
 * Issue 30, the operator's screen: an import from the old CRM as a job with progress. The "old CRM"
 * is this very server (it serves the same legacy contract), read with the demo campsite's administrator (only an administrator may list the users).
 */

async function fillForm(page: Page, baseURL: string, password: string) {
  await page.getByRole('textbox', { name: 'Indirizzo del vecchio CRM' }).fill(baseURL);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(LOGINS.admin.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
}

test('the operator starts a dry run from the old CRM and sees the progress, then the report with the contacts on both sides', async ({ page, baseURL }) => {
  await openAs(page, LOGINS.operator, '/settings?v=importa');
  await expect(page.getByRole('heading', { name: 'Importa dal vecchio CRM', level: 1 })).toBeVisible();
  await fillForm(page, baseURL!, LOGINS.admin.password);
  const destination = page.getByRole('combobox', { name: 'Campeggio di destinazione' });
  await destination.click();
  await destination.fill('Lago');
  await page.getByRole('option', { name: /Camping Lago Azzurro/ }).click();
  await page.getByRole('checkbox', { name: 'Solo prova (nessuna scrittura)' }).check();
  await page.getByRole('button', { name: 'Avvia la prova' }).click();

  const progress = page.getByRole('region', { name: 'Avanzamento' });
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: 'Tipi di record importati' })).toBeVisible();
  await expect(progress.getByText('Conclusa', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(progress.getByRole('progressbar', { name: 'Tipi di record importati' })).toHaveAttribute('aria-valuenow', '100');

  const report = progress.getByRole('region', { name: 'Resoconto della verifica' });
  await expect(report.getByText('Prova: letto tutto, scritto nulla.')).toBeVisible();
  // A dry run into the campsite it reads: as many contacts on the old side as here, none written.
  const contacts = report.getByRole('row', { name: /^Clienti/ });
  const cells = (await contacts.getByRole('cell').allTextContents()).map(Number);
  const [there, here, written] = cells;
  expect(there).toBeGreaterThan(0);
  expect(here).toBe(there);
  expect(written).toBe(0);
  // The counts while it ran: every contact read, none written.
  await expect(progress.getByTestId('legacy-import-counts').getByRole('row', { name: /^Clienti/ }).getByRole('cell').first()).toHaveText(String(there));
  expect(await blockingViolationsAtRest(page, 'importazione conclusa')).toEqual([]);

  // Listed among the past imports, with its outcome.
  await page.reload();
  const history = page.getByRole('region', { name: 'Importazioni recenti' });
  await expect(history.getByRole('row').filter({ hasText: 'Camping Lago Azzurro' }).filter({ hasText: 'Conclusa' }).first()).toBeVisible();
});

test('on a phone, by keyboard: a wrong password of the old CRM shows the Italian error beside the password and keeps what was typed', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, LOGINS.operator, '/settings?v=importa');
  await expectNoHorizontalScroll(page);
  await fillForm(page, baseURL!, 'non-è-la-password');
  const dryRun = page.getByRole('checkbox', { name: 'Solo prova (nessuna scrittura)' });
  await dryRun.focus();
  await page.keyboard.press('Space');
  await expect(dryRun).toBeChecked();
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');

  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveAccessibleDescription(
    new RegExp(`Il vecchio CRM ha rifiutato l’accesso di ${LOGINS.admin.email.replace('.', '\\.')}: controlla e-mail e password`),
    { timeout: 30_000 },
  );
  await expect(password).toHaveValue('non-è-la-password');
  await expect(page.getByRole('textbox', { name: 'Indirizzo del vecchio CRM' })).toHaveValue(baseURL!);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(LOGINS.admin.email);
  await expect(page.getByRole('checkbox', { name: 'Solo prova (nessuna scrittura)' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Avvia la prova' })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  expect(await blockingViolationsAtRest(page, 'importazione, password rifiutata')).toEqual([]);
});

test('under a finished import’s report the operator invites the imported users once, after a confirmation', async ({ page, request }) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'Needs PostgreSQL (DATABASE_URL) to write the finished import the job would.');
  const { campsiteId } = await legacyLogin(request);
  const sql = postgres(databaseUrl!, { max: 1 });
  const tag = randomBytes(4).toString('hex');
  const email = `importata-${tag}@vecchio.test`;
  const hex = () => randomBytes(12).toString('hex');
  try {
    // What the import's job leaves: a user without a password (none crosses) and its finished row.
    await sql`insert into users (id, camping_id, email, name, password_hash, pack_level) values (${hex()}, ${campsiteId}, ${email}, 'Giulia Importata', '!nessuna-password', 10)`;
    const report = { dryRun: false, kinds: [], samples: [], skippedTotal: 0, skipped: [], calls: 3 };
    const [run] = await sql`insert into legacy_imports (id, camping_id, source_url, status, report, finished_at)
      values (${hex()}, ${campsiteId}, 'https://crm.vecchio.test', 'done', ${sql.json(report)}, now()) returning id`;

    await openAs(page, LOGINS.operator, `/settings?v=importa&id=${run.id}`);
    const invitations = page.getByRole('region', { name: 'Utenti importati' });
    await expect(invitations).toContainText(/utent[ei] non ha(nno)? ancora una password/);
    await invitations.getByRole('button', { name: 'Invia gli inviti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviare gli inviti?' });
    await expect(dialog).toContainText('un link valido 7 giorni');
    // The focus starts on «Annulla»: Enter by habit sends nothing.
    await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Invia gli inviti' }).click();
    await expect(dialog).toBeHidden();
    await expect(invitations.getByRole('status')).toContainText(email);
    const [mail] = await sql`select kind, subject from mail_outbox where camping_id = ${campsiteId} and recipients @> ${sql.json([email])}`;
    expect(mail).toMatchObject({ kind: 'user-invitation', subject: expect.stringContaining('Il tuo accesso al nuovo CRM') });

    // Asked again after a reload: named as already invited, and no second mail.
    await page.reload();
    await page.getByRole('region', { name: 'Utenti importati' }).getByRole('button', { name: 'Invia gli inviti' }).click();
    await page.getByRole('dialog', { name: 'Inviare gli inviti?' }).getByRole('button', { name: 'Invia gli inviti' }).click();
    const again = page.getByRole('region', { name: 'Utenti importati' }).getByRole('status');
    await expect(again).toContainText('Già invitati con questa importazione (nessun nuovo invio)');
    await expect(again.getByRole('listitem').filter({ hasText: email })).toHaveCount(1);
    const mails = await sql`select id from mail_outbox where camping_id = ${campsiteId} and recipients @> ${sql.json([email])}`;
    expect(mails).toHaveLength(1);
    expect(await blockingViolationsAtRest(page, 'inviti agli utenti importati')).toEqual([]);
  } finally {
    // The demo's other tests count the campsite's users: this one leaves with its tokens and mails.
    await sql`delete from login_tokens where user_id in (select id from users where email = ${email})`;
    await sql`delete from users where email = ${email}`;
    await sql.end();
  }
});
