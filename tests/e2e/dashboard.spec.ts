import { expect, test } from './fixtures';
import { LOGINS, openAs } from './support';

test('dashboard: charts, "Aggiorna ora", and "Inviato N" opens the quote list with N quotes', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, LOGINS.admin);
  await page.getByTestId('dashboard-refresh').click();
  await expect(page.getByTestId('dashboard-refreshed')).toContainText(/Aggiornato alle \d{2}:\d{2}/, { timeout: 30_000 });

  for (const chart of ['requests-chart', 'seasons-chart']) await expect(page.getByTestId(chart).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Grafico dei preventivi per stato' }).locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('conversion-table')).toBeVisible();

  const sent = page.getByTestId('progress-inviato');
  await expect(sent).toHaveText(/^Inviato \d+$/);
  const count = Number((await sent.textContent())!.replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(25);
  await sent.click();
  await expect(page).toHaveURL(/\/preventivi\?stato=inviato$/);
  await expect(page.getByTestId('quote-row')).toHaveCount(count);
});
