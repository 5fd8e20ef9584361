import { expect, test } from './fixtures';
import { LOGINS, logIn, logInToDashboard } from './support';

test('after logout the dashboard leads to /login, a replayed cookie too, and stored state is gone', async ({ page, browser }) => {
  await logInToDashboard(page, LOGINS.admin);
  await page.evaluate(() => {
    localStorage.setItem('token', 'vecchio');
    sessionStorage.setItem('quotes', '[]');
  });
  const cookies = await page.context().cookies();
  await page.getByTestId('settings-menu').click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login\?motivo=uscito/);
  await expect(page.getByText('Sei uscito dal CRM.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // The old cookie, replayed from another browser, is refused by the server.
  const replay = await browser.newContext();
  await replay.addCookies(cookies);
  const replayPage = await replay.newPage();
  await replayPage.goto('/dashboard');
  await expect(replayPage).toHaveURL(/\/login/);
  await replay.close();
});

test('the service account opening /clienti is logged out to /login', async ({ page }) => {
  await logIn(page, LOGINS.service);
  await expect(page).toHaveURL(/\/mail$/);
  // Its own pages keep working: nothing it sees, or the router prefetches, logs it out.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page).toHaveURL(/\/mail$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Preventivi' })).toHaveCount(0);
  await page.goto('/clienti');
  await expect(page).toHaveURL(/\/login\?motivo=livello/);
  await expect(page.getByText('Il tuo account non ha accesso a quella sezione: sei stato disconnesso.')).toBeVisible();
  // Logged out for real: even the level-0 mail page now asks to log in.
  await page.goto('/mail');
  await expect(page).toHaveURL(/\/login/);
});

test('the non-admin user sees the reduced settings menu, the admin the full one', async ({ page, browser }) => {
  await logInToDashboard(page, LOGINS.staff);
  await page.getByTestId('settings-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Opzioni preventivo', 'Account CRM', 'Casella di posta', 'Novità del CRM', 'Esci']);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInToDashboard(admin, LOGINS.admin);
  await admin.getByTestId('settings-menu').click();
  await expect(admin.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Aggiungi utente',
    'Mostra utenti',
    'Opzioni preventivo',
    'Impostazioni del campeggio',
    'Registro attività',
    'Account CRM',
    'Casella di posta',
    'Novità del CRM',
    'Esci',
  ]);
  await adminContext.close();
});
