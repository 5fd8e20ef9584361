import { expect, test, type Browser, type Page } from './fixtures';
import { expectAccessibleAtRest } from './axe-at-rest';
import { expectAccessible, expectNoHorizontalScroll } from './guest-checks';
import { italianIn, italianWords } from './italian-words';
import { legacyLogin, legacyPost } from './legacy-client';
import { LOGINS, openAs } from './support';

/**
 * Issue 15: Dutch and French campers read their pages and mails in their own language. The
 * language comes from the contact (reference languages 5 Dutch, 4 French); old links' numbers
 * keep their meaning, a code opens the form in the new languages.
 */

const DUTCH = 5;
const FRENCH = 4;
/** Words of the Italian pages that must not reach a Dutch or French guest. */
const ITALIAN_WORDS = ['Preventivo', 'Accetta', 'Offerta', 'notti', 'Gentile', 'Totale'];
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The page's own words, the price table's lines included. */
async function expectNoItalian(page: Page) {
  const text = await page.locator('main').innerText();
  for (const word of ITALIAN_WORDS) expect(text, `«${word}» on a guest page`).not.toContain(word);
}

/** The offer's lines (accommodation, season, guests, extras, offers) as the price list words them in Dutch. */
async function expectOfferInDutch(page: Page) {
  const card = page.getByTestId('guest-card').first();
  await expect(card.getByRole('table')).toBeVisible();
  expect(italianIn(await card.innerText(), italianWords('nl'))).toEqual([]);
}

/** Desktop and phone pictures for a look by eye, when E2E_SHOTS_DIR names a folder. */
async function shoot(browser: Browser, url: string, name: string) {
  if (!SHOTS) return;
  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('main').waitFor();
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
    await context.close();
  }
}

/** The captured mail with this subject, opened on the staff's outbox page: its frame. */
async function openCapturedMail(staff: Page, subject: RegExp) {
  await staff.goto('/mail');
  await staff.getByRole('link', { name: subject }).first().click();
  return staff.frameLocator('iframe').first();
}

test('a Dutch guest: the quote mail, the mini-site and the acceptance mail are Dutch', async ({ browser, page: staff, request }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const login = await legacyLogin(request);
  const campsiteId = login.campsiteId;
  const surname = `de Vries ${tag}`;
  const contactId = (await legacyPost(request, login, '/addContact', { nome: 'Sanne', cognome: surname, email: `sanne.devries.${tag}@example.nl`, language: DUTCH }))._id;
  const year = new Date().getFullYear() + 1;
  const { _id: quoteId } = await legacyPost(request, login, '/addQuote', {
    contact: contactId,
    name: 'Zomer aan het meer',
    progress: 'nuovo',
    schede: [{ tipologia: 'LA-PZ-STD', arrivo: `${year}-07-10`, partenza: `${year}-07-17`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] }],
  });

  // The staff send it; the captured mail speaks Dutch around the campsite's own template.
  await openAs(staff, LOGINS.admin, `/crea-preventivo/preview/${contactId}/${quoteId}`);
  await staff.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(staff.getByText('Preventivo inviato a')).toBeVisible();
  const mail = await openCapturedMail(staff, /^Uw offerte - Camping Lago Azzurro/);
  await expect(mail.getByText('U ontvangt deze e-mail omdat u een offerte hebt aangevraagd.')).toBeVisible();
  const link = await mail.getByRole('link', { name: 'Offerte openen' }).getAttribute('href');
  expect(link).toContain(`/visualizzaPreventivo/${contactId}/${quoteId}/${campsiteId}`);
  const guestPath = new URL(link!).pathname;

  // The mini-site, on a phone.
  const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guest = await context.newPage();
  await guest.goto(guestPath);
  await expect(guest.locator('main')).toHaveAttribute('lang', 'nl');
  await expect(guest.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(guest.getByText(`Beste Sanne ${surname},`)).toBeVisible();
  const card = guest.getByTestId('guest-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Voorstel 1');
  await expect(card).toContainText(`van 10-07-${year} tot 17-07-${year}`);
  await expect(card).toContainText('7 nachten');
  await expect(card.getByText('Totaal', { exact: true })).toBeVisible();
  await expect(card.getByTestId('guest-card-total')).toHaveText(/^€\s[\d.]+,\d{2}$/);
  await expect(guest.getByRole('region', { name: 'Openingstijden' })).toBeVisible();
  await expectNoItalian(guest);
  await expectOfferInDutch(guest);
  await expectAccessible(guest, 'mini-sito nl');
  await expectNoHorizontalScroll(guest);
  await shoot(browser, guestPath, 'mini-site-nl');

  // Accepting it, in Dutch; the acceptance mail is Dutch too.
  await card.getByRole('button', { name: 'Dit voorstel aannemen' }).click();
  const confirm = guest.getByRole('dialog', { name: 'Wilt u dit voorstel aannemen?' });
  await confirm.getByRole('button', { name: 'Ja, aannemen' }).click();
  await expect(guest.getByTestId('guest-quote-state')).toHaveText(/U hebt voorstel 1 aangenomen/);
  await expectNoItalian(guest);
  await expectOfferInDutch(guest);
  await context.close();

  const accepted = await openCapturedMail(staff, /^Offerte aangenomen - Camping Lago Azzurro/);
  await expect(accepted.getByText(/hartelijk dank: u hebt het voorstel/)).toBeVisible();
});

