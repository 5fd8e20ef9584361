import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll } from './guest-checks';
import { LANDING_TIMEOUT_MS, LOGINS, logIn } from './support';

/** A seeded quote of Lago Azzurro that became a booking, and its guest's address, read as the platform would. */
async function seededBooking(request: APIRequestContext) {
  const login = await request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const found = await request.post('/api/quoteQuery', { headers, data: { progress: 'convertito' } });
  expect(found.status(), await found.text()).toBe(200);
  const quotes = (await found.json()) as { contact: string; annoPratica: number | null; numeroPratica: string | null }[];
  for (const quote of quotes) {
    if (!quote.annoPratica || !quote.numeroPratica) continue;
    const contact = (await (await request.post(`/api/getContact/${quote.contact}`, { headers })).json()) as { email: string | null };
    if (contact.email) return { year: quote.annoPratica, number: quote.numeroPratica, email: contact.email };
  }
  throw new Error('Nessun preventivo convertito con un cliente che ha un’e-mail nei dati demo');
}

async function logInAsService(page: Page) {
  await logIn(page, LOGINS.service);
  await expect(page).toHaveURL(/\/mail$/, { timeout: LANDING_TIMEOUT_MS });
}

async function writeBody(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Testo dell’e-mail' }).click();
  await page.keyboard.type(text);
}

test('a service account writes to the guest of a booking file from /clientMailCV; the mail shows under the form', async ({ page, request }) => {
  test.setTimeout(120_000);
  const booking = await seededBooking(request);
  const tag = Date.now().toString(36);
  await logInAsService(page);

  await page.goto(`/clientMailCV/${booking.year}/${booking.number}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E-mail al cliente della prenotazione ${booking.number}/${booking.year}`);
  await expect(page.getByRole('textbox', { name: 'Destinatari' })).toHaveValue(booking.email);
  await expectAccessible(page, '/clientMailCV');

  // Nothing typed is lost on a refusal: the empty text is refused, the subject stays.
  await page.getByRole('textbox', { name: 'Oggetto' }).fill(`Arrivo in campeggio ${tag}`);
  await page.getByRole('button', { name: 'Invia e-mail' }).click();
  await expect(page.getByText('Il testo dell’e-mail è vuoto.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Oggetto' })).toHaveValue(`Arrivo in campeggio ${tag}`);

  await writeBody(page, 'Vi aspettiamo sabato dalle 14.');
  await page.getByRole('button', { name: 'Invia e-mail' }).click();
  const list = page.getByTestId('cv-mail-list');
  await expect(list.getByText(new RegExp(`^Arrivo in campeggio ${tag} - RIF\\.: .* \\[CRM\\]$`))).toBeVisible();
  await expect(list.getByText(`A: ${booking.email}`).first()).toBeVisible();

  // The same mail in the campsite's CV mails, and on a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/emailCV');
  await expect(page.getByTestId('cv-mail-list').getByText(new RegExp(`^Arrivo in campeggio ${tag}`))).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, '/emailCV');
});

test('bad or unknown booking files say so and still let the user write to an address', async ({ page }) => {
  await logInAsService(page);
  await page.goto('/clientMailCV/duemila/1');
  await expect(page.getByText('Riferimento della prenotazione non valido')).toBeVisible();
  await page.goto('/clientMailCV/1999/non-esiste');
  await expect(page.getByText('Nessun preventivo con la prenotazione non-esiste/1999')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Destinatari' })).toHaveValue('');
  await page.goto('/clientMailCV');
  await expect(page.getByText(/Nessuna prenotazione indicata/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invia e-mail' })).toBeEnabled();
});

test('the CV mail settings prefill the subject and add the signature; /settings/mailCVL is the same page', async ({ page }) => {
  await logInAsService(page);
  await page.goto('/settings/mailCVL');
  await expect(page.getByRole('heading', { name: 'E-mail della piattaforma di prenotazione' })).toBeVisible();
  await page.goto('/settings/mailCV');
  // Checked before saving: the button's label fades back in after its loading state.
  await expectAccessible(page, '/settings/mailCV');
  await page.getByRole('textbox', { name: 'Oggetto predefinito' }).fill('La sua vacanza al lago');
  await page.getByRole('textbox', { name: 'Nome del mittente' }).fill('Lago Azzurro Prenotazioni');
  await page.getByRole('textbox', { name: 'Firma' }).click();
  await page.keyboard.type('Lo staff del Lago Azzurro');
  await page.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(page.getByText('Impostazioni delle e-mail salvate.')).toBeVisible();

  await page.goto('/emailCV?to=ospite.cv@example.it');
  await expect(page.getByRole('textbox', { name: 'Oggetto' })).toHaveValue('La sua vacanza al lago');
  await expect(page.getByRole('textbox', { name: 'Destinatari' })).toHaveValue('ospite.cv@example.it');
  await expect(page.getByTestId('cv-signature')).toHaveText('Lo staff del Lago Azzurro');
  await expect(page.getByText('Mittente: Lago Azzurro Prenotazioni')).toBeVisible();
});

test('/emailCVL keeps the session until a mail is sent, then ends it and says the window can be closed', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAsService(page);
  await page.goto('/emailCVL?to=ospite.cvl@example.it&oggetto=Conferma%20prenotazione');
  await expect(page.getByRole('textbox', { name: 'Oggetto' })).toHaveValue('Conferma prenotazione');
  // Opening the page, and reloading it, logs nobody out.
  await page.reload();
  await expect(page).toHaveURL(/\/emailCVL/);

  await writeBody(page, 'La prenotazione è confermata.');
  await page.getByRole('button', { name: 'Invia e-mail' }).click();
  await expect(page.getByTestId('cv-closed')).toContainText('E-mail inviata. Puoi chiudere questa finestra.');
  await expect(page.getByTestId('cv-closed')).toContainText('la sessione è stata chiusa');
  await page.goto('/emailCV');
  await expect(page).toHaveURL(/\/login/);
});
