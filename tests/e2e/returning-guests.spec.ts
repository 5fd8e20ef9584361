import { expect, test, type Page } from './fixtures';
import { DEMO_CATALOGUES } from '../../lib/booking-platform/demo-catalogue';
import { demoPriceList } from '../../lib/booking-platform/demo-platform';
import { formatMoney } from '../../lib/format';
import { priceCard } from '../../lib/booking-platform/pricing';
import { earlierPriceList } from '../../db/seed/returning';
import { expectAccessibleAtRest } from './axe-at-rest';
import { screenshotForReview } from './screenshots';
import { LOGINS, startSession } from './support';

/**
 * The seeded returning guest Katharina Vogel booked Piazzola 7 (Piazzola standard) from Saturday
 * 11/07/2026 to 25/07/2026 for two adults and a child, with a car and electricity, and has now
 * asked for July 2027. Week 28's Saturday in 2027 is 17/07/2027.
 */
const GUEST = 'Katharina Vogel';
const DRAFT = {
  typologyId: 'LA-PZ-STD',
  arrival: '2027-07-17',
  departure: '2027-07-31',
  people: [
    { personTypeId: 'LA-ADULTO', count: 2 },
    { personTypeId: 'LA-BAMBINO', count: 1 },
  ],
  vehicles: [{ id: 'LA-AUTO', quantity: 1 }],
  services: [{ id: 'LA-CORRENTE', quantity: 1 }],
};
const LAST_STAY = { ...DRAFT, arrival: '2026-07-11', departure: '2026-07-25' };

const requestRow = (page: Page) => page.getByTestId('request-table').locator('tr', { hasText: GUEST });

