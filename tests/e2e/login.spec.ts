import { expect, test } from '@playwright/test';
import { LANDING_TIMEOUT_MS, LOGINS, logIn, logInToDashboard } from './support';

test('password login lands on the dashboard of the campsite', async ({ page }) => {
  await logInToDashboard(page, LOGINS.admin);
  await expect(page.getByTestId('campsite-name')).toHaveText('Camping Lago Azzurro');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-contacts')).toContainText(/\d/);
  await expect(page.getByTestId('app-footer')).toBeVisible();
});

test('a wrong password shows the Italian error and stays on /login, keeping the e-mail typed', async ({ page }) => {
  await logIn(page, { email: LOGINS.staff.email, password: 'password-sbagliata' });
  await expect(page.getByRole('alert', { name: 'E-mail o password non corretti.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(LOGINS.staff.email);
});

test('an unknown e-mail gets exactly the same error as a wrong password', async ({ page }) => {
  await logIn(page, { email: 'nessuno@lagoazzurro.test', password: 'qualcosa-di-lungo' });
  await expect(page.getByRole('alert', { name: 'E-mail o password non corretti.' })).toBeVisible();
});

test('the login page has no footer and no navigation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Accedi al CRM' })).toBeVisible();
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test('an unknown path shows the Italian 404 page', async ({ page }) => {
  const response = await page.goto('/pagina-che-non-esiste');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
});

test('a protected page without a session leads to /login and back after logging in', async ({ page }) => {
  await page.goto('/preventivi');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpreventivi/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(LOGINS.staff.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(LOGINS.staff.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/preventivi$/, { timeout: LANDING_TIMEOUT_MS });
});

test('after five wrong passwords the form says in Italian how long to wait', async ({ page }) => {
  // An address nobody uses: the delay belongs to the e-mail, known or not, and no other test shares it.
  const who = { email: `ritardo-${Date.now().toString(36)}@lagoazzurro.test`, password: 'password-sbagliata' };
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, who);
    await expect(page.getByRole('alert', { name: 'E-mail o password non corretti.' })).toBeVisible();
  }
  await logIn(page, who);
  const delay = page.getByRole('alert', { name: /^Troppi tentativi di accesso non riusciti per questo account/ });
  await expect(delay).toBeVisible();
  await expect(delay).toContainText(/per sicurezza il prossimo tentativo è possibile tra \d+ second[oi] \(alle \d\d:\d\d:\d\d\)/);
  await expect(page).toHaveURL(/\/login/);
});
