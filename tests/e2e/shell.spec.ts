import { expect, test } from './fixtures';
import { LOGINS, openAs } from './support';

test('"Nuovo Preventivo" on the quote-creation page warns instead of navigating', async ({ page }) => {
  await openAs(page, LOGINS.admin, '/crea-preventivo');
  await page.getByRole('link', { name: 'Preventivi' }).hover();
  await page.getByRole('menuitem', { name: 'Nuovo Preventivo' }).click();
  await expect(page.getByText('Sei già sulla pagina "Crea Preventivo"!')).toBeVisible();
});

test('the Newsletter entry shows only for a campsite with mailing-provider key and secret', async ({ page, browser }) => {
  await openAs(page, LOGINS.admin);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Newsletter' })).toBeVisible();

  const pinetaContext = await browser.newContext();
  const pineta = await pinetaContext.newPage();
  await openAs(pineta, LOGINS.pineta);
  await expect(pineta.getByTestId('campsite-name')).toHaveText('Villaggio Pineta');
  await expect(pineta.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(pineta.getByRole('navigation').getByRole('link', { name: 'Newsletter' })).toHaveCount(0);
  await pinetaContext.close();
});

test('on a phone the menu slides in and locks the page scroll', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openAs(page, LOGINS.admin);
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Contatti' })).toBeVisible();
  // react-remove-scroll, used by Mantine's Drawer, locks the body while the menu is open.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await context.close();
});
