import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from './fixtures';
import { normalSpaces, pdfPlainText } from '../helpers/pdf-text';
import { legacyGuestWithQuote, legacyLogin, legacyPost, type LegacySession } from './legacy-client';
import { screenshotForReview } from './screenshots';
import { LOGINS, openAs } from './support';

// The bell's count is compared before and after: these tests take turns.
test.describe.configure({ mode: 'serial' });

/** A Rome calendar day `days` from today, as the legacy API takes it. */
const romeDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));

/** A German guest with two offers (the second with the early-booking discount), valid for five more days. */
async function germanGuest(session: LegacySession, request: Parameters<typeof legacyGuestWithQuote>[0], tag: string) {
  return legacyGuestWithQuote(request, session, { nome: 'Jonas', cognome: `Becker ${tag}`, email: `jonas.becker.${tag}@example.de`, language: 3 }, {
    name: `Sommer am See ${tag}`,
    progress: 'nuovo',
    lingua: 3,
    scadenza: romeDay(5),
    schede: [
      { tipologia: 'LA-PZ-STD', arrivo: '2027-06-28', partenza: '2027-07-02', persone: [{ id: 'LA-ADULTO', quantita: 2 }, { id: 'LA-BAMBINO', quantita: 1 }], mezzi: [{ id: 'LA-AUTO', quantita: 1 }] },
      { tipologia: 'LA-MH-CLASSIC', arrivo: '2027-07-10', partenza: '2027-07-17', persone: [{ id: 'LA-ADULTO', quantita: 2 }], offerta: 'PRENOTA-PRIMA-2027' },
    ],
  });
}

const bytesOf = async (download: Download) => readFile((await download.path())!);

/** Every amount the page shows: each price line, each discount, each card's total. */
async function pageAmounts(page: Page) {
  const cards = page.getByTestId('guest-card');
  const amounts: string[] = [];
  const totals: string[] = [];
  for (let index = 0; index < (await cards.count()); index++) {
    const card = cards.nth(index);
    amounts.push(...(await card.locator('table tbody td:last-child').allInnerTexts()));
    // A discount reads "−87,50 €" on the page; the PDF's Helvetica writes the minus as a hyphen.
    amounts.push(...(await card.locator('[class*="discount"]').allInnerTexts()).map((text) => text.replace(/^[−-]/, '')));
    totals.push(await card.getByTestId('guest-card-total').innerText());
  }
  return { amounts: [...amounts, ...totals].map(normalSpaces), totals: totals.map(normalSpaces) };
}

test('a German guest downloads the PDF: every amount of the page, in German, and the offer’s remaining days', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const session = await legacyLogin(request, LOGINS.admin);
  const tag = Date.now().toString(36);
  const { path } = await germanGuest(session, request, tag);
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId('guest-quote-validity')).toContainText('Noch 5 Tage gültig');
  const { amounts, totals } = await pageAmounts(page);
  expect(totals).toHaveLength(2);
  await screenshotForReview(page, 'minisite-de-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotForReview(page, 'minisite-de-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  const link = page.getByRole('link', { name: 'PDF herunterladen' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`Angebot-Camping-Lago-Azzurro-Sommer-am-See-${tag}.pdf`);
  const bytes = await bytesOf(download);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await pdfPlainText(bytes);
  for (const amount of amounts) expect(text, amount).toContain(amount);
  for (const word of ['Angebot 1', 'Angebot 2', 'Gesamtpreis', 'Gültig bis', 'Zwischensumme', 'Jonas Becker', 'Position', 'Betrag']) expect(text).toContain(word);
  for (const italian of ['Proposta', 'Totale', 'Valido fino', 'notti']) expect(text).not.toContain(italian);

  // The download wrote nothing: the address still 404s for a wrong guest, and the route is GET only.
  const wrong = await context.request.get(path.replace(/\/visualizzaPreventivo\/[^/]+\//, '/visualizzaPreventivo/nessuno/') + '/pdf');
  expect(wrong.status()).toBe(404);
  await context.close();
});

test('the staff download the same PDF from the quote’s preview and send it attached; the captured mail carries it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await legacyLogin(request, LOGINS.admin);
  const tag = Date.now().toString(36);
  const { contactId, quoteId } = await germanGuest(session, request, tag);
  await openAs(page, LOGINS.admin, `/crea-preventivo/preview/${contactId}/${quoteId}`);
  await screenshotForReview(page, 'staff-preview', { fullPage: false });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Scarica PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Angebot-.*\.pdf$/);
  expect((await pdfPlainText(await bytesOf(download))).text).toContain('Gesamtpreis');

  // Another campsite's staff get a 404 for it.
  const pineta = await page.context().browser()!.newContext();
  const other = await pineta.newPage();
  await openAs(other, LOGINS.pineta);
  expect((await other.request.get(`/crea-preventivo/preview/${contactId}/${quoteId}/pdf`)).status()).toBe(404);
  await pineta.close();

  await page.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
  await expect(dialog.getByTitle('Anteprima dell’e-mail')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Allega il PDF del preventivo' }).check();
  await screenshotForReview(page, 'staff-send-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(page.getByText('Preventivo inviato a')).toBeVisible();

  await page.goto('/mail');
  await page.getByRole('link', { name: new RegExp(`^Ihr Angebot - .* - RIF\\.: [0-9A-F]{10} \\[CRM\\]$`) }).first().click();
  await expect(page.getByTestId('mail-attachments')).toContainText(`Angebot-Camping-Lago-Azzurro-Sommer-am-See-${tag}.pdf`);
});

test('an expired quote says so and files one new request with one click; a second click files nothing', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const session = await legacyLogin(request, LOGINS.admin);
  // The demo's quotes the expiry job has already closed (scaduto).
  const listed = await legacyPost<{ items: { _id: string; contact: string }[] }>(request, session, '/getQuote/lazy', { progress: ['scaduto'], limit: 20 });
  const expired = listed.items[0];
  expect(expired, 'the demo has expired quotes').toBeTruthy();
  const path = `/visualizzaPreventivo/${expired.contact}/${expired._id}/${session.campsiteId}`;

  await openAs(page, LOGINS.admin);
  const bell = page.getByTestId('notification-bell');
  const before = Number(await bell.getAttribute('data-unread'));

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(path);
  const panel = guestPage.getByTestId('guest-quote-expired');
  await expect(panel).toBeVisible();
  await expect(guestPage.getByTestId('guest-quote-validity')).toHaveCount(0);
  await screenshotForReview(guestPage, 'minisite-expired', { fullPage: false });
  const button = panel.getByRole('button');
  await button.click();
  await expect(panel.getByRole('status')).toBeVisible();
  const firstAnswer = await panel.getByRole('status').innerText();
  await expect(button).toHaveCount(0);
  await guestPage.setViewportSize({ width: 390, height: 844 });
  await screenshotForReview(guestPage, 'minisite-expired-sent-phone', { fullPage: false });

  await page.reload();
  await expect(bell).toHaveAttribute('data-unread', String(before + 1));

  // Again after a reload: the page says the request is already sent, and nothing new is filed.
  await guestPage.reload();
  await panel.getByRole('button').click();
  await expect(panel.getByRole('status')).toBeVisible();
  expect(await panel.getByRole('status').innerText()).not.toBe(firstAnswer);
  await page.reload();
  await expect(bell).toHaveAttribute('data-unread', String(before + 1));
  await guest.close();
});