test('a returning guest’s request: marked, last stay shown, drafted again at this year’s prices, counted on the dashboard', async ({ page }) => {
  test.setTimeout(180_000);
  await startSession(page, LOGINS.admin);

  // The requests list: the marker with the last stay's dates and accommodation. A first-time
  // guest's request has no marker.
  await page.goto('/richieste');
  const others = page.getByTestId('request-table').locator('tbody tr', { hasNotText: GUEST });
  await expect(others.first()).toBeVisible();
  await expect(others.first().getByTestId('returning-badge')).toHaveCount(0);
  // Found by the search, whatever else came in since: the URL keeps it.
  await page.getByRole('searchbox', { name: 'Cerca per ospite' }).fill('katharina vogel');
  await expect(page).toHaveURL(/\/richieste\?q=katharina(\+|%20)vogel$/);
  await expect(page.getByTestId('request-table').locator('tbody tr')).toHaveCount(1);
  const row = requestRow(page);
  await expect(row.getByTestId('returning-badge')).toContainText('Ospite di ritorno');
  await expect(row.getByTestId('returning-badge')).toContainText('Ultimo soggiorno: 11/07/2026 – 25/07/2026 · Piazzola standard, Piazzola 7');
  await screenshotForReview(page, 'returning-requests-1280');

  // The preview: "Ultimo soggiorno".
  await row.getByRole('link', { name: 'Apri' }).click();
  const lastStay = page.getByRole('region', { name: 'Ultimo soggiorno' });
  await expect(lastStay).toContainText('11/07/2026 – 25/07/2026');
  await expect(lastStay.getByRole('row', { name: /Notti/ })).toContainText('14');
  await expect(lastStay.getByRole('row', { name: /Sistemazione/ })).toContainText('Piazzola standard');
  await expect(lastStay.getByRole('row', { name: /Piazzola \/ unità/ })).toContainText('Piazzola 7');
  await expect(lastStay.getByRole('row', { name: /Ospiti/ })).toContainText('Adulto × 2, Bambino (3-11 anni) × 1');
  await screenshotForReview(page, 'returning-preview-1280');
  await expectAccessibleAtRest(page, 'request preview of a returning guest');
  const previewUrl = page.url();

  // "Riproponi l'anno scorso": the editor opens on the drafted card.
  await lastStay.getByRole('button', { name: 'Riproponi l’anno scorso' }).click();
  await expect(page).toHaveURL(/\/preventivo\/edit\/[^/?]+\?riproposto=2026/, { timeout: 30_000 });
  await expect(page.getByTestId('repropose-notice')).toContainText('Bozza creata dal soggiorno del 2026: controlla e invia');
  // The platform says last year's pitch is free for the new dates: it is kept for the booking.
  await expect(page.getByTestId('repropose-notice')).toContainText('Piazzola 7 è libera per le nuove date');
  const card = page.getByTestId('card-editor');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('combobox', { name: 'Alloggio' })).toHaveValue('Piazzola standard');
  await expect(card.getByRole('textbox', { name: 'Arrivo' })).toHaveValue('17/07/2027');
  await expect(card.getByRole('textbox', { name: 'Partenza' })).toHaveValue('31/07/2027');
  await expect(card.getByRole('textbox', { name: 'Adulto', exact: true })).toHaveValue('2');
  await expect(card.getByRole('textbox', { name: 'Bambino (3-11 anni)' })).toHaveValue('1');
  // This year's list prices the same inputs as the card editor does, not last year's stored total.
  const thisYear = priceCard(demoPriceList(DEMO_CATALOGUES['lago-azzurro']), DRAFT).totalCents;
  const lastYear = priceCard(earlierPriceList(demoPriceList(DEMO_CATALOGUES['lago-azzurro']), 2026), LAST_STAY).totalCents;
  expect(thisYear).not.toBe(lastYear);
  await expect(card.getByTestId('editor-card-total')).toHaveText(formatMoney(thisYear));
  await screenshotForReview(page, 'returning-draft-1280');
  await expectAccessibleAtRest(page, 'the drafted quote with its notice', { include: '[data-testid="repropose-notice"]' });
  const draftUrl = page.url();

  // A second click drafts nothing more.
  await page.goto(previewUrl);
  await page.getByRole('button', { name: 'Riproponi l’anno scorso' }).click();
  await expect(page).toHaveURL(/\/preventivo\/edit\//, { timeout: 30_000 });
  await expect(page.getByTestId('card-editor')).toHaveCount(1);

  // The quotes list marks the returning guests too (Pieter Kuijpers' accepted quote), found by his
  // name: other specs' newer quotes may have pushed it off the first page.
  await page.goto('/preventivi?q=Kuijpers');
  await expect(page.getByTestId('quote-row').filter({ hasText: 'Pieter Kuijpers' }).getByTestId('returning-badge')).toContainText('Ospite di ritorno');

  // The dashboard: returning guests against first-time guests, with their conversion.
  await page.goto('/dashboard');
  const figures = page.getByTestId('returning-conversion-table');
  await expect(figures).toBeVisible();
  const returning = page.getByTestId('returning-row-returning');
  // The seed's three returning guests of Lago Azzurro, each with a quote or request this season.
  await expect(returning.getByRole('rowheader')).toHaveText(/^\d+ ospiti di ritorno$/);
  expect(Number((await returning.getByRole('rowheader').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(3);
  const [quotes, won, rate] = await returning.getByRole('cell').allTextContents();
  expect(Number(quotes)).toBeGreaterThanOrEqual(3);
  expect(Number(won)).toBeGreaterThanOrEqual(1);
  expect(rate).toMatch(/%$/);
  await expect(page.getByTestId('returning-row-first-time').getByRole('rowheader')).toHaveText(/^\d+ nuovi ospiti$/);
  await screenshotForReview(page, 'returning-dashboard-1280', { fullPage: true });

  // On a phone the marker is in the request's card.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/richieste?q=katharina+vogel');
  await expect(requestRow(page).getByTestId('returning-badge')).toBeVisible();
  await expect(requestRow(page).getByTestId('returning-badge')).toContainText('Piazzola 7');
  await screenshotForReview(page, 'returning-requests-390', { fullPage: false });
  await page.goto(previewUrl);
  await expect(page.getByRole('region', { name: 'Ultimo soggiorno' })).toBeVisible();
  await screenshotForReview(page, 'returning-preview-390', { fullPage: false });
  await expectAccessibleAtRest(page, 'request preview of a returning guest, phone');
  await page.goto(draftUrl);
  await expect(page.getByTestId('repropose-notice')).toBeVisible();
  await screenshotForReview(page, 'returning-draft-390', { fullPage: false });
  await page.goto('/preventivi?q=Kuijpers');
  // His earlier, accepted quote is listed too: the marker is on the new one only.
  const returningQuote = page.getByTestId('quote-row').filter({ hasText: 'Pieter Kuijpers' }).getByTestId('returning-badge');
  await expect(returningQuote).toBeVisible();
  await returningQuote.scrollIntoViewIfNeeded();
  await screenshotForReview(page, 'returning-quotes-390', { fullPage: false });
  await page.goto('/dashboard');
  await page.getByTestId('returning-conversion-table').scrollIntoViewIfNeeded();
  await screenshotForReview(page, 'returning-dashboard-390', { fullPage: false });
});

test('a returning guest’s page: last stay, and "Riproponi l’anno scorso" drafts a new quote once', async ({ page }) => {
  test.setTimeout(120_000);
  await startSession(page, LOGINS.admin);
  await page.goto('/clienti?q=marangoni');
  await page.getByRole('table').getByRole('link', { name: 'Marangoni Elisa' }).click();
  // Elisa Marangoni booked Bungalow 3 in 2025 and 2026: the last one, Saturday 13/06/2026, week 24.
  const lastStay = page.getByRole('region', { name: 'Ultimo soggiorno' });
  await expect(lastStay).toContainText('13/06/2026 – 20/06/2026');
  await expect(lastStay.getByRole('row', { name: /Piazzola \/ unità/ })).toContainText('Bungalow 3');
  await screenshotForReview(page, 'returning-contact-1280');
  await expectAccessibleAtRest(page, 'a returning guest’s page', { include: '[data-testid="last-stay"]' });
  const contactUrl = page.url();

  await lastStay.getByRole('button', { name: 'Riproponi l’anno scorso' }).click();
  await expect(page).toHaveURL(/\/preventivo\/edit\/[^/?]+\?riproposto=2026/, { timeout: 30_000 });
  const draftUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('repropose-notice')).toContainText('Bungalow 3 è libera per le nuove date');
  const card = page.getByTestId('card-editor');
  await expect(card.getByRole('combobox', { name: 'Alloggio' })).toHaveValue('Bungalow Olivo');
  // Week 24's Saturday of the next season still ahead: 19/06/2027.
  await expect(card.getByRole('textbox', { name: 'Arrivo' })).toHaveValue('19/06/2027');
  await expect(card.getByRole('textbox', { name: 'Partenza' })).toHaveValue('26/06/2027');
  await expect(page.getByRole('textbox', { name: 'Nome del preventivo' })).toHaveValue('Soggiorno 2027 – Elisa Marangoni');

  // Again from the contact's page: the same draft opens, no second quote.
  await page.goto(contactUrl);
  await page.getByRole('button', { name: 'Riproponi l’anno scorso' }).click();
  await expect(page).toHaveURL(/\/preventivo\/edit\//, { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe(draftUrl);
});
