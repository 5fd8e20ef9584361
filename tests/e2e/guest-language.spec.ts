import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { expectAccessibleAtRest } from './axe-at-rest';
import { italianIn, italianWords } from './italian-words';
import { legacyGuestWithQuote, legacyLogin } from './legacy-client';
import { screenshotForReview } from './screenshots';
import { LOGINS, openAs } from './support';

const PHONE = { width: 390, height: 844 };

/**
 * A guest (German: language 3, English: 2) with a quote that has every kind of line: a pitch over
 * two seasons, two kinds of guests, a car, a dog, the final cleaning and the early-booking offer.
 */
async function guestWithQuote(request: APIRequestContext, language: 2 | 3, tag: string) {
  const session = await legacyLogin(request, LOGINS.staff);
  return legacyGuestWithQuote(request, session, { nome: 'Lena', cognome: `Gast ${tag}`, email: `lena.gast.${tag}@example.de`, language }, {
      name: `Sommer ${tag}`,
      progress: 'nuovo',
      lingua: language,
      schede: [
        {
          tipologia: 'LA-PZ-LAGO',
          arrivo: '2027-06-28',
          partenza: '2027-07-02',
          persone: [
            { id: 'LA-ADULTO', quantita: 2 },
            { id: 'LA-BAMBINO', quantita: 1 },
          ],
          mezzi: [{ id: 'LA-AUTO', quantita: 1 }],
          servizi: [
            { id: 'LA-CANE', quantita: 1 },
            { id: 'LA-PULIZIA', quantita: 1 },
          ],
          offerta: 'PRENOTA-PRIMA-2027',
        },
      ],
  });
}

/** The staff send it from the quote's preview with the template offered first. */
async function sendQuote(page: Page, contactId: string, quoteId: string) {
  await page.goto(`/crea-preventivo/preview/${contactId}/${quoteId}`);
  await page.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
  await expect(dialog.getByTitle('Anteprima dell’e-mail')).toBeVisible();
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(page.getByText('Preventivo inviato a')).toBeVisible();
}

async function offerText(page: Page): Promise<string> {
  const card = page.getByTestId('guest-card').first();
  await expect(card.getByRole('table')).toBeVisible();
  return card.innerText();
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}

