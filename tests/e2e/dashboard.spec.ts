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

test('dashboard: «Richieste ricevute N (dal – al)» opens the requests of those days, N of them; the nationality figures are links too', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, LOGINS.admin);
  await page.getByTestId('dashboard-refresh').click();
  await expect(page.getByTestId('dashboard-refreshed')).toContainText(/Aggiornato alle \d{2}:\d{2}/, { timeout: 30_000 });

  const card = page.getByTestId('stat-requests');
  const figure = card.getByRole('link');
  const count = Number((await figure.textContent())!.replace(/\D/g, ''));
  const [from, to] = (await card.textContent())!.match(/\d{2}\/\d{2}\/\d{4}/g)!;
  expect(count).toBeGreaterThan(0);
  await figure.click();
  await expect(page).toHaveURL(new RegExp(`/richieste\\?vista=tutte&dal=${from.replaceAll('/', '%2F')}&al=${to.replaceAll('/', '%2F')}$`));
  await expect(page.getByTestId('request-date-filter')).toContainText(`dal ${from} al ${to}`);
  // A page holds 25; the demo's 30 days hold fewer.
  await expect(page.getByTestId('request-table').locator('tbody tr')).toHaveCount(Math.min(count, 25));

  await page.goto('/dashboard');
  const nation = page.getByTestId('nation-figures').getByRole('link').first();
  const contacts = Number((await nation.locator('strong').textContent())!.replace(/\D/g, ''));
  await nation.click();
  await expect(page).toHaveURL(/\/clienti\?nazione=\d+$/);
  await expect(page.getByTestId('contacts-nation-filter')).toBeVisible();
  await expect(page.getByTestId('contacts-count')).toHaveText(/\d/);
  expect(Number((await page.getByTestId('contacts-count').textContent())!.replace(/\D/g, ''))).toBe(contacts);
});

test('dashboard: both figures of «E-mail inviate questo mese» open the mails that left in their month, as many as they say', async ({ page }) => {
  test.setTimeout(120_000);
  await openAs(page, LOGINS.admin);
  await page.getByTestId('dashboard-refresh').click();
  await expect(page.getByTestId('dashboard-refreshed')).toContainText(/Aggiornato alle \d{2}:\d{2}/, { timeout: 30_000 });

  const card = page.getByTestId('stat-mails');
  for (const link of [card.getByRole('link', { name: /E-mail inviate questo mese/ }), page.getByTestId('stat-mails-hint')]) {
    await page.goto('/dashboard');
    await expect(link).toHaveAttribute('href', /^\/mail\?/);
    const count = Number((await link.textContent())!.replace(/\D/g, ''));
    await link.click();
    await expect(page).toHaveURL(/\/mail\?cartella=uscita&stato=inviate&dal=\d{2}%2F\d{2}%2F\d{4}&al=\d{2}%2F\d{2}%2F\d{4}$/);
    await expect(page.getByTestId('outbox-filter')).toContainText(/Solo le e-mail partite dal \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}/);
    // A page of the outbox holds 30.
    await expect(page.locator('a[href^="/mail/uscita/"]')).toHaveCount(Math.min(count, 30));
  }
});
