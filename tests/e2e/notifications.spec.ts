import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { LOGINS, logIn, openAs } from './support';

// The tests read and mark the demo notifications of Villaggio Pineta, one at a time, so the counts
// they expect hold (the contact-form tests add requests to Lago Azzurro meanwhile).
test.describe.configure({ mode: 'serial' });

const STATUS_PATH = '/notifiche/stato';
const bell = (page: Page) => page.getByTestId('notification-bell');
const unreadCount = async (page: Page) => Number(await bell(page).getAttribute('data-unread'));
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifiche', exact: true });
const items = (page: Page) => panel(page).getByTestId('notification-item');
const title = (count: number) => new RegExp(`^\\(${count}\\) `);

async function openPanel(page: Page) {
  await bell(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(items(page).first()).toBeVisible();
}

/** Pretends the tab went to the background (or came back): what a browser does when another tab is chosen. */
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

/** A guest opens one of the campsite's sent quotes through the public mini-site call: the staff get a notification. */
async function guestOpensAQuote(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await (await request.post('/api/users/login', { data: { email: who.email, password: who.password } })).json();
  const headers = { authorization: `Bearer ${login.token}` };
  const sent = await (await request.post('/api/getQuote/lazy', { headers, data: { progress: ['inviato'], limit: 1 } })).json();
  const quote = sent.items[0];
  expect(quote, 'la demo ha un preventivo inviato').toBeDefined();
  const seen = await request.post(`/api/visualizzato/${login.user.camping}/${quote._id}`, { data: { cliente: quote.contact } });
  expect(await seen.json()).toEqual({ letto: true });
}

test('the first paint shows the unread count, and the tab title starts with it on every page', async ({ page }) => {
  await openAs(page, LOGINS.pineta);
  // The server-rendered HTML already carries the count: the bell never flashes a wrong number.
  const html = await (await page.request.get('/dashboard')).text();
  const served = Number(/data-testid="notification-bell"[^>]*data-unread="(\d+)"/.exec(html)?.[1]);
  expect(served).toBeGreaterThan(0);
  await expect(bell(page)).toHaveAttribute('data-unread', String(served));
  await expect(bell(page)).toHaveAccessibleName(`Notifiche: ${served} notifiche da leggere`);
  // Unread requests or acceptances wait in the demo: the warning sign follows the count.
  await expect(page).toHaveTitle(new RegExp(`^\\(${served}\\) ⚠ .*Dashboard`));
  await page.getByRole('navigation').getByRole('link', { name: 'Contatti' }).click();
  await expect(page).toHaveURL(/\/clienti$/);
  await expect(page).toHaveTitle(new RegExp(`^\\(${served}\\) ⚠ .*Clienti`));
});

test('an unchanged poll answers 304 to its ETag and never re-issues the session cookie; a logged-out one 401', async ({ page, browser }) => {
  await openAs(page, LOGINS.pineta);
  for (const path of [STATUS_PATH, '/novita/stato']) {
    const first = await page.request.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()['set-cookie'], path).toBeUndefined();
    const etag = first.headers().etag;
    expect(etag, path).toMatch(/^".+"$/);
    const again = await page.request.get(path, { headers: { 'if-none-match': etag } });
    expect(again.status(), path).toBe(304);
    expect(again.headers()['set-cookie'], path).toBeUndefined();
  }
  const anonymous = await browser.newContext();
  const refused = await anonymous.request.get(STATUS_PATH);
  expect(refused.status()).toBe(401);
  await anonymous.close();
});

test('the panel pages by 5; a click opens the notification’s target and counts it read', async ({ page }) => {
  await openAs(page, LOGINS.pineta);
  const before = await unreadCount(page);
  await openPanel(page);
  await expect(items(page)).toHaveCount(5);
  const range = await panel(page).getByText(/^1–5 di \d+$/).innerText();
  const total = Number(range.split(' di ')[1]);
  expect(total).toBeGreaterThan(10);
  const previous = panel(page).getByRole('button', { name: 'Notifiche più recenti' });
  const next = panel(page).getByRole('button', { name: 'Notifiche meno recenti' });
  await expect(previous).toBeDisabled();
  const firstPage = await items(page).allInnerTexts();
  await next.click();
  await expect(panel(page).getByText(`6–10 di ${total}`)).toBeVisible();
  await expect(items(page)).toHaveCount(5);
  expect(await items(page).allInnerTexts()).not.toEqual(firstPage);
  await previous.click();
  await expect(panel(page).getByText(`1–5 di ${total}`)).toBeVisible();

  // Each target follows the group: requests to the request preview, the others to the quote preview.
  for (const item of await items(page).all()) {
    const href = await item.getByRole('link').getAttribute('href');
    const pattern = (await item.getAttribute('data-group')) === 'richiesta' ? /^\/richieste\/preview\/[\w-]+$/ : /^\/crea-preventivo\/preview\/[\w-]+\/[\w-]+$/;
    expect(href).toMatch(pattern);
  }
  const target = items(page).and(page.locator('[data-read="false"]')).first();
  const href = (await target.getByRole('link').getAttribute('href'))!;
  await target.getByRole('link').click();
  await expect(page).toHaveURL(href);
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toHaveAttribute('data-unread', String(before - 1));
  await expect(page).toHaveTitle(title(before - 1));
  await page.reload();
  await expect(bell(page)).toHaveAttribute('data-unread', String(before - 1));
});

