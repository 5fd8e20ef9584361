import type { Page } from '@playwright/test';

/** A picture for a look by eye, only when E2E_SHOTS_DIR names a folder: a normal run writes nothing. */
export async function screenshotForReview(page: Page, name: string, { fullPage = true } = {}) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
}
