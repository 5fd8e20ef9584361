import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the page at rest, where WCAG judges it: the pointer off the button just clicked (a
 * hovered button is drawn a shade lighter) and the finite animations ended (a toast fading in is
 * drawn lighter than it will be). `exclude`: the guests' mails, sandboxed frames where axe cannot
 * run (it would wait for the frame until the test times out). Serious and critical violations fail.
 */
export async function expectAccessibleAtRest(page: Page, what: string, scope: { include?: string; exclude?: string } = {}) {
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
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  await still.evaluate((node) => (node as Element).remove());
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${what}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}
