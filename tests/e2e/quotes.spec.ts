import { expect, test, type Locator, type Page } from './fixtures';
import { LOGINS, openAs } from './support';

async function fillCard(page: Page, card: Locator, typology: string, arrival: string, departure: string) {
  await card.getByRole('combobox', { name: 'Alloggio' }).click();
  await page.getByRole('option', { name: typology, exact: true }).click();
  await card.getByRole('textbox', { name: 'Arrivo' }).fill(arrival);
  await card.getByRole('textbox', { name: 'Partenza' }).fill(departure);
  await card.getByRole('textbox', { name: 'Partenza' }).press('Tab');
}

test('a guest created, found by a fragment of the surname, then a two-card quote priced, listed, edited and booked', async ({ page }) => {
  test.slow();
  const tag = Date.now().toString(36).replace(/\d/g, '').padEnd(6, 'q');
  const surname = `Quotetest${tag[0].toUpperCase()}${tag.slice(1)}`;
  await openAs(page, LOGINS.staff);

  await page.goto('/clienti/nuovo');
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Elena');
  await page.getByRole('textbox', { name: 'Cognome' }).fill(surname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`${surname.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Elena ${surname}`);

  // Found again from the list by a fragment of the surname, in lower case.
  await page.goto('/clienti');
  const fragment = surname.slice(4, 11).toLowerCase();
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(fragment);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${fragment}`));
  await page.getByRole('table').getByRole('link', { name: `${surname} Elena` }).click();
  await page.getByRole('link', { name: 'Nuovo preventivo' }).click();
  await expect(page).toHaveURL(/\/crea-preventivo\?cliente=/);

  await page.getByRole('textbox', { name: 'Nome del preventivo' }).fill(`Estate 2027 – ${surname}`);
  await page.getByRole('button', { name: 'Aggiungi una scheda' }).click();
  await fillCard(page, page.getByTestId('card-editor').nth(0), 'Casa mobile Classic', '10/07/2027', '17/07/2027');
  await page.getByRole('button', { name: 'Aggiungi una scheda' }).click();
  await fillCard(page, page.getByTestId('card-editor').nth(1), 'Piazzola vista lago', '10/07/2027', '17/07/2027');
  // 7 high-season nights at 125 € plus 14 × 1.50 € tourist tax; the pitch adds 2 adults × 7 nights × 10.50 €.
  await expect(page.getByTestId('editor-card-total')).toHaveText(['896,00 €', '434,00 €']);

  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByRole('button', { name: 'Salva come nuovo' }).click();
  await expect(page).toHaveURL(/\/crea-preventivo\/preview\//);
  await expect(page.getByTestId('card-total')).toHaveText(['896,00 €', '434,00 €']);

  // Found in the list by its progress tag and its name.
  await page.goto('/preventivi');
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(surname);
  await page.getByRole('combobox', { name: 'Stato' }).click();
  await page.getByRole('option', { name: 'Nuovo', exact: true }).click();
  await page.keyboard.press('Escape');
  const row = page.getByTestId('quote-row').filter({ hasText: surname });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Nuovo');

  // The side drawer, then the editor: rename and save.
  await row.getByRole('link').click();
  await expect(page.getByTestId('quote-drawer')).toBeVisible();
  await page.getByTestId('quote-drawer').getByRole('link', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/preventivo\/edit\//);
  await page.getByRole('textbox', { name: 'Nome del preventivo' }).fill(`Luglio 2027 – ${surname}`);
  await page.getByRole('button', { name: 'Salva come nuovo' }).click();
  await expect(page).toHaveURL(/\/crea-preventivo\/preview\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Luglio 2027 – ${surname}`);

  // Booking steps on the demo catalogue: availability, unit, confirmation.
  await page.getByRole('link', { name: 'Prenota' }).click();
  await page.getByRole('button', { name: 'Verifica disponibilità' }).click();
  await expect(page.getByText(/Disponibile: \d+ unità/)).toBeVisible();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByRole('button', { name: 'Conferma prenotazione' }).click();
  await expect(page.getByTestId('booking-done')).toContainText(/pratica \d+\/2027/);
  await page.getByRole('link', { name: 'Torna al preventivo' }).last().click();
  await expect(page.getByText('Convertito', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('booking-number')).toContainText('/2027');
});

test('an offer’s discount keeps to the campsite’s «Sconto solo sull’unità» and never touches the tourist tax; the greyed switch says why', async ({ page }) => {
  await openAs(page, LOGINS.staff);
  await page.goto('/crea-preventivo');
  const surname = `Scontotest${Date.now().toString(36).replace(/\d/g, '')}`;
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Marta');
  await page.getByRole('textbox', { name: 'Cognome' }).fill(surname);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`${surname.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: 'Crea e usa questo cliente' }).click();
  await page.getByRole('button', { name: 'Aggiungi una scheda' }).click();
  const card = page.getByTestId('card-editor').nth(0);
  await fillCard(page, card, 'Casa mobile Classic', '10/07/2027', '17/07/2027');
  // 7 × 125,00 € and 14 × 1,50 € of tourist tax.
  await expect(card.getByTestId('editor-card-total')).toHaveText('896,00 €');
  const onlyOnUnit = card.getByRole('switch', { name: 'Sconto solo sull’alloggio' });
  // Camping Lago Azzurro discounts only the accommodation.
  await expect(onlyOnUnit).toBeChecked();
  await expect(card.getByText('L’imposta di soggiorno non è mai scontata.', { exact: false })).toBeVisible();

  // «Settimana lunga» is on the whole stay: the campsite's choice decides, 5% of 875,00 € only.
  await card.getByRole('combobox', { name: 'Offerta' }).click();
  await page.getByRole('option', { name: 'Settimana lunga: −5% dalle 7 notti' }).click();
  await expect(card.getByTestId('editor-card-total')).toHaveText('852,25 €');
  await expect(onlyOnUnit).toBeEnabled();
  await expect(card.getByText('Lo sconto è quello dell’offerta: toglila per scriverne uno.')).toBeVisible();
  // Switched off by keyboard: nothing here but the tax is left to discount, and the tax stays whole.
  await onlyOnUnit.focus();
  await page.keyboard.press('Space');
  await expect(onlyOnUnit).not.toBeChecked();
  await expect(card.getByTestId('editor-card-total')).toHaveText('852,25 €');

  // «Prenota prima» is on the accommodation only: the switch is on, greyed, and says why.
  await card.getByRole('combobox', { name: 'Offerta' }).click();
  await page.getByRole('option', { name: 'Prenota prima −10%' }).click();
  await expect(onlyOnUnit).toBeDisabled();
  await expect(onlyOnUnit).toBeChecked();
  await expect(card.getByText('Sempre attivo con l’offerta «Prenota prima −10%», che sconta solo l’alloggio.')).toBeVisible();
  await expect(card.getByTestId('editor-card-total')).toHaveText('808,50 €');
});
