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

export async function logInToDashboard(page: Page, who: { email: string; password: string }) {
  await logIn(page, who);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: LANDING_TIMEOUT_MS });
}
