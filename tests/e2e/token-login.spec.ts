import { expect, test } from './fixtures';
import { E2E_PLATFORM_KEY, LANDING_TIMEOUT_MS, LOGINS } from './support';

test('a one-time token from the booking platform logs in once and is refused the second time', async ({ page, request, browser }) => {
  const minted = await request.post('/api/users/createLoginToken', {
    headers: { 'x-api-key': E2E_PLATFORM_KEY },
    data: { email: LOGINS.staff.email },
  });
  expect(minted.status()).toBe(200);
  const { uuid, url } = (await minted.json()) as { uuid: string; url: string };
  expect(url).toContain(`/loginCV/${uuid}`);

  await page.goto(`/loginCV/${uuid}`);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: LANDING_TIMEOUT_MS });
  await expect(page.getByTestId('campsite-name')).toHaveText('Camping Lago Azzurro');

  const second = await browser.newContext();
  const again = await second.newPage();
  await again.goto(`/loginCVL/${uuid}`);
  await expect(again.getByRole('alert', { name: 'Accesso non riuscito' })).toContainText('non è valido, è scaduto oppure è già stato usato');
  await again.goto('/dashboard');
  await expect(again).toHaveURL(/\/login/);
  await second.close();
});

test('minting a token needs the platform key', async ({ request }) => {
  const refused = await request.post('/api/users/createLoginToken', { headers: { 'x-api-key': 'sbagliata' }, data: { email: LOGINS.staff.email } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toMatch(/Chiave API/);
});