test('a German guest reads every line of the offer in German; on a phone the accepted badge is whole; Enter saves the new name', async ({ browser, page, request }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const german = await guestWithQuote(request, 3, tag);
  await openAs(page, LOGINS.staff);
  await sendQuote(page, german.contactId, german.quoteId);

  const guest = await phone(browser);
  await guest.page.goto(german.path);
  const text = await offerText(guest.page);
  const words = italianWords('de');
  expect(words).toEqual(expect.arrayContaining(['Piazzola', 'notti', 'Adulto', 'Bambino', 'Pulizia', 'stagione', 'Auto', 'Cane', 'Prenota']));
  expect(italianIn(text, words)).toEqual([]);
  for (const expected of ['Stellplatz mit Seeblick – Zwischensaison', 'Erwachsener × 4 Nächte', 'Pkw × 4 Nächte', 'Hund × 4 Nächte', 'Endreinigung', 'Frühbucher −10 %', '2 × Erwachsener']) {
    expect(text).toContain(expected);
  }

  // Enter in the rename field saves.
  const field = guest.page.getByRole('textbox', { name: 'Name des Angebots' });
  // A press before the page is interactive does nothing: pressed again until the field opens.
  await expect(async () => {
    await guest.page.getByRole('button', { name: 'Umbenennen' }).click();
    await expect(field).toBeVisible({ timeout: 2000 });
  }).toPass();
  await field.fill(`Unser Seeurlaub ${tag}`);
  await field.press('Enter');
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(`Unser Seeurlaub ${tag}`);
  await guest.page.reload();
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(`Unser Seeurlaub ${tag}`);

  // Accepted, the badge fits the phone's width, and nothing scrolls sideways.
  await guest.page.getByRole('button', { name: 'Dieses Angebot annehmen' }).click();
  await guest.page.getByRole('button', { name: 'Ja, annehmen' }).click();
  const badge = guest.page.getByText('Angenommen', { exact: true });
  await expect(badge).toBeVisible();
  await screenshotForReview(guest.page, 'guest-de-phone');
  const box = (await badge.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await badge.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await guest.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await guest.context.close();

  // The same accepted quote on a desktop, for the eye.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const look = await desktop.newPage();
  await look.goto(german.path);
  await expect(look.getByText('Angenommen', { exact: true })).toBeVisible();
  await screenshotForReview(look, 'guest-de-desktop');
  await desktop.close();
});

test('an English guest reads the offer in English', async ({ browser, request }) => {
  const english = await guestWithQuote(request, 2, Date.now().toString(36));
  const guest = await phone(browser);
  await guest.page.goto(english.path);
  const text = await offerText(guest.page);
  expect(italianIn(text, italianWords('en'))).toEqual([]);
  for (const expected of ['Lake-view pitch – mid season', 'Adult × 4 nights', 'Car × 4 nights', 'Dog × 4 nights', 'Final cleaning', 'Early booking −10%']) {
    expect(text).toContain(expected);
  }
  await guest.context.close();
});

test('the staff translate an offer for the guests: a new quote uses the words, one already sent keeps its own', async ({ browser, page, request }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const before = await guestWithQuote(request, 3, `${tag}a`);
  await openAs(page, LOGINS.admin);
  await sendQuote(page, before.contactId, before.quoteId);

  const { campsiteId } = await legacyLogin(request, LOGINS.staff);
  await page.goto(`/settings?v=showCamp&campingID=${campsiteId}&tab=traduzioni`);
  // A value typed before React hydrates the form is lost from its state.
  await page.waitForLoadState('networkidle');
  const offer = page.getByRole('group', { name: 'Prenota prima −10%' });
  await expect(offer.getByRole('textbox', { name: 'Tedesco' })).toHaveValue('Frühbucher −10 %');
  await screenshotForReview(page, 'translations-desktop');
  await expectAccessibleAtRest(page, 'Traduzioni per gli ospiti');
  await page.setViewportSize(PHONE);
  await screenshotForReview(page, 'translations-phone', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The platform names the pitch itself: its words are shown, not edited here.
  await expect(page.getByRole('group', { name: 'Piazzola vista lago' }).getByRole('textbox', { name: 'Tedesco' })).toHaveAttribute('readonly', '');
  await offer.getByRole('textbox', { name: 'Tedesco' }).fill(`Frühbucher-Spezial ${tag}`);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Impostazioni salvate.')).toBeVisible();
  // A label no one translates stands out, and the filter shows only those.
  await offer.getByRole('textbox', { name: 'Francese' }).fill('');
  await expect(offer).toHaveAttribute('data-missing', 'true');
  await expect(offer.getByText('Manca: Francese')).toBeVisible();
  await expectAccessibleAtRest(page, 'Traduzioni per gli ospiti con una lingua mancante');
  await page.getByRole('switch', { name: 'Mostra solo quelle da completare' }).check();
  await expect(page.getByTestId('label-translation')).toHaveCount(1);
  await page.getByRole('switch', { name: 'Mostra solo quelle da completare' }).uncheck();
  await offer.getByRole('textbox', { name: 'Francese' }).fill('Réservation anticipée −10 %');
  await expect(offer).toHaveAttribute('data-missing', 'false');
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('group', { name: 'Prenota prima −10%' }).getByRole('textbox', { name: 'Tedesco' })).toHaveValue(`Frühbucher-Spezial ${tag}`);

  const after = await guestWithQuote(request, 3, `${tag}b`);
  const guest = await browser.newContext();
  const reader = await guest.newPage();
  await reader.goto(after.path);
  expect(await offerText(reader)).toContain(`Frühbucher-Spezial ${tag}`);
  await reader.goto(before.path);
  const sent = await offerText(reader);
  expect(sent).toContain('Frühbucher −10 %');
  expect(sent).not.toContain('Spezial');
  await guest.close();

  // Put the demo's words back for the other tests of this run.
  await page.getByRole('group', { name: 'Prenota prima −10%' }).getByRole('textbox', { name: 'Tedesco' }).fill('Frühbucher −10 %');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Impostazioni salvate.')).toBeVisible();
});
