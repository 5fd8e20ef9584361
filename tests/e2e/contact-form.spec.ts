import { expect, test, type APIRequestContext } from './fixtures';
import { LOGINS } from './support';
import { expectAccessible, expectNoHorizontalScroll } from './guest-checks';

/** The demo campsite's id, as the booking platform's old front end learns it: from the login answer. */
async function demoCampsiteId(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { user: { camping: string } }).user.camping;
}

/** A day counted from today in Rome, as typed in the form (dd/mm/yyyy), and as the German confirmation writes it. */
function day(offset: number) {
  const date = new Date(Date.now() + offset * 86_400_000);
  return {
    typed: new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome' }).format(date),
    german: new Intl.DateTimeFormat('de', { timeZone: 'Europe/Rome', day: 'numeric', month: 'long', year: 'numeric' }).format(date),
  };
}

test.describe('the public contact form', () => {
  let campsiteId: string;

  test.beforeAll(async ({ request }) => {
    campsiteId = await demoCampsiteId(request);
  });

  test('a German guest on a phone: an error keeps everything typed, then the German confirmation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/contattaci/${campsiteId}/3`);
    await expect(page.getByRole('heading', { level: 1, name: 'Camping Lago Azzurro' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unverbindliches Angebot anfragen' })).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('lang', 'de');
    // No staff navigation, no footer on a guest page.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Sprache dieser Seite' })).toBeVisible();
    await expectAccessible(page, 'modulo');
    await expectNoHorizontalScroll(page);

    // The honeypot: off screen, out of the tab order and of the accessibility tree.
    const honeypot = page.locator('#contact-form-website');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(page.getByTestId('contact-form-honeypot')).toHaveAttribute('aria-hidden', 'true');
    expect((await honeypot.boundingBox())?.x ?? 0).toBeLessThan(-1000);
    await expect(page.getByRole('textbox', { name: 'Bitte lassen Sie dieses Feld leer' })).toHaveCount(0);

    const arrival = day(30);
    const departure = day(37);
    await page.getByRole('textbox', { name: /^Vorname/ }).fill('Hans');
    await page.getByRole('textbox', { name: /^Nachname/ }).fill('Müller');
    await page.getByRole('textbox', { name: /^E-Mail/ }).fill('hans.mueller@');
    await page.getByRole('textbox', { name: /^Telefon/ }).fill('171 5550101');
    await page.getByRole('combobox', { name: /^Land/ }).selectOption({ label: 'Österreich' });
    await expect(page.getByRole('combobox', { name: /^Vorwahl/ })).toHaveValue('+43');
    await page.getByRole('textbox', { name: /^Anreise/ }).fill(arrival.typed);
    await page.getByRole('textbox', { name: /^Abreise/ }).fill(departure.typed);
    await page.getByRole('combobox', { name: /^Unterkunft/ }).selectOption({ label: 'Mobilheim Family' });
    await page.getByRole('textbox', { name: /^Kinder/ }).fill('1');
    await page.getByRole('textbox', { name: /^Nachricht/ }).fill('Wir reisen mit einem kleinen Hund.');
    await page.getByRole('checkbox', { name: /einverstanden/ }).check();
    await page.getByRole('button', { name: 'Anfrage senden' }).click();

    await expect(page.getByTestId('contact-form-error')).toContainText('Ihre Eingaben bleiben erhalten');
    await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^E-Mail/ })).toBeFocused();
    await expect(page.getByRole('textbox', { name: /^Nachname/ })).toHaveValue('Müller');
    await expect(page.getByRole('textbox', { name: /^Anreise/ })).toHaveValue(arrival.typed);
    await expect(page.getByRole('textbox', { name: /^Nachricht/ })).toHaveValue('Wir reisen mit einem kleinen Hund.');
    await expect(page.getByRole('checkbox', { name: /einverstanden/ })).toBeChecked();
    await expectAccessible(page, 'errori');
    await expectNoHorizontalScroll(page);

    await page.getByRole('textbox', { name: /^E-Mail/ }).fill(`hans.mueller.${Date.now()}@example.de`);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    const confirmation = page.getByTestId('contact-form-confirmation');
    await expect(confirmation.getByRole('heading', { name: 'Vielen Dank, Hans: Ihre Anfrage wurde gesendet!' })).toBeFocused();
    await expect(confirmation).toContainText(`vom ${arrival.german} bis ${departure.german}`);
    await expect(confirmation).toContainText('Der Campingplatz antwortet Ihnen so bald wie möglich per E-Mail.');
    await expectAccessible(page, 'conferma');
    await expectNoHorizontalScroll(page);
  });

  test('the desktop form is accessible, switches language and hides the flags with noFlag', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/contattaci/${campsiteId}`);
    // No idLingua: the campsite's first language, Italian.
    await expect(page.getByRole('heading', { name: 'Richiedi un preventivo' })).toBeVisible();
    await expectAccessible(page, 'desktop');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/contattaci/${campsiteId}/2$`));
    await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');

    await page.goto(`/contattaciL/${campsiteId}/3/1`);
    await expect(page.getByRole('heading', { name: 'Unverbindliches Angebot anfragen' })).toBeVisible();
    await expect(page.getByTestId('language-switch')).toHaveCount(0);
    // Any other language reads the English page.
    await page.goto(`/contattaci/${campsiteId}/4`);
    await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
  });

  test('an unknown campsite is the 404 page, with no hint', async ({ page }) => {
    await page.goto('/contattaci/AAAAAAAAAAAAAAAAAAAAAA/3');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
    await expect(page.getByTestId('contact-form')).toHaveCount(0);
  });
});
