import { expect, test } from './fixtures';
import { LOGINS, openAs } from './support';
import { expectAccessible } from './guest-checks';

test('the hidden editing mode: the long chord makes the page editable, three Escapes end it, nothing is saved', async ({ page }) => {
  await openAs(page, LOGINS.admin);
  const body = page.locator('body');
  await expect(body).not.toHaveAttribute('contenteditable', 'true');
  await page.keyboard.press('Control+Alt+Shift+KeyM');
  await expect(page.getByTestId('edit-mode-banner')).toBeVisible();
  await expect(body).toHaveAttribute('contenteditable', 'true');

  const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await heading.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' di prova');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard di prova');

  // Two Escapes are not enough; the third ends the mode.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('edit-mode-banner')).toHaveCount(0);
  await expect(body).not.toHaveAttribute('contenteditable', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});

test('the help page documents the editing mode and is reachable from the bar', async ({ page }) => {
  await openAs(page, LOGINS.staff);
  await page.getByRole('link', { name: 'Aiuto' }).click();
  await expect(page).toHaveURL(/\/aiuto$/);
  await expect(page.getByTestId('shortcuts')).toContainText('Modalità modifica della pagina');
  await expect(page.getByTestId('shortcuts')).toContainText('Esc tre volte di seguito');
  await expectAccessible(page, '/aiuto');
});

test('/loader is public and hands over to a path of this site only', async ({ page }) => {
  await page.goto('/loader?next=%2Fpreventivi');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpreventivi/);
  await page.goto('/loader?next=https%3A%2F%2Fesempio.example%2F');
  await expect(page).toHaveURL(/\/login/);
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test('/fileupload uploads an image that then shows in the image manager', async ({ page }) => {
  await openAs(page, LOGINS.admin, '/fileupload');
  await expect(page.getByRole('heading', { level: 1, name: 'Carica file' })).toBeVisible();
  // A 1×1 PNG: the server re-encodes it like every upload.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Carica immagini' }).click();
  await (await chooser).setFiles({ name: 'piazzola-fileupload.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('piazzola-fileupload.png')).toBeVisible();
  await expect(page.getByText('1 di 1 caricate')).toBeVisible();
  await expect(page.getByText('Caricata', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Apri la gestione immagini' }).click();
  await expect(page).toHaveURL(/\/imageManager$/);
});