test('a French guest: the contact form by its code, its confirmation and the unsubscribe page are French; old numbers keep their language', async ({ browser, page, request }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const login = await legacyLogin(request);
  const campsiteId = login.campsiteId;

  // An old link with French's number still opens the English form (spec section 3).
  await page.goto(`/contattaci/${campsiteId}/${FRENCH}`);
  await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/contattaci/${campsiteId}/fr`);
  await expect(page.getByRole('heading', { name: 'Demander un devis sans engagement' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('main')).toHaveAttribute('lang', 'fr');
  const languages = page.getByRole('navigation', { name: 'Langue de cette page' });
  await expect(languages.getByRole('link')).toHaveText(['Italiano', 'Deutsch', 'English', 'Nederlands', 'Français']);
  await expect(languages.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'page');
  await expectNoItalian(page);
  await expectAccessible(page, 'modulo fr');
  await expectNoHorizontalScroll(page);
  await shoot(browser, page.url(), 'contact-form-fr');

  const year = new Date().getFullYear() + 1;
  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Camille');
  await page.getByRole('textbox', { name: /^Nom/ }).fill(`Dubois ${tag}`);
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(`camille.dubois.${tag}@example.fr`);
  await page.getByRole('combobox', { name: /^Pays/ }).selectOption({ label: 'France' });
  await page.getByRole('textbox', { name: /^Arrivée/ }).fill(`01/08/${year}`);
  await page.getByRole('textbox', { name: /^Départ/ }).fill(`08/08/${year}`);
  // French is not among the demo campsite's languages: the form offers it all the same, chosen.
  await expect(page.getByRole('combobox', { name: /^Langue préférée/ })).toHaveValue(String(FRENCH));
  await page.getByRole('checkbox', { name: /J’accepte/ }).check();
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  const confirmation = page.getByTestId('contact-form-confirmation');
  await expect(confirmation.getByRole('heading', { name: 'Merci, Camille : votre demande a bien été envoyée !' })).toBeVisible();
  await expect(confirmation).toContainText(`du 1 août ${year} au 8 août ${year}`);

  // The Dutch link of the switch opens the Dutch form.
  await page.goto(`/contattaci/${campsiteId}/fr`);
  await languages.getByRole('link', { name: 'Nederlands' }).click();
  await expect(page).toHaveURL(new RegExp(`/contattaci/${campsiteId}/nl$`));
  await expect(page.getByRole('heading', { name: 'Vrijblijvend een offerte aanvragen' })).toBeVisible();

  // The unsubscribe page of a French contact, and the list-unsubscribe address naming French.
  const contactId = (await legacyPost(request, login, '/addContact', { nome: 'Hugo', cognome: `Martin ${tag}`, email: `hugo.martin.${tag}@example.fr`, language: FRENCH }))._id;
  await page.goto(`/unsubscribe/${campsiteId}/${contactId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Newsletter de Camping Lago Azzurro' })).toBeVisible();
  await expect(page.getByText('Bonjour Hugo,')).toBeVisible();
  await page.getByRole('button', { name: 'Se désabonner' }).click();
  await expect(page.getByText('Vous êtes désabonné(e) et ne recevrez plus les newsletters de Camping Lago Azzurro.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se réabonner' })).toBeEnabled();
  await expectNoItalian(page);
  await expectAccessibleAtRest(page, 'disiscrizione fr');
  await page.goto(`/mailing/unsubscribe/${campsiteId}/${contactId}/fr`);
  await expect(page.getByRole('button', { name: 'Se réabonner' })).toBeVisible();
});
