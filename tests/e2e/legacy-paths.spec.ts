import { expect, test, type Page } from './fixtures';
import { mainNavigation, settingsMenu } from '../../components/shell/navigation';
import { expectAccessibleAtRest } from './axe-at-rest';
import { LANDING_TIMEOUT_MS, LOGINS, logIn, openAs } from './support';

type Recent = { items: { id: string; name: string; progress: string; href: string }[]; nextCursor: string | null };

/** The logged-in user's newest quotes, with their guest's id, as the shell's drawer reads them. */
async function recentQuotes(page: Page): Promise<{ quoteId: string; contactId: string; progress: string }[]> {
  const answer = await page.request.get('/preventivi/recenti');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as Recent;
  return body.items.map((item) => {
    const [contactId, quoteId] = item.href.split('/').slice(-2);
    return { quoteId, contactId, progress: item.progress };
  });
}

async function expectNotFoundInShell(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
  await expect(page.getByTestId('campsite-name')).toBeVisible();
  // The bell may prefix the unread count.
  await expect(page).toHaveTitle(/Pagina non trovata · /);
}

test('old quote paths open the right quote; a wrong or foreign id gives the 404 inside the shell', async ({ page, browser }) => {
  test.slow();
  await openAs(page, LOGINS.staff);
  const quotes = await recentQuotes(page);
  // Open and sendable: the old mail-preview link below opens the send dialog, which a draft or a request has not.
  const editable = quotes.find((quote) => ['nuovo', 'inviato', 'letto'].includes(quote.progress));
  expect(editable).toBeDefined();
  const { quoteId, contactId } = editable!;
  const other = quotes.find((quote) => quote.contactId !== contactId)!;

  await page.goto(`/preventivi/${quoteId}/${contactId}`);
  await expect(page).toHaveURL(`/crea-preventivo/preview/${contactId}/${quoteId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cardHref = await page.locator(`a[href*="/${quoteId}/scheda/"]`).first().getAttribute('href');
  const cardId = cardHref!.split('/').at(-1)!;

  await page.goto(`/preventivi/${quoteId}/${contactId}/${cardId}`);
  await expect(page).toHaveURL(`/crea-preventivo/preview/${contactId}/${quoteId}/scheda/${cardId}`);
  await page.goto(`/preventivi/${quoteId}/${contactId}/stepsPrenotazione`);
  await expect(page).toHaveURL(`/preventivi/${quoteId}/stepsPrenotazione`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Step 1 of the old creation wizard, in both orders, with the edit child, and with one id.
  for (const path of [`/crea-preventivo/${quoteId}/${contactId}`, `/crea-preventivo/${contactId}/${quoteId}`, `/crea-preventivo/${quoteId}/${contactId}/edit/${contactId}`, `/crea-preventivo/${quoteId}/edit/${contactId}`, `/crea-preventivo/${quoteId}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/preventivo/edit/${quoteId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modifica preventivo');
  }
  for (const path of [`/crea-preventivo/${contactId}`, `/crea-preventivo/edit/${contactId}`]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/crea-preventivo?cliente=${contactId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuovo preventivo');
  }

  // The mail preview of the old links: the send dialog opens with the filled mail.
  await page.goto(`/crea-preventivo/preview/${contactId}/${quoteId}/true`);
  await expect(page.getByRole('dialog', { name: 'Invia il preventivo al cliente' })).toBeVisible();
  await page.goto(`/crea-preventivo/preview/${contactId}/${quoteId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Ids that do not belong together, unknown ids, and another campsite's quote.
  const pineta = await browser.newPage();
  await openAs(pineta, LOGINS.pineta);
  const [foreign] = await recentQuotes(pineta);
  await pineta.close();
  for (const path of [
    `/preventivi/${quoteId}/${other.contactId}`,
    `/preventivi/${quoteId}/${other.contactId}/stepsPrenotazione`,
    `/preventivi/${quoteId}/${contactId}/scheda-che-non-esiste`,
    `/crea-preventivo/${quoteId}/${other.contactId}`,
    `/crea-preventivo/${quoteId}/${contactId}/edit/${other.contactId}`,
    `/crea-preventivo/id-che-non-esiste`,
    `/preventivi/${foreign.quoteId}/${foreign.contactId}`,
    `/crea-preventivo/${foreign.quoteId}/${foreign.contactId}`,
    `/crea-preventivo/preview/${foreign.contactId}/${foreign.quoteId}/true`,
  ]) {
    await expectNotFoundInShell(page, path);
  }
});

test('the old paths keep the login gate', async ({ page }) => {
  await page.goto('/crea-preventivo/abc/def');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fcrea-preventivo%2Fabc%2Fdef/);
  await page.goto('/preventivi/abc/def/stepsPrenotazione');
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
});

test('the recent quotes drawer lists quotes, pages with the chevrons and opens one, by keyboard too', async ({ page }) => {
  test.slow();
  await openAs(page, LOGINS.staff);
  await page.getByRole('button', { name: 'Preventivi recenti' }).click();
  const drawer = page.getByRole('dialog', { name: 'Preventivi recenti' });
  const items = drawer.getByTestId('recent-quote');
  await expect(items).toHaveCount(10);
  const firstOfPageOne = (await items.first().textContent()) ?? '';
  await expect(drawer.getByRole('button', { name: 'Pagina precedente' })).toBeDisabled();

  await drawer.getByRole('button', { name: 'Pagina successiva' }).click();
  await expect(drawer.getByText('Pagina 2', { exact: true })).toBeVisible();
  await expect(items).toHaveCount(10);
  await expect(items.first()).not.toHaveText(firstOfPageOne);
  await drawer.getByRole('button', { name: 'Pagina precedente' }).click();
  await expect(drawer.getByText('Pagina 1', { exact: true })).toBeVisible();
  await expect(items.first()).toHaveText(firstOfPageOne);
  // The page behind is dimmed by the overlay on purpose: the drawer itself is what must read well.
  await expectAccessibleAtRest(page, 'drawer dei preventivi recenti', { include: '[role="dialog"]' });

  // Escape closes; the keyboard opens it again and opens a quote.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Preventivi recenti' }).focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(10);
  await items.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/crea-preventivo\/preview\/[^/]+\/[^/]+$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path: the 404 inside the shell when logged in, on its own for a guest', async ({ page }) => {
  const guest = await page.goto('/pagina-che-non-esiste');
  expect(guest?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);

  await openAs(page, LOGINS.staff);
  await expectNotFoundInShell(page, '/pagina-che-non-esiste');
  await expect(page.getByRole('link', { name: 'Torna alla dashboard' })).toBeVisible();
  await expectAccessibleAtRest(page, '404 nella shell');
  // notFound() from a staff page: the same content, also inside the shell.
  await expectNotFoundInShell(page, '/preventivo/edit/id-che-non-esiste');
  // A page that knows what is missing names it, in the same 404.
  const contact = await page.goto('/clienti/id-che-non-esiste');
  expect(contact?.status()).toBe(404);
  await expect(page.getByTestId('not-found').getByRole('heading', { level: 1 })).toHaveText('Cliente non trovato');
  await expect(page).toHaveTitle(/Cliente non trovato · /);
});

/** Every menu entry the user is given opens a built page: a title, no 404, no "in arrivo". */
async function expectEveryEntryBuilt(page: Page, hrefs: string[]) {
  for (const href of new Set(hrefs)) {
    const response = await page.goto(href);
    expect(response?.status(), href).toBeLessThan(400);
    await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible({ timeout: LANDING_TIMEOUT_MS });
    await expect(page.getByTestId('not-found'), href).toHaveCount(0);
    await expect(page.getByText(/in arrivo/i), href).toHaveCount(0);
  }
}

const entriesOf = (role: { isAdmin: boolean; isOperator: boolean }, fullPack = true) => [
  ...mainNavigation({ showNewsletter: true, fullPack }).flatMap((item) => [item.href, ...(item.children ?? []).map((child) => child.href)]),
  ...settingsMenu({ ...role, lucee: false, fullPack }).flatMap((section) => section.entries.map((entry) => entry.href)),
  '/aiuto',
];

test('every menu and settings entry of an admin leads to a built page', async ({ page }) => {
  test.slow();
  await openAs(page, LOGINS.admin);
  await expectEveryEntryBuilt(page, entriesOf({ isAdmin: true, isOperator: false }));
});

test('every menu and settings entry of the operator leads to a built page', async ({ page }) => {
  test.slow();
  await openAs(page, LOGINS.operator);
  await expectEveryEntryBuilt(page, entriesOf({ isAdmin: false, isOperator: true }));
});

test('every menu entry of a service account leads to a built page, and its 404 leads back to the mail', async ({ page }) => {
  await logIn(page, LOGINS.service);
  await expect(page).toHaveURL(/\/mail$/, { timeout: LANDING_TIMEOUT_MS });
  await expect(page.getByRole('button', { name: 'Preventivi recenti' })).toHaveCount(0);
  await expectEveryEntryBuilt(page, entriesOf({ isAdmin: false, isOperator: false }, false));
  await expectNotFoundInShell(page, '/pagina-che-non-esiste');
  await expect(page.getByRole('link', { name: 'Torna alla posta' })).toBeVisible();
});
