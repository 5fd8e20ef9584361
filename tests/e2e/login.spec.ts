import { expect, test } from './fixtures';
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

test('after five wrong passwords the form says in Italian to try later, naming no time', async ({ page }) => {
  // An address nobody uses: the delay belongs to the e-mail, known or not, and no other test shares it.
  const who = { email: `ritardo-${Date.now().toString(36)}@lagoazzurro.test`, password: 'password-sbagliata' };
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, who);
    await expect(page.getByRole('alert', { name: 'E-mail o password non corretti.' })).toBeVisible();
  }
  await logIn(page, who);
  const delay = page.getByRole('alert', { name: /^Troppi tentativi di accesso non riusciti per questo account/ });
  await expect(delay).toBeVisible();
  await expect(delay).toContainText('riprova più tardi');
  await expect(delay).not.toContainText(/\d/);
  await expect(page).toHaveURL(/\/login/);
});

test('a guesser’s siege never keeps the owner out of the browser they logged in from before', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A fresh account of Lago Azzurro, so the siege delays nobody another test logs in as.
  const admin = (await (await request.post('/api/users/login', { data: LOGINS.admin })).json()) as { token: string; user: { camping: string } };
  const owner = { email: `assedio-${Date.now().toString(36)}@lagoazzurro.test`, password: 'Password-del-titolare-1' };
  const created = await request.post('/api/users', { headers: { authorization: `Bearer ${admin.token}` }, data: { ...owner, camping: admin.user.camping, packLevel: 10 } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  await logInToDashboard(page, owner);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'crm_device' && cookie.httpOnly)).toBe(true);
  await page.context().clearCookies({ name: /^(?!crm_device$)/ });

  let guesses = 0;
  let throttled = 0;
  let ownerIn = 0;
  for (let round = 0; round < 4; round++) {
    // A distributed guesser with no cookie: each guess from another address, so only the account's delay stops them.
    for (let guess = 0; guess < 6; guess++) {
      const address = `198.51.100.${round * 10 + guess + 1}`;
      const answer = await request.post('/api/users/login', { headers: { 'x-forwarded-for': address }, data: { email: owner.email, password: `tentativo-${round}-${guess}` } });
      guesses += 1;
      if (answer.status() === 429) {
        throttled += 1;
        expect(answer.headers()['retry-after']).toBeUndefined();
      } else expect(answer.status()).toBe(400);
    }
    // The owner, in the browser that logged in before, gets in at once every time.
    await logInToDashboard(page, owner);
    ownerIn += 1;
    await page.context().clearCookies({ name: /^(?!crm_device$)/ });
  }
  console.log(`Assedio: ${guesses} tentativi del malintenzionato (${throttled} respinti con 429), ${ownerIn} accessi su 4 del titolare`);
  expect(ownerIn).toBe(4);
  // Five free guesses, then the delay: the early windows (2 s, 4 s) may run out while the owner's
  // browser logs in on a loaded machine, so at most one more guess gets through in each of the
  // first two rounds; from then on the doubled delay outlasts a round.
  expect(throttled).toBeGreaterThanOrEqual(guesses - 8);
  // The attacker's own browser, without the mark, is still delayed even with the right password.
  const stranger = await request.post('/api/users/login', { data: owner });
  expect(stranger.status()).toBe(429);
});
