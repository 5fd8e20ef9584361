import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Response } from './fixtures';
import { watchCspViolations } from './csp-watch';
import { LOGINS, openAs } from './support';

/**
 * The Content-Security-Policy of proxy.ts in a real Chromium: each page's scripts carry the
 * response's nonce, the page hydrates (a click that only its scripts answer works), and the
 * browser reports no violation, in the page or in its mail-preview frames (srcdoc frames
 * inherit the policy). Nothing is saved: the other specs' data stays as it was.
 */

type Login = { token: string; user: { camping: string } };

async function apiLogin(request: APIRequestContext, who: { email: string; password: string }): Promise<Login> {
  const answer = await request.post('/api/users/login', { data: { email: who.email, password: who.password } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Login;
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];

/** The page's policy as proxy.ts writes it, and every script of its HTML with this response's nonce. */
async function expectStrictPolicy(response: Response | null, frameAncestors: string) {
  expect(response?.status()).toBe(200);
  const policy = response!.headers()['content-security-policy'] ?? '';
  const nonce = nonceOf(response!);
  expect(nonce, policy).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", `frame-ancestors ${frameAncestors}`, 'report-uri /api/csp-report']) {
    expect(policy).toContain(directive);
  }
  // Over plain HTTP no report-to: Chromium would then send nothing (the Reporting API wants HTTPS).
  expect(policy).not.toContain('report-to');
  const scripts = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  return nonce!;
}

test('staff pages: login, dashboard and the template editor run under the nonce policy, the mail preview frame included', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchCspViolations(page);
  const login = await page.goto('/login');
  const firstNonce = await expectStrictPolicy(login, "'none'");
  expect(login?.headers()['x-frame-options']).toBe('DENY');
  await openAs(page, LOGINS.admin);

  const dashboard = await page.goto('/dashboard');
  expect(await expectStrictPolicy(dashboard, "'none'")).not.toBe(firstNonce);
  // Mantine's menu opens on hover only once React runs the page.
  await page.getByRole('link', { name: 'Preventivi', exact: true }).hover();
  await expect(page.getByRole('menuitem', { name: 'Nuovo Preventivo' })).toBeVisible();

  // Tiptap writes into its contenteditable and styles it; the preview frame (srcdoc) keeps its own <style>.
  await expectStrictPolicy(await page.goto('/templator'), "'none'");
  const body = page.getByRole('textbox', { name: 'Testo dell’e-mail' });
  await body.click();
  await page.keyboard.type('Ciao ');
  await page.getByRole('button', { name: 'Inserisci un segnaposto' }).click();
  await page.getByRole('menuitem', { name: /Nome del cliente/ }).click();
  await expect(body).toContainText('Ciao {{nome}}');
  await page.getByRole('button', { name: 'Anteprima' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anteprima con i dati di un cliente' });
  await dialog.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('option').first().click();
  const frame = page.frameLocator('[data-testid="template-preview-frame"]');
  await expect(frame.locator('body')).toContainText('Ciao ');
  await expect(frame.locator('body')).not.toContainText('{{nome}}');
  expect(await frame.locator('body').evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Arial');

  expect(violations).toEqual([]);
});

test('the guest quote page renders per request with its own nonce, hydrates, and keeps serving its data', async ({ browser, request }) => {
  const staff = await apiLogin(request, LOGINS.staff);
  const listed = await request.post('/api/getQuote/lazy', { headers: { authorization: `Bearer ${staff.token}` }, data: { progress: ['letto'], limit: 20 } });
  // Already read: a view changes nothing, so the other specs find their quotes as they left them.
  const quote = ((await listed.json()) as { items: { _id: string; contact: string }[] }).items[0];
  const path = `/visualizzaPreventivo/${quote.contact}/${quote._id}/${staff.user.camping}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = await watchCspViolations(page);

  const first = await page.goto(path);
  const nonce = await expectStrictPolicy(first, "'none'");
  expect(first?.headers()['referrer-policy']).toBe('no-referrer');
  // The page's own script opens the confirmation (a <dialog> shown with showModal()).
  await page.getByTestId('guest-card').first().getByRole('button', { name: /Accetto questa proposta|Dieses Angebot annehmen|Accept this offer/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const again = await page.goto(path);
  expect(await expectStrictPolicy(again, "'none'")).not.toBe(nonce);
  await expect(page.getByTestId('guest-card').first()).toBeVisible();
  expect(violations).toEqual([]);
  await context.close();
});

test('the contact form may be framed by any site, hydrates there, and no other page can be framed', async ({ browser, request }) => {
  const { user } = await apiLogin(request, LOGINS.admin);
  const formPath = `/contattaci/${user.camping}/3`;
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = await watchCspViolations(page);

  const direct = await page.goto(formPath);
  await expectStrictPolicy(direct, '*');
  expect(direct?.headers()['x-frame-options']).toBeUndefined();
  // A country chosen before React hydrates the form never reaches its state (seen in CI).
  await page.waitForLoadState('networkidle');
  await page.getByRole('combobox', { name: /^Land/ }).selectOption({ label: 'Österreich' });
  await expect(page.getByRole('combobox', { name: /^Vorwahl/ })).toHaveValue('+43');

  // A campsite's own site, on another origin (a server of its own on the loopback: Chromium keeps
  // a public page from framing a local one anyway), embeds the form and, wrongly, the login page.
  const origin = new URL(page.url()).origin;
  const site = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Campeggio</title><iframe name="modulo" src="${origin}${formPath}" width="800" height="900"></iframe><iframe name="login" src="${origin}/login"></iframe>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  // The login page refuses the frame and its policy has the browser report it to the route.
  const reported = page.waitForRequest((request) => request.url().endsWith('/api/csp-report'));
  await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
  const form = page.frameLocator('iframe[name="modulo"]');
  // As above: a country chosen before the framed form hydrates never reaches its state, so choose
  // again until the prefix follows (on a loaded machine hydration can take seconds).
  await expect(async () => {
    await form.getByRole('combobox', { name: /^Land/ }).selectOption({ label: 'Schweiz' });
    await expect(form.getByRole('combobox', { name: /^Vorwahl/ })).toHaveValue('+41', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // frame-ancestors 'none': Chromium leaves the frame empty and says why on the console.
  await expect.poll(() => violations.filter((line) => line.includes('frame-ancestors')).length).toBeGreaterThan(0);
  await expect(page.frameLocator('iframe[name="login"]').getByRole('button', { name: 'Accedi' })).toHaveCount(0);
  const report = await reported;
  // Chromium names only the refusing page's origin in a frame-ancestors report.
  expect((report.postDataJSON() as { 'csp-report': Record<string, string> })['csp-report']).toMatchObject({ 'effective-directive': 'frame-ancestors', 'document-uri': `${origin}/` });
  expect((await report.response())?.status()).toBe(204);
  expect(violations.filter((line) => !line.includes('frame-ancestors'))).toEqual([]);
  await context.close();
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

test('the report route takes both report shapes with a 204 and refuses what is no report', async ({ request }) => {
  const legacy = await request.post('/api/csp-report', {
    headers: { 'content-type': 'application/csp-report' },
    data: JSON.stringify({ 'csp-report': { 'document-uri': 'http://127.0.0.1/login', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } }),
  });
  expect(legacy.status()).toBe(204);
  const modern = await request.post('/api/csp-report', {
    headers: { 'content-type': 'application/reports+json' },
    data: JSON.stringify([{ type: 'csp-violation', body: { documentURL: 'http://127.0.0.1/login', effectiveDirective: 'img-src', blockedURL: 'https://tracker.test/p.gif' } }]),
  });
  expect(modern.status()).toBe(204);
  const garbage = await request.post('/api/csp-report', { headers: { 'content-type': 'text/plain' }, data: 'nessuna segnalazione' });
  expect(garbage.status()).toBe(400);
  expect(((await garbage.json()) as { error: string }).error).toMatch(/Segnalazione non valida/);
});
