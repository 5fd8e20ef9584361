import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import sharp from 'sharp';
import { LOGINS, logIn } from './support';

/** A service account (pack level 0) lands on /mail; the image manager is open to it. */
async function logInAsService(page: Page) {
  await logIn(page, LOGINS.service);
  await expect(page).toHaveURL(/\/mail$/);
}

const picture = (background: string) => sharp({ create: { width: 320, height: 200, channels: 3, background } }).jpeg().toBuffer();

test('a service account uploads two pictures, sees them in the grid and deletes one after confirming', async ({ page }) => {
  const tag = randomBytes(4).toString('hex');
  const names = [`spiaggia-${tag}.jpg`, `pineta-${tag}.jpg`];
  await logInAsService(page);
  await page.goto('/imageManager');
  await expect(page.getByRole('heading', { name: 'Immagini e descrizioni' })).toBeVisible();

  await page.locator('input[type="file"]').first().setInputFiles([
    { name: names[0], mimeType: 'image/jpeg', buffer: await picture('#3b82f6') },
    { name: names[1], mimeType: 'image/jpeg', buffer: await picture('#16a34a') },
  ]);
  await expect(page.getByText('2 di 2 caricate')).toBeVisible();
  const grid = page.getByRole('list', { name: 'Immagini del campeggio' });
  for (const name of names) await expect(grid.getByText(name)).toBeVisible();

  // The picture is served without a login, with the headers that keep it a picture.
  const src = await grid.getByTestId('image-card').filter({ hasText: names[0] }).locator('img').getAttribute('src');
  const served = await page.request.get(src!, { headers: { cookie: '' } });
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  await page.getByRole('button', { name: `Elimina ${names[0]}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminare l’immagine?' });
  await expect(dialog).toContainText(names[0]);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(dialog).toBeHidden();
  await expect(grid.getByText(names[0])).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Immagini del campeggio' }).getByText(names[1])).toBeVisible();
  await expect(page.getByRole('list', { name: 'Immagini del campeggio' }).getByText(names[0])).toHaveCount(0);
});

test('an HTML page renamed .png is refused with an Italian message', async ({ page }) => {
  await logInAsService(page);
  await page.goto('/imageManager');
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'finta.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(page.getByRole('alert').filter({ hasText: 'non è un’immagine' })).toBeVisible();
});
