import { DEMO_CATALOGUES } from '../../lib/booking-platform/demo-catalogue';
import { expect, test, type APIRequestContext } from './fixtures';
import { legacyGuestWithQuote, legacyLogin } from './legacy-client';
import { LOGINS, openAs } from './support';

/**
 * Issue 27: Italian on foreign guests' pages. The contact form listed the accommodation in Italian
 * (and left out the lake-view pitch), the mini-site showed the Italian opening-hours note, and a
 * Dutch guest's mail opened with the German template.
 */
const PHONE = { width: 390, height: 844 };
const ITALIAN_TYPOLOGIES = DEMO_CATALOGUES['lago-azzurro'].typologies.map((typology) => typology.name).filter((name) => name !== 'Bungalow Olivo');
/** The seed's Italian hours note (db/seed/campsites.ts), and its first words in the guests' languages. */
const ITALIAN_NOTE = 'Reception aperta tutti i giorni';
const NOTE = { de: 'Die Rezeption ist täglich', nl: 'De receptie is elke dag', fr: 'Reception is open every day' } as const;

const italianOn = (text: string) => [...ITALIAN_TYPOLOGIES, ITALIAN_NOTE].filter((italian) => text.toLowerCase().includes(italian.toLowerCase()));

async function guestWithQuote(request: APIRequestContext, language: 3 | 4 | 5, tag: string) {
  const session = await legacyLogin(request, LOGINS.staff);
  const quote = await legacyGuestWithQuote(request, session, { nome: 'Sanne', cognome: `Gast ${tag}`, email: `sanne.${language}.${tag}@example.nl`, language }, {
    name: `Zomer ${tag}`,
    progress: 'nuovo',
    lingua: language,
    schede: [{ tipologia: 'LA-PZ-LAGO', arrivo: '2027-06-28', partenza: '2027-07-02', persone: [{ id: 'LA-ADULTO', quantita: 2 }] }],
  });
  return { ...quote, campsiteId: session.campsiteId };
}

test('the contact form names every accommodation in Dutch and German, the lake-view pitch too', async ({ page, request }) => {
  const { campsiteId } = await legacyLogin(request, LOGINS.staff);
  await page.setViewportSize(PHONE);
  for (const [segment, lakeView] of [['nl', 'Kampeerplaats met uitzicht op het meer'], ['3', 'Stellplatz mit Seeblick']] as const) {
    await page.goto(`/contattaci/${campsiteId}/${segment}`);
    const typology = page.locator('select').filter({ has: page.locator('option[value="LA-PZ-LAGO"]') });
    await expect(typology).toHaveCount(1);
    await expect(typology.locator('option[value="LA-PZ-LAGO"]')).toHaveText(lakeView);
    // Keyboard: the list is reached and chosen without a mouse.
    await typology.focus();
    await typology.selectOption('LA-PZ-LAGO');
    await expect(typology).toHaveValue('LA-PZ-LAGO');
    expect(italianOn(await typology.innerText())).toEqual([]);
    expect(italianOn(await page.locator('main').innerText())).toEqual([]);
  }
});

test('a Dutch guest gets the English template, and the mini-site speaks Dutch: no Italian accommodation name or hours note', async ({ browser, page, request }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const dutch = await guestWithQuote(request, 5, tag);
  await openAs(page, LOGINS.staff);
  await page.goto(`/crea-preventivo/preview/${dutch.contactId}/${dutch.quoteId}`);
  await page.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
  await expect(dialog.getByRole('combobox', { name: 'Modello' })).toHaveValue(/Standard quote \(English\)/);
  await expect(dialog.getByText('Lingua del cliente: Nederlands')).toBeVisible();
  await expect(dialog.getByTestId('quote-mail-language-note')).toContainText('Il modello è in English, il cliente parla Nederlands');
  await expect(dialog.getByTitle('Anteprima dell’e-mail')).toBeVisible();
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(page.getByText('Preventivo inviato a')).toBeVisible();

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const guest = await context.newPage();
  for (const [language, note] of [[5, NOTE.nl], [3, NOTE.de], [4, NOTE.fr]] as const) {
    const path = language === 5 ? dutch.path : (await guestWithQuote(request, language, `${tag}${language}`)).path;
    await guest.goto(path);
    await expect(guest.getByTestId('guest-card').first()).toBeVisible();
    const text = await guest.locator('main').innerText();
    expect(text, `lingua ${language}`).toContain(note);
    expect(italianOn(text), `lingua ${language}`).toEqual([]);
  }

  // The admin writes the French note in Orari, on a phone and by keyboard: the French guest reads it, then the English one again once it is emptied.
  const frenchPath = (await guestWithQuote(request, 4, `${tag}f`)).path;
  const admin = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const settings = await admin.newPage();
  await openAs(settings, LOGINS.admin, `/settings?v=showCamp&campingID=${dutch.campsiteId}&tab=orari`);
  await settings.waitForLoadState('networkidle');
  const french = settings.getByRole('textbox', { name: 'Nota in francese' });
  await expect(settings.getByRole('textbox', { name: 'Nota in olandese' })).toHaveValue(/^De receptie is elke dag/);
  await expect(async () => {
    await french.fill('La réception est ouverte tous les jours de 8h à 20h.');
    await french.press('Tab');
    await expect(french).toHaveValue('La réception est ouverte tous les jours de 8h à 20h.', { timeout: 2_000 });
    await settings.getByRole('button', { name: 'Salva' }).click();
    await expect(settings.getByText('Impostazioni salvate.')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await guest.goto(frenchPath);
  await expect(guest.getByTestId('guest-hours')).toContainText('La réception est ouverte tous les jours');
  await settings.reload();
  await settings.waitForLoadState('networkidle');
  await expect(french).toHaveValue('La réception est ouverte tous les jours de 8h à 20h.');
  await expect(async () => {
    await french.fill('');
    // A re-render of the form while typing can leave part of the old text: saved only once the box is empty.
    await expect(french).toHaveValue('', { timeout: 2_000 });
    await settings.getByRole('button', { name: 'Salva' }).click();
    await expect(settings.getByText('Impostazioni salvate.')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await guest.goto(frenchPath);
  await expect(guest.getByTestId('guest-hours')).toContainText(NOTE.fr);
  await admin.close();
  await context.close();
});
