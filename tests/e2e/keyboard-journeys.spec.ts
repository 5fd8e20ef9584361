import { expect, test, type Locator, type Page } from './fixtures';
import { LANDING_TIMEOUT_MS, LOGINS } from './support';

/**
 * Issue 15: every staff journey of the browser tests also works by keyboard alone. No click and
 * no pointer: Tab and Shift+Tab move, Enter, Space, arrows and Escape act. `page.goto` only opens
 * the page a journey starts from, as typing an address would; the main-menu journey shows each
 * section is reachable from the shell by keyboard too.
 */
const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Tabs (or Shift+Tabs) until `target` has the focus: a control the Tab key never reaches fails here. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await target.waitFor();
  for (let step = 0; step < max; step++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Non raggiungibile con ${back ? 'Maiusc+Tab' : 'Tab'}: ${target}`);
}

/** Presses `key` until `target` has the focus (arrows inside menus, lists and radio groups). */
async function arrowTo(page: Page, target: Locator, key: 'ArrowDown' | 'ArrowUp', max = 20) {
  for (let step = 0; step < max; step++) {
    if (await focused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Non raggiungibile con ${key}: ${target}`);
}

/** A fresh start on the page body: the first Tab goes to the skip link, as for a person. */
async function fromTop(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function openAt(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await fromTop(page);
}

const tag = Date.now().toString(36).replace(/\d/g, '').padEnd(6, 'k');
const surname = `Tastiera${tag[0].toUpperCase()}${tag.slice(1)}`;

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await fromTop(page);
  await tabTo(page, page.getByRole('textbox', { name: 'E-mail' }));
  await page.keyboard.type(LOGINS.admin.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(LOGINS.admin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: LANDING_TIMEOUT_MS });
  await fromTop(page);
});

