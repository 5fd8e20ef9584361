import { expect, test } from '@playwright/test';
import { expectAccessible } from './guest-checks';
import { LOGINS, logInToDashboard } from './support';

test('the operator runs a scheduled job now and sees the run in Attività pianificate; an admin has no such page', async ({ page, browser }) => {
  await logInToDashboard(page, LOGINS.operator);
  await page.goto('/settings?v=jobs');
  await expect(page.getByRole('heading', { name: 'Attività pianificate', level: 1 })).toBeVisible();
  const expiry = page.getByRole('region', { name: 'Scadenza dei preventivi' });
  const before = await expiry.getByRole('row').count();
  await expiry.getByRole('button', { name: 'Esegui ora: Scadenza dei preventivi' }).click();
  await expect(page.getByText('Esecuzione messa in coda')).toBeVisible();
  // The server's worker takes it within its polling interval.
  await expect(async () => {
    await page.reload();
    await expect(expiry.getByRole('row').filter({ hasText: 'Completata' }).filter({ hasText: 'scaduti' })).not.toHaveCount(0);
    expect(await expiry.getByRole('row').count()).toBeGreaterThan(before);
  }).toPass({ timeout: 40_000, intervals: [2_000] });
  await expectAccessible(page, 'attività pianificate');

  const context = await browser.newContext();
  const admin = await context.newPage();
  await logInToDashboard(admin, LOGINS.admin);
  await admin.goto('/settings?v=jobs');
  await expect(admin.getByRole('heading', { name: 'Attività pianificate' })).toHaveCount(0);
  await context.close();
});
