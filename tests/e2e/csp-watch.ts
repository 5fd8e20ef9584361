import type { Page } from '@playwright/test';

/**
 * Every Content-Security-Policy violation the browser sees on this page from now on, in any of
 * its frames (the srcdoc mail previews inherit the policy): the event, and Chromium's console line.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`[violazione-csp] ${event.effectiveDirective} ${event.blockedURI} ${location.pathname} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`),
    );
  });
  page.on('console', (message) => {
    if (/violazione-csp|Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(`errore: ${error.message}`));
  return seen;
}
