import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures';
import { LOGINS, openAs } from './support';

/** Letters only, so the surname and its fragment are unique in the demo data of every run. */
function uniqueLetters(length: number): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz';
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}

function romeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

test('contacts: create, find, open, edit, export, import, delete', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = uniqueLetters(8);
  const surname = `Zanetti${tag[0].toUpperCase()}${tag.slice(1)}`;
  const fragment = tag.slice(2, 7);
  const email = `elena.${tag}@example.it`;

  await openAs(page, LOGINS.admin);

  // Create from the navbar's 'Nuovo Cliente'.
  await page.getByRole('navigation').getByRole('link', { name: 'Contatti' }).hover();
  await page.getByRole('menuitem', { name: 'Nuovo Cliente' }).click();
  await expect(page).toHaveURL(/\/clienti\/nuovo$/);
  await expect(page.getByRole('heading', { name: 'Nuovo cliente' })).toBeVisible();

  // Nothing typed: refused with the Italian rule.
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(page.getByTestId('contact-form-error')).toContainText('Inserisci almeno il nome, il cognome o l’e-mail');

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Elena');
  await page.getByRole('textbox', { name: 'Cognome' }).fill(surname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('elena@');
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(page.getByText('Indirizzo e-mail non valido')).toBeVisible();
  // What was typed is still there.
  await expect(page.getByRole('textbox', { name: 'Cognome' })).toHaveValue(surname);

  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('combobox', { name: 'Nazione' }).click();
  await page.getByRole('option', { name: 'Italia' }).click();
  await expect(page.getByRole('textbox', { name: 'Prefisso' })).toHaveValue('+39');
  await page.getByRole('textbox', { name: 'Telefono' }).fill('333 123 4567');
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(page.getByText('Cliente creato')).toBeVisible();
  await expect(page).toHaveURL(/\/clienti\/[\w-]{20,}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Elena ${surname}`);
  const detailUrl = page.url();

  // A second contact with the same address, in another case, is refused naming the first.
  await page.goto('/clienti/nuovo');
  await page.getByRole('textbox', { name: 'Cognome' }).fill('Doppione');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(page.getByTestId('contact-form-error')).toContainText(`Esiste già un cliente con l’e-mail ${email}: Elena ${surname}.`);
  await page.getByRole('link', { name: 'Apri il cliente esistente' }).click();
  await expect(page).toHaveURL(detailUrl);

  // Find it by a fragment of the surname, then open it.
  await page.getByRole('navigation').getByRole('link', { name: 'Contatti' }).click();
  await expect(page).toHaveURL(/\/clienti$/);
  await searchFor(page, fragment);
  const table = page.getByTestId('contacts-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('contacts-count')).toHaveText('1 cliente trovato');
  await table.getByRole('link', { name: `${surname} Elena` }).click();
  await expect(page).toHaveURL(detailUrl);

  // Edit.
  await page.getByRole('link', { name: 'Modifica' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica cliente' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Città' }).fill('Verona');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Modifiche salvate')).toBeVisible();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByTestId('contact-data')).toContainText('Verona');
  await expect(page.getByRole('link', { name: 'Nuovo preventivo' })).toHaveAttribute('href', /\/crea-preventivo\?cliente=/);

  // Export what the list shows.
  await page.goto(`/clienti?q=${fragment}`);
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('contacts-export').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`ExportDati_${romeToday()}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  expect(csv).toContain('Nome;Cognome;E-mail');
  expect(csv).toContain(`Elena;${surname};${email}`);
  expect(csv).toContain(";Verona;");

  // Import a small file: the same address again (skipped), a new guest, a bad e-mail (refused).
  await page.goto('/clienti');
  await page.getByRole('link', { name: 'Importa' }).click();
  await expect(page).toHaveURL(/\/clienti\/importa$/);
  const file = ['Nome;Cognome;Email', `Elena;${surname};${email.toUpperCase()}`, `Marco;Import${tag};marco.${tag}@example.it`, 'Rotto;Indirizzo;non-valida'].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'clienti.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${file}`, 'utf8') });
  await expect(page.getByTestId('import-summary')).toHaveText('3 righe di dati, separatore «punto e virgola»');
  await expect(page.getByTestId('import-preview')).toContainText(`Import${tag}`);
  await expect(page.getByRole('combobox', { name: 'Campo del cliente: Email' })).toHaveValue('E-mail');
  await page.getByRole('button', { name: 'Importa 3 righe' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible();
  await expect(page.getByTestId('import-created')).toContainText('1');
  await expect(page.getByTestId('import-skipped')).toContainText('1');
  await expect(page.getByTestId('import-refused')).toContainText('1');
  await expect(page.getByTestId('import-refused-rows')).toContainText('Indirizzo e-mail non valido («non-valida»).');
  await expect(page.getByTestId('import-refused-rows').getByRole('cell', { name: '4', exact: true })).toBeVisible();
  await expect(page.getByTestId('import-skipped-rows')).toContainText(`E-mail già presente: Elena ${surname}.`);

  // Delete with the confirmation dialog.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: 'Elimina' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminare il cliente?' });
  await expect(dialog).toContainText(`Stai per eliminare Elena ${surname}.`);
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Cliente eliminato')).toBeVisible();
  await expect(page).toHaveURL(/\/clienti$/);
  await searchFor(page, fragment);
  // Only the guest of the import is left with that fragment.
  await expect(page.getByTestId('contacts-count')).toHaveText('1 cliente trovato');
  await expect(page.getByTestId('contacts-table').getByRole('link', { name: `Import${tag} Marco` })).toBeVisible();
  await searchFor(page, surname);
  await expect(page.getByText('Nessun cliente corrisponde ai filtri')).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: 'Cliente non trovato' })).toBeVisible();
});

test('contacts: the date filter refuses an invalid date and the list fits a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openAs(page, LOGINS.admin, '/clienti');
  await page.getByRole('textbox', { name: 'Dal', exact: true }).fill('31/02/2026');
  await page.getByRole('button', { name: 'Applica date' }).click();
  await expect(page.getByText('Data non valida: usa il formato gg/mm/aaaa')).toBeVisible();
  await expect(page).toHaveURL(/\/clienti$/);

  await page.getByRole('textbox', { name: 'Dal', exact: true }).fill('01/01/2000');
  await page.getByRole('textbox', { name: 'Al', exact: true }).fill('31/12/2099');
  await page.getByRole('button', { name: 'Applica date' }).click();
  await expect(page).toHaveURL(/dal=01%2F01%2F2000&al=31%2F12%2F2099/);
  await expect(page.getByTestId('contacts-table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // A date typed in the URL by hand is refused with the server's Italian message.
  await page.goto('/clienti?dal=99/99/2026');
  await expect(page.getByRole('alert').filter({ hasText: 'Data iniziale non valida: usa il formato gg/mm/aaaa.' })).toBeVisible();
  await context.close();
});