test('"Segna come lette" asks for confirmation, then marks the visible ones', async ({ page }) => {
  await openAs(page, LOGINS.pineta);
  const before = await unreadCount(page);
  await openPanel(page);
  const unreadItems = items(page).and(page.locator('[data-read="false"]'));
  const visibleUnread = await unreadItems.count();
  expect(visibleUnread).toBeGreaterThan(0);
  const confirm = page.getByRole('dialog', { name: 'Segna come lette' });

  await panel(page).getByRole('button', { name: 'Segna come lette', exact: true }).click();
  await expect(confirm.getByText('Confermi di voler segnare le notifiche come lette?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(confirm).toBeHidden();
  await expect(unreadItems).toHaveCount(visibleUnread);

  await panel(page).getByRole('button', { name: 'Segna come lette', exact: true }).click();
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Notifiche segnate come lette')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(panel(page)).toBeVisible();
  await expect(unreadItems).toHaveCount(0);
  await expect(bell(page)).toHaveAttribute('data-unread', String(before - visibleUnread));
  await page.reload();
  await expect(bell(page)).toHaveAttribute('data-unread', String(before - visibleUnread));

  // 'Segna tutte come lette' empties the count, and the tab title loses its prefix.
  await openPanel(page);
  await panel(page).getByRole('button', { name: 'Segna tutte come lette' }).click();
  const confirmAll = page.getByRole('dialog', { name: 'Segna tutte come lette' });
  await expect(confirmAll.getByText('Confermi di voler segnare tutte le notifiche come lette?')).toBeVisible();
  await confirmAll.getByRole('button', { name: 'Conferma' }).click();
  await expect(bell(page)).toHaveAttribute('data-unread', '0');
  await expect(bell(page)).toHaveAccessibleName('Notifiche: Nessuna notifica da leggere');
  await expect(page).toHaveTitle(/^Dashboard · /);
});

test('polls 1.5 s after load and every 30 s, never while hidden, and shows what arrived meanwhile', async ({ page, request }) => {
  await page.clock.install();
  const polls: number[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === STATUS_PATH) polls.push(Date.now());
  });
  await openAs(page, LOGINS.pineta);
  // The first page's own check, out of the way before the timed load (its next one is 30 s later).
  await expect.poll(() => polls.length).toBe(1);
  polls.length = 0;
  const start = Date.now();
  await page.goto('/dashboard');
  const loaded = Date.now();
  await expect.poll(() => polls.length, { timeout: 6_000 }).toBe(1);
  expect(polls[0] - start).toBeGreaterThanOrEqual(1_500);
  expect(polls[0] - loaded).toBeLessThan(4_000);
  const before = await unreadCount(page);

  await setHidden(page, true);
  await page.clock.fastForward('05:00');
  await guestOpensAQuote(request, LOGINS.pineta);
  await page.waitForTimeout(500);
  expect(polls).toHaveLength(1);

  // Back on the tab after more than 30 s: it checks at once and shows the new one.
  await setHidden(page, false);
  await expect.poll(() => polls.length).toBe(2);
  await expect(bell(page)).toHaveAttribute('data-unread', String(before + 1));
  await expect(page).toHaveTitle(title(before + 1));
  await openPanel(page);
  await expect(items(page).first()).toHaveAttribute('data-read', 'false');
  await expect(items(page).first()).toContainText('Preventivo letto');

  await page.clock.fastForward(30_000);
  await expect.poll(() => polls.length).toBe(3);
});

test('a service account has no bell and the poll refuses it without logging it out', async ({ page }) => {
  await logIn(page, LOGINS.service);
  await expect(page).toHaveURL(/\/mail$/);
  await expect(bell(page)).toHaveCount(0);
  const answer = await page.request.get(STATUS_PATH);
  expect(answer.status()).toBe(403);
  await page.reload();
  await expect(page).toHaveURL(/\/mail$/);
});

test('POST /api/notifications/markAllRead/ is served at the contract’s path, trailing slash included', async ({ request }) => {
  // A campsite of its own: marking every notification read must not change the counts above.
  const operator = await (await request.post('/api/users/login', { data: { email: LOGINS.operator.email, password: LOGINS.operator.password } })).json();
  const email = `segna-tutte-${Date.now().toString(36)}@prova.test`;
  const added = await request.post('/api/addCamping', {
    headers: { authorization: `Bearer ${operator.token}` },
    data: { name: `Camping Barra Finale ${Date.now().toString(36)}`, email, password: 'Montagna2026' },
  });
  expect(added.status(), await added.text()).toBe(200);
  const admin = await (await request.post('/api/users/login', { data: { email, password: 'Montagna2026' } })).json();

  const path = '/api/notifications/markAllRead/';
  const anonymous = await request.post(path, { maxRedirects: 0 });
  expect(anonymous.status(), 'no 308 to the path without the slash').toBe(401);
  const marked = await request.post(path, { headers: { authorization: `Bearer ${admin.token}` }, maxRedirects: 0 });
  expect(marked.status(), await marked.text()).toBe(200);
  expect(await marked.json()).toMatchObject({ marked: 0 });

  // Pages keep Next's redirect to the address without the slash.
  for (const [from, to] of [
    ['/login/', '/login'],
    ['/contattaci/campeggio/1/0/', '/contattaci/campeggio/1/0'],
    ['/visualizzaPreventivo/a/b/c/?x=1', '/visualizzaPreventivo/a/b/c?x=1'],
  ]) {
    const page = await request.get(from, { maxRedirects: 0 });
    expect(page.status(), from).toBe(308);
    expect(new URL(page.headers().location, 'http://x').pathname + new URL(page.headers().location, 'http://x').search, from).toBe(to);
  }
});
