import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { LOGINS, logIn } from './support';

// Journeys with two browsers and several logins (argon2 each): on the shared two cores they need more than 30 s.
test.describe.configure({ timeout: 90_000 });

/** Each login verifies an argon2 hash; with other agents' builds on the same cores it can take more than 10 s. */
async function logInToDashboard(page: Page, who: { email: string; password: string }) {
  await logIn(page, who);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

const passwordField = (page: Page, label: string) => page.getByRole('main').getByRole('textbox', { name: label, exact: true });

test('an admin adds a user who logs in, changes nothing with a wrong old password, and is logged out on the next click once deleted', async ({ page, browser }) => {
  const email = `collega-${randomBytes(4).toString('hex')}@lagoazzurro.test`;
  const password = 'Collega-2026-prova';

  // The admin adds the colleague; a weak password is refused in Italian and what was typed stays.
  await logInToDashboard(page, LOGINS.admin);
  await page.goto('/settings?v=showUsers&nuovo=1');
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill(email);
  await passwordField(page, 'Password').fill('corta');
  await main.getByRole('button', { name: 'Aggiungi utente' }).click();
  await expect(main.getByText('La password deve avere almeno 10 caratteri, con almeno una lettera e una cifra.')).toBeVisible();
  await expect(main.getByLabel('E-mail')).toHaveValue(email);
  await passwordField(page, 'Password').fill(password);
  await main.getByRole('button', { name: 'Aggiungi utente' }).click();
  await expect(page).toHaveURL(/utenteID=/);
  await expect(main.getByRole('heading', { name: `Utente ${email}` })).toBeVisible();

  // The colleague logs in from another browser.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await logInToDashboard(colleague, { email, password });

  // Own password with a wrong old one: the Italian error next to the field, both fields as typed.
  await colleague.goto('/settings?v=detUser');
  await passwordField(colleague, 'Password attuale').fill('Sbagliata-2026');
  await passwordField(colleague, 'Nuova password').fill('Nuovissima-2026');
  await colleague.getByRole('main').getByRole('button', { name: 'Cambia la password' }).click();
  await expect(colleague.getByRole('main').getByText('La password attuale non è corretta.')).toBeVisible();
  await expect(passwordField(colleague, 'Password attuale')).toHaveValue('Sbagliata-2026');
  await expect(passwordField(colleague, 'Nuova password')).toHaveValue('Nuovissima-2026');

  // The admin deletes the colleague after confirming.
  await main.getByRole('button', { name: 'Elimina utente' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(email)).toBeVisible();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(/v=showUsers$/);
  await expect(page.getByTestId('users-table')).not.toContainText(email);

  // The colleague's open page: the next click leads to the login page, unless the bell's poll (1.5 s
  // after a page loads, then every 30 s) got there first; a click racing that navigation never ends.
  const click = colleague.getByRole('navigation').getByRole('link', { name: 'Contatti' }).first().click().catch(() => undefined);
  await Promise.race([click, colleague.waitForURL(/\/login/)]);
  await expect(colleague).toHaveURL(/\/login/);
  await colleagueContext.close();

  // The audit log tells what happened, newest first.
  await page.goto('/settings?v=audit');
  const log = page.getByTestId('audit-table');
  await expect(log.getByRole('row').nth(1)).toContainText('Utente eliminato');
  await expect(log.getByRole('row').nth(1)).toContainText(`Utente ${email} eliminato`);
  await expect(log).toContainText('Utente aggiunto');
  await expect(log).toContainText(LOGINS.admin.email);
  await expect(log.getByRole('row').nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
});

test('the admin’s own row cannot be deleted or demoted, and staff cannot open the users list', async ({ page, browser }) => {
  await logInToDashboard(page, LOGINS.admin);
  await page.goto('/settings?v=showUsers');
  const table = page.getByTestId('users-table');
  await expect(table).toContainText(LOGINS.staff.email);
  await table.getByRole('row').filter({ hasText: LOGINS.admin.email }).getByRole('link').click();
  await expect(page).toHaveURL(/utenteID=/);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Amministratore del campeggio')).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Elimina utente' })).toHaveCount(0);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logInToDashboard(staff, LOGINS.staff);
  const answer = await staff.goto('/settings?v=showUsers');
  expect(answer?.status()).toBe(404);
  await staffContext.close();
});
