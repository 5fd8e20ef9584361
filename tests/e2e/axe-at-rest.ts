import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the product promises (issue 15): A and AA of 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

type Scope = { include?: string; exclude?: string };

/**
 * axe on the page at rest, where WCAG judges it: the pointer off the button just clicked (a
 * hovered button is drawn a shade lighter) and the finite animations ended (a toast fading in is
 * drawn lighter than it will be). `exclude`: the guests' mails, sandboxed frames where axe cannot
 * run (it would wait for the frame until the test times out). Returns the serious and critical
 * violations, one line each, so a sweep can gather every page's before failing.
 */
export async function blockingViolationsAtRest(page: Page, what: string, scope: Scope = {}): Promise<string[]> {
  await page.mouse.move(0, 0);
  // A toast that starts fading in or out while axe reads the page would be judged half-drawn:
  // with transitions off, every element is drawn as it ends (removed again after the check).
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  await still.evaluate((node) => (node as Element).remove());
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${what}: ${violation.id} (${violation.nodes.map((node) => `${node.target.join(' ')}${contrastOf(node.any)}`).join(', ')})`);
}

/** The measured ratio of a colour-contrast failure, so a report says how far off it is. */
function contrastOf(checks: { id: string; data?: unknown }[]): string {
  const data = checks.find((check) => check.id === 'color-contrast')?.data as { contrastRatio?: number; fgColor?: string; bgColor?: string } | undefined;
  return data?.contrastRatio ? ` ${data.contrastRatio}:1 ${data.fgColor} on ${data.bgColor}` : '';
}

export async function expectAccessibleAtRest(page: Page, what: string, scope: Scope = {}) {
  expect(await blockingViolationsAtRest(page, what, scope)).toEqual([]);
}
