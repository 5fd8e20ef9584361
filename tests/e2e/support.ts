import { expect, type Page } from '@playwright/test';
import { DEMO_LOGINS } from '../../db/seed/logins';

export const E2E_PLATFORM_KEY = 'e2e-platform-key-0123456789abcdef';

const login = (email: string) => {
  const found = DEMO_LOGINS.find((entry) => entry.email === email);
  if (!found) throw new Error(`Accesso demo mancante: ${email}`);
  return found;
};

export const LOGINS = {
  admin: login('admin@lagoazzurro.test'),
  staff: login('staff@lagoazzurro.test'),
  service: login('servizio@lagoazzurro.test'),
  pineta: login('admin@pineta.test'),
  operator: login('operatore@crm-campeggi.test'),
};

export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/**
 * The landing after a login: the password hash check, the session and the first render of a staff
 * page with its scripts, on two cores shared by the server and two browsers, can pass ten seconds.
 */
export const LANDING_TIMEOUT_MS = 30_000;

/** The login form, typed and submitted, then the dashboard: for the tests of the login itself. */
export async function logInToDashboard(page: Page, who: { email: string; password: string }) {
  await logIn(page, who);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: LANDING_TIMEOUT_MS });
}

/**
 * A session in the page's browser context through Auth.js's own sign-in endpoint (its CSRF token,
 * then the password callback), the same provider and checks as the form without drawing the login
 * page and the dashboard: about a second less per test, for the ninety tests that only need a
 * session. The form itself is tested in login.spec.ts and sessions.spec.ts.
 */
export async function startSession(page: Page, who: { email: string; password: string }) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const answer = await page.request.post('/api/auth/callback/password', { form: { csrfToken, email: who.email, password: who.password }, maxRedirects: 0 });
  expect(answer.status(), `sign-in of ${who.email}`).toBe(302);
  // A refused sign-in is a redirect too, to the login page with an error.
  expect(answer.headers().location ?? '', `sign-in of ${who.email}`).not.toMatch(/error=|\/login/);
}

/** A session, then `path` (the dashboard unless said) opened in the page. */
export async function openAs(page: Page, who: { email: string; password: string }, path = '/dashboard') {
  await startSession(page, who);
  await page.goto(path);
  // A page may redirect within the app (an old path to its new one), never to the login.
  await expect(page).not.toHaveURL(/\/(login|logout)\b/, { timeout: LANDING_TIMEOUT_MS });
}