test('the main menu: every section, its sub-pages and the settings, by Tab, Enter and arrows', async ({ page }) => {
  test.setTimeout(180_000);
  const nav = page.getByRole('navigation', { name: 'Navigazione principale' }).first();
  for (const [name, url] of [
    ['Preventivi', /\/preventivi$/],
    ['Contatti', /\/clienti$/],
    ['Mail', /\/mail$/],
    ['Dashboard', /\/dashboard$/],
  ] as const) {
    await fromTop(page);
    await tabTo(page, nav.getByRole('link', { name, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
  }
  for (const [section, entry, url] of [
    ['Preventivi', 'Nuovo preventivo', /\/crea-preventivo$/],
    ['Preventivi', 'Richieste', /\/richieste$/],
    ['Contatti', 'Nuovo Cliente', /\/clienti\/nuovo$/],
  ] as const) {
    await fromTop(page);
    await tabTo(page, nav.getByRole('button', { name: `Altre voci di ${section}` }));
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: new RegExp(`^${entry}$`, 'i') });
    await expect(item).toBeVisible();
    await arrowTo(page, item, 'ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
  }
  // Escape closes a sub-menu and gives the focus back to its button.
  await fromTop(page);
  const more = nav.getByRole('button', { name: 'Altre voci di Preventivi' });
  await tabTo(page, more);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  expect(await focused(more)).toBe(true);

  await fromTop(page);
  await tabTo(page, page.getByTestId('settings-menu'));
  await page.keyboard.press('Enter');
  await arrowTo(page, page.getByRole('menuitem', { name: 'Account CRM' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\?v=detUser$/);
});

test('a contact created, then a quote with one card for it, sent from the send dialog', async ({ page }) => {
  test.setTimeout(240_000);
  await openAt(page, '/clienti/nuovo');
  await tabTo(page, page.getByRole('textbox', { name: 'Nome', exact: true }));
  await page.keyboard.type('Lucia');
  await tabTo(page, page.getByRole('textbox', { name: 'Cognome' }));
  await page.keyboard.type(surname);
  await tabTo(page, page.getByRole('textbox', { name: 'E-mail' }));
  await page.keyboard.type(`${surname.toLowerCase()}@example.com`);
  await tabTo(page, page.getByRole('button', { name: 'Crea cliente' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lucia ${surname}`);

  await fromTop(page);
  await tabTo(page, page.getByRole('link', { name: 'Nuovo preventivo' }).last());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/crea-preventivo\?cliente=/);
  await tabTo(page, page.getByRole('textbox', { name: 'Nome del preventivo' }));
  await page.keyboard.type(`Estate – ${surname}`);
  await tabTo(page, page.getByRole('button', { name: 'Aggiungi una scheda' }));
  await page.keyboard.press('Enter');
  const card = page.getByTestId('card-editor').first();
  await tabTo(page, card.getByRole('combobox', { name: 'Alloggio' }));
  await page.keyboard.type('Casa mobile Classic');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(card.getByRole('combobox', { name: 'Alloggio' })).toHaveValue('Casa mobile Classic');
  await tabTo(page, card.getByRole('textbox', { name: 'Arrivo' }));
  await page.keyboard.type('10/07/2027');
  await tabTo(page, card.getByRole('textbox', { name: 'Partenza' }));
  await page.keyboard.type('17/07/2027');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('editor-card-total')).toHaveText(['896,00 €']);
  await tabTo(page, page.getByRole('button', { name: 'Avanti' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Salva come nuovo' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/crea-preventivo\/preview\//);

  await fromTop(page);
  await tabTo(page, page.getByRole('button', { name: 'Invia per e-mail' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Invia', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Preventivo inviato a')).toBeVisible();
});

test('a request refused with a reason chosen by arrows', async ({ page }) => {
  test.setTimeout(120_000);
  await openAt(page, '/richieste');
  await tabTo(page, page.getByRole('link', { name: 'Apri' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/richieste\/preview\//);
  await fromTop(page);
  await tabTo(page, page.getByRole('link', { name: 'Rifiuta' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/richieste\/refuse\//);
  await tabTo(page, page.getByRole('radio', { name: 'Nessuna disponibilità per le date richieste' }));
  await arrowTo(page, page.getByRole('radio', { name: 'Altro' }), 'ArrowDown');
  await expect(page.getByRole('radio', { name: 'Altro' })).toBeChecked();
  await tabTo(page, page.getByRole('textbox', { name: 'Dettagli' }));
  await page.keyboard.type('Chiuso per lavori');
  await tabTo(page, page.getByRole('button', { name: 'Conferma il rifiuto' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/richieste$/);
});

test('a mailing list created from its dialog', async ({ page }) => {
  await openAt(page, '/mailing');
  await tabTo(page, page.getByRole('button', { name: 'Nuova lista' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Nuova lista' });
  await tabTo(page, dialog.getByRole('textbox', { name: 'Nome della lista' }));
  await page.keyboard.type(`Tastiera ${tag}`);
  await tabTo(page, dialog.getByRole('button', { name: 'Crea la lista' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Tastiera ${tag}` })).toBeVisible();
});

test('a template renamed and saved', async ({ page }) => {
  await openAt(page, '/templateDashboard');
  await tabTo(page, page.getByTestId('template-row').first().getByRole('link').first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/templator\/.+/);
  const name = page.getByRole('textbox', { name: 'Nome del modello' });
  await fromTop(page);
  await tabTo(page, name);
  await page.keyboard.press('End');
  await page.keyboard.type(` ${tag}`);
  await tabTo(page, page.getByRole('button', { name: 'Salva', exact: true }));
  await page.keyboard.press('Enter');
  // A reload before the save has answered would cancel it.
  await expect(page.getByText('Modello salvato.')).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue(new RegExp(` ${tag}$`));
});

test('notifications marked read from the bell, then logged out from the settings menu', async ({ page }) => {
  await tabTo(page, page.getByTestId('notification-bell'));
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifiche', exact: true });
  await expect(panel).toBeVisible();
  await tabTo(page, panel.getByRole('button', { name: 'Segna tutte come lette' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Segna tutte come lette' });
  await tabTo(page, confirm.getByRole('button', { name: 'Conferma' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-unread', '0');
  // The button that opened the confirmation went away with the unread ones: the focus stays in the panel.
  await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await fromTop(page);
  await tabTo(page, page.getByTestId('settings-menu'));
  await page.keyboard.press('Enter');
  await arrowTo(page, page.getByRole('menuitem', { name: 'Esci' }), 'ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
});
