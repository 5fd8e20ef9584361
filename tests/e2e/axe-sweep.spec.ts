import { expect, test, type Page } from './fixtures';
import { routeAccess } from '../../lib/auth/route-access';
import postgres from 'postgres';
import { blockingViolationsAtRest } from './axe-at-rest';
import { removeMailboxRows, seedMailboxRows } from './mailbox-rows';
import { campsiteTabsOnDisk, loadSeedIds, NOT_FOUND_SAMPLE, ROUTE_SAMPLES, routePatternsOnDisk, settingsSectionsOnDisk, type SeedIds } from './route-samples';
import { LOGINS, startSession } from './support';

/**
 * Issue 15: every page, for every kind of user, has no serious or critical axe violation of WCAG
 * 2.2 A/AA. The pages come from app/ on disk (route-samples.ts maps each to addresses), so a page
 * added without a sample fails here. One login per role; every finding is gathered before failing,
 * and each role is its own test, so one role's findings do not hide the next one's.
 */

type Role = 'admin' | 'staff' | 'operator' | 'service';
const PHONE = { width: 390, height: 844 };
/** The pages a phone user opens most; the whole list is swept at desktop width. */
const PHONE_PAGES = ['/dashboard', '/clienti', '/preventivi', '/richieste', '/mail', '/mailing', '/templateDashboard', '/settings?v=detUser'];
/** Addresses whose right answer is the 404 page: made-up tokens and ids. */
const NOT_FOUND_OK = new Set([NOT_FOUND_SAMPLE, '/mailing/conferma/token-non-valido']);

/** The demo has no bound mailbox: on PostgreSQL a test writes one's rows to sweep its conversation page. */
const CONVERSATION = '/mail/conversazione/[id]';
const MAILBOX_ROWS = process.env.E2E_DATABASE_URL;

let ids: SeedIds;
const summary: string[] = [];

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await logInAs(page, 'admin');
  ids = await loadSeedIds(request, page);
  await page.close();
});

test.afterAll(() => console.log(`Giro di accessibilità:\n${summary.join('\n')}`));

async function logInAs(page: Page, role: Role) {
  await startSession(page, LOGINS[role]);
}

/** Every address of every pattern on disk; a pattern without an entry is the first failure. */
function allSamples(): { pattern: string; url: string }[] {
  const missing = routePatternsOnDisk().filter((pattern) => !(pattern in ROUTE_SAMPLES));
  expect(missing, 'pagine in app/ senza indirizzi di prova in tests/e2e/route-samples.ts').toEqual([]);
  const samples = routePatternsOnDisk().map((pattern) => ({ pattern, urls: ROUTE_SAMPLES[pattern](ids) }));
  const unseen = samples.filter(({ pattern, urls }) => !urls.length && !(MAILBOX_ROWS && pattern === CONVERSATION)).map(({ pattern }) => pattern);
  if (unseen.length && !summary.some((line) => line.includes('senza esempio'))) summary.push(`  senza esempio in questi dati (non controllate): ${unseen.join(', ')}`);
  return samples.flatMap(({ pattern, urls }) => urls.map((url) => ({ pattern, url })));
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname;
const sectionOf = (url: string) => new URL(url, 'http://x').searchParams.get('v');

/** Opens each address and runs axe on it; HTTP errors and unexpected 404s are findings too. */
async function sweep(page: Page, urls: string[], label: string): Promise<string[]> {
  const findings: string[] = [];
  for (const url of urls) {
    const response = await page.goto(url);
    const status = response?.status() ?? 0;
    if (status >= 500 || (status === 404 && !NOT_FOUND_OK.has(url))) findings.push(`${label} ${url}: HTTP ${status}`);
    await page.locator('main, [role="main"]').first().waitFor();
    findings.push(...(await blockingViolationsAtRest(page, `${label} ${url}`, { exclude: 'iframe' })));
  }
  summary.push(`  ${label}: ${urls.length} pagine`);
  return findings;
}

function staffUrls(role: Role): string[] {
  const sections = new Map(settingsSectionsOnDisk().map((section) => [section.v, section.role]));
  // A settings section above the role is a 404 by design: each role sweeps the sections it may open.
  const mayOpen = (url: string) => {
    const needs = sections.get(sectionOf(url) ?? '');
    if (!needs) return true;
    if (role === 'operator') return needs === 'operator';
    if (role === 'admin') return needs !== 'operator';
    return needs === 'staff';
  };
  return allSamples()
    .filter(({ url }) => routeAccess(pathOf(url))?.kind === 'staff' && mayOpen(url))
    .filter(({ pattern }) => role !== 'staff' || !pattern.includes('['))
    .map(({ url }) => url);
}

test('admin: every staff page, every settings section an admin may open', async ({ page }) => {
  // The admin's list grows with every page (issues 32 and 33 added six addresses): 10 minutes ran
  // out on a busy machine. The faster sweep (in-page axe, three tabs) is measured separately.
  test.setTimeout(900_000);
  await logInAs(page, 'admin');
  expect(await sweep(page, staffUrls('admin'), 'admin')).toEqual([]);
});

test('staff: every staff page without an id in the address, and the staff settings sections', async ({ page }) => {
  test.setTimeout(450_000);
  await logInAs(page, 'staff');
  expect(await sweep(page, staffUrls('staff').filter((url) => !url.startsWith('/settingsL?')), 'staff')).toEqual([]);
});

test('operator: the settings sections only an operator opens', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, 'operator');
  expect(await sweep(page, staffUrls('operator').filter((url) => sectionOf(url)), 'operatore')).toEqual([]);
});

