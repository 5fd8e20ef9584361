import { expect, test, type Page } from './fixtures';
import { blockingViolationsAtRest } from './axe-at-rest';
import { expectNoHorizontalScroll } from './guest-checks';
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
