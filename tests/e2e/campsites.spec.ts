import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { LOGINS, logIn, openAs } from './support';

const uniqueTag = () => Math.random().toString(36).slice(2, 8);

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Removes the test's update through the API even when the test failed halfway: it must not pop up in other tests. */
async function deleteUpdateByTitle(request: APIRequestContext, title: string) {
  const bearer = async (who: { email: string; password: string }) => {
    const login = await request.post('/api/users/login', { data: { email: who.email, password: who.password } });
    return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  };
  // The update went to Lago Azzurro: its history finds it, the operator deletes it.
  const all = (await (await request.post('/api/getAllOldUpdate', { headers: await bearer(LOGINS.staff) })).json()) as { _id: string; titolo: string }[];
  const operator = await bearer(LOGINS.operator);
  for (const update of all.filter((row) => row.titolo === title)) await request.post('/api/deleteUpdate', { headers: operator, data: { id: update._id } });
}

test('campsites: the operator adds a campsite, its admin logs in, the operator deletes it after typing its name', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Camping Prova ${uniqueTag()}`;
  const admin = { email: `admin-${uniqueTag()}@prova.test`, password: 'Montagna2026' };
  // Alphabetically the first file of the run: the server's first login can be slow (cold start).
  await logIn(page, LOGINS.operator);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.goto('/settings?v=addCamp');
  await page.getByRole('textbox', { name: 'Nome' }).fill(name);
  await page.getByRole('textbox', { name: 'E-mail dell’amministratore' }).fill(admin.email);
  await page.locator('input[type="password"]').fill('corta');
  await page.getByRole('button', { name: 'Crea campeggio' }).click();
  await expect(page.getByText('La password deve avere almeno 10 caratteri').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue(name);
  await page.locator('input[type="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Crea campeggio' }).click();
  await expect(page).toHaveURL(/v=showCamp&campingID=/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  const other = await newPage(browser);
  await openAs(other.page, admin);
  await expect(other.page.getByTestId('campsite-name')).toHaveText(name);
  await other.page.goto('/settings?v=showCamp');
  await expect(other.page.getByRole('link', { name })).toBeVisible();
  await expect(other.page.getByRole('link', { name: 'Camping Lago Azzurro' })).toHaveCount(0);
  await other.context.close();

  await page.goto('/settings?v=showCamp');
  await page.getByRole('textbox', { name: 'Cerca per nome' }).fill(name);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Elimina campeggio' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('delete-summary')).toHaveText('0 contatti, 0 preventivi, 0 e-mail, 0 immagini, 1 utente.');
  const confirm = dialog.getByRole('button', { name: 'Conferma' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Per confermare scrivi il nome del campeggio' }).fill(name);
  await confirm.click();
  await expect(page.getByText(`Campeggio «${name}» eliminato`)).toBeVisible();
  await expect(page).toHaveURL(/v=showCamp$/);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('product updates: posted to Lago Azzurro, its staff sees the popup once and in the history, Pineta never', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const title = `Novità di prova ${uniqueTag()}`;
  try {
    await openAs(page, LOGINS.operator, '/settings?v=updates');
    await page.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await page.getByRole('textbox', { name: 'Testo', exact: true }).click();
    await page.keyboard.type('Il calendario delle prenotazioni è più veloce.');
    await page.getByRole('radio', { name: 'Campeggi scelti' }).check();
    await page.getByRole('combobox', { name: 'Campeggi' }).click();
    await page.getByRole('option', { name: 'Camping Lago Azzurro' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Pubblica' }).click();
    await expect(page.getByText('Novità pubblicata')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    const lake = await newPage(browser);
    await logIn(lake.page, LOGINS.staff);
    const popup = lake.page.getByRole('dialog', { name: title });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Il calendario delle prenotazioni è più veloce.');
    await popup.getByRole('button', { name: 'Ho capito' }).click();
    await expect(popup).toBeHidden();
    await lake.page.goto('/settings?v=novita');
    await expect(lake.page.getByRole('heading', { name: title })).toBeVisible();
    // Closed for good: after the first check of a new page it does not come back.
    await lake.page.waitForTimeout(3_000);
    await expect(lake.page.getByRole('dialog', { name: title })).toHaveCount(0);
    await lake.context.close();

    const pine = await newPage(browser);
    await openAs(pine.page, LOGINS.pineta);
    await pine.page.waitForTimeout(3_000);
    await expect(pine.page.getByRole('dialog')).toHaveCount(0);
    await pine.page.goto('/settings?v=novita');
    await expect(pine.page.getByRole('heading', { name: 'Novità del CRM', level: 1 })).toBeVisible();
    await expect(pine.page.getByRole('heading', { name: title })).toHaveCount(0);
    await pine.context.close();

    await page.reload();
    await page.getByRole('button', { name: `Elimina: ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page.getByText('Novità eliminata')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  } finally {
    await deleteUpdateByTitle(request, title);
  }
});