test('service account: the level-0 pages pass axe; every other staff page logs it out', async ({ page }) => {
  test.setTimeout(300_000);
  await logInAs(page, 'service');
  const urls = allSamples()
    .map(({ url }) => url)
    .filter((url) => routeAccess(pathOf(url))?.kind === 'staff');
  const allowed = urls.filter((url) => (routeAccess(pathOf(url)) as { packLevel: number }).packLevel === 0);
  const refused = urls.filter((url) => !allowed.includes(url));
  // Without following the redirect: following it would end the session the next pages need.
  for (const url of refused) {
    const answer = await page.request.get(url, { maxRedirects: 0 });
    expect.soft(answer.status(), url).toBe(307);
    expect.soft(answer.headers().location ?? '', url).toContain('/logout?motivo=livello');
  }
  summary.push(`  servizio: ${refused.length} pagine rimandate al logout`);
  expect(await sweep(page, allowed, 'servizio')).toEqual([]);
});

test('a bound mailbox: the inbox and a conversation (PostgreSQL)', async ({ page, request }) => {
  test.skip(!MAILBOX_ROWS, 'Needs PostgreSQL (DATABASE_URL) to write the mailbox rows a sync would.');
  test.setTimeout(120_000);
  const login = (await (await request.post('/api/users/login', { data: LOGINS.pineta })).json()) as { user: { camping: string } };
  const sql = postgres(MAILBOX_ROWS!, { max: 1 });
  const seeded = await seedMailboxRows(sql, login.user.camping, `axe${Date.now().toString(36)}`);
  try {
    await startSession(page, LOGINS.pineta);
    const urls = ['/mail', ...ROUTE_SAMPLES[CONVERSATION]({ ...ids, threadId: seeded.threadIds[0] })];
    expect(await sweep(page, urls, 'casella collegata')).toEqual([]);
  } finally {
    await removeMailboxRows(sql, seeded);
    await sql.end();
  }
});

test('guest: login, loader, contact form in each language, mini-site, unsubscribe, the 404', async ({ page }) => {
  test.setTimeout(300_000);
  const urls = allSamples()
    .map(({ url }) => url)
    .filter((url) => ['guest', 'login'].includes(routeAccess(pathOf(url))?.kind ?? ''));
  expect(await sweep(page, [...urls, NOT_FOUND_SAMPLE], 'ospite')).toEqual([]);
});

test('phone width: the main staff pages and the guest pages at 390 px', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  const guest = [`/contattaci/${ids.campsiteId}/1`, `/visualizzaPreventivo/${ids.quote.contactId}/${ids.quote.id}/${ids.campsiteId}`, '/login'];
  const findings = await sweep(page, guest, 'telefono, ospite');
  await logInAs(page, 'admin');
  // The pages with an id that a phone user opens from those: the lists' details, the quote's preview.
  const withIds = ['/mailing/consensi', `/mailing/${ids.listId}`, `/clienti/${ids.contactId}`, `/crea-preventivo/preview/${ids.quote.contactId}/${ids.quote.id}`];
  findings.push(...(await sweep(page, [...PHONE_PAGES, ...withIds], 'telefono, admin')));
  expect(findings).toEqual([]);
});

test('campsite settings: every tab, at desktop and at phone width', async ({ page }) => {
  test.setTimeout(300_000);
  const tabs = campsiteTabsOnDisk();
  expect(tabs.length, 'schede in campsite-settings.tsx').toBeGreaterThanOrEqual(10);
  const urls = tabs.map((tab) => `/settings?v=showCamp&campingID=${encodeURIComponent(ids.campsiteId)}&tab=${tab}`);
  await logInAs(page, 'admin');
  const findings: string[] = [];
  for (const [label, size] of [
    ['impostazioni del campeggio', { width: 1366, height: 900 }],
    ['telefono, impostazioni del campeggio', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    for (const url of urls) {
      const response = await page.goto(url);
      if ((response?.status() ?? 0) !== 200) findings.push(`${label} ${url}: HTTP ${response?.status()}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      // The colour fields draw their eye-dropper once the browser says it has one: after hydration.
      await page.waitForLoadState('networkidle');
      findings.push(...(await blockingViolationsAtRest(page, `${label} ${url}`)));
    }
    summary.push(`  ${label}: ${urls.length} schede`);
  }
  expect(findings).toEqual([]);
});
