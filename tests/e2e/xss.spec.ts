import { expect, test, type Page } from './fixtures';
import { sanitizeHtml } from '../../lib/html/sanitize';
import { XSS_VECTORS } from '../fixtures/xss-vectors';

const TRAP = `<script>window.__fired = 0; window.__xss = () => { window.__fired += 1; }; window.alert = window.__xss;</script>
<style>@keyframes spin { from { opacity: 0 } to { opacity: 1 } }</style>`;

/** Renders the HTML as a guest page would, then does what a curious guest might: hover, click, focus, tab. */
async function runs(page: Page, html: string): Promise<number> {
  await page.setContent(`<!doctype html><html><head>${TRAP}</head><body><main>${html}</main></body></html>`, { waitUntil: 'load' });
  for (const element of await page.locator('main *').all()) {
    await element.hover({ timeout: 200, force: true }).catch(() => {});
    await element.click({ timeout: 200, force: true, noWaitAfter: true }).catch(() => {});
    await element.focus({ timeout: 200 }).catch(() => {});
  }
  await page.keyboard.press('Tab');
  await page.waitForTimeout(60);
  // A click on a sanitised link may have navigated away; count only on our own page.
  return page.evaluate(() => (window as unknown as { __fired?: number }).__fired ?? 0).catch(() => 0);
}

test('the harness notices a payload that runs (unsanitised control)', async ({ page }) => {
  expect(await runs(page, '<img src=x onerror="window.__xss()">')).toBeGreaterThan(0);
});

test(`none of ${XSS_VECTORS.length} known XSS vectors runs in Chromium once sanitised`, async ({ page }) => {
  test.setTimeout(180_000);
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  const ran: string[] = [];
  for (const vector of XSS_VECTORS) {
    if ((await runs(page, sanitizeHtml(vector))) > 0) ran.push(vector);
  }
  expect(ran).toEqual([]);
});
