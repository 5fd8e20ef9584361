import { expect, test, type Page } from './fixtures';
import postgres from 'postgres';
import { expectAccessible } from './guest-checks';
import { LOGINS, openAs } from './support';

const LINK = /https?:\/\/[^"'<>\s]+\/mailing\/conferma\/[A-Za-z0-9_-]+/;

/** A day counted from today in Rome, as typed in the form (dd/mm/yyyy). */
const typedDay = (offset: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + offset * 86_400_000));

/**
 * The confirmation link of the mail queued for this address: from the outbox table on PostgreSQL,
 * else (embedded database) from the staff's outbox page, which shows every mail's HTML.
 */
async function confirmationLink(staff: Page, email: string): Promise<string> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1 });
    try {
      const rows = await sql<{ html: string }[]>`
        select html from mail_outbox where kind = 'contact-confirmation' and recipients ? ${email} order by created_at desc limit 1`;
      expect(rows).toHaveLength(1);
      return LINK.exec(rows[0].html)![0];
    } finally {
      await sql.end();
    }
  }
  await staff.goto('/mail');
  await staff.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
  const html = (await staff.locator('iframe').first().getAttribute('srcdoc')) ?? '';
  return LINK.exec(html)![0];
}

test('a guest ticks the newsletter on the form, confirms from the mail, and the staff see the consent', async ({ browser, baseURL }) => {
  // Three logins, a guest and the staff side by side, on two shared cores.
  test.setTimeout(180_000);
  const guestContext = await browser.newContext({ locale: 'de-DE' });
  const guest = await guestContext.newPage();
  const staff = await browser.newPage();
  await openAs(staff, LOGINS.admin);
  const campsiteId = ((await (await staff.request.post('/api/users/login', { data: LOGINS.admin })).json()) as { user: { camping: string } }).user.camping;

  const email = `lena.opt-in.${Date.now()}@example.de`;
  await guest.goto(`/contattaci/${campsiteId}/3`);
  await guest.getByRole('textbox', { name: /^Vorname/ }).fill('Lena');
  await guest.getByRole('textbox', { name: /^Nachname/ }).fill('Schmidt');
  await guest.getByRole('textbox', { name: /^E-Mail/ }).fill(email);
  await guest.getByRole('textbox', { name: /^Telefon/ }).fill('171 5550102');
  await guest.getByRole('combobox', { name: /^Land/ }).selectOption({ label: 'Österreich' });
  await guest.getByRole('textbox', { name: /^Anreise/ }).fill(typedDay(40));
  await guest.getByRole('textbox', { name: /^Abreise/ }).fill(typedDay(44));
  await guest.getByRole('combobox', { name: /^Unterkunft/ }).selectOption({ label: 'Mobilheim Family' });
  await guest.getByRole('textbox', { name: /^Kinder/ }).fill('0');
  await guest.getByRole('textbox', { name: /^Nachricht/ }).fill('Bitte mit Newsletter.');
  await guest.getByRole('checkbox', { name: /einverstanden/ }).check();
  const newsletter = guest.getByRole('checkbox', { name: 'Ich möchte den Newsletter erhalten' });
  await expect(newsletter).not.toBeChecked();
  await newsletter.check();
  await guest.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(guest.getByTestId('contact-form-confirmation')).toBeVisible();
  await expect(guest.getByTestId('contact-form-newsletter-pending')).toContainText('E-Mail zur Bestätigung der Newsletter-Anmeldung');

  const link = await confirmationLink(staff, email);
  expect(link.startsWith(baseURL!)).toBe(true);

  // Opening the link (as a mail scanner would) confirms nothing: the staff's log still says «requested».
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Newsletter von Camping Lago Azzurro' })).toBeVisible();
  await expect(guest.locator('main')).toHaveAttribute('lang', 'de');
  await expect(guest.getByText(`an ${email}`)).toBeVisible();
  await expectAccessible(guest, 'conferma newsletter');
  await staff.goto(`/mailing/consensi?email=${encodeURIComponent(email)}`);
  await expect(staff.getByTestId('consents-table').getByRole('row')).toHaveCount(2);
  await expect(staff.getByRole('row').filter({ hasText: 'Richiesta (in attesa di conferma)' })).toContainText('Ich möchte den Newsletter erhalten');

  await guest.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
  await expect(guest.getByTestId('opt-in-result')).toHaveText(
    'Vielen Dank! Ihre Anmeldung ist bestätigt: Sie erhalten den Newsletter von Camping Lago Azzurro.',
  );
  // A second click of the mail's link is harmless.
  await guest.goto(link);
  await expect(guest.getByTestId('opt-in-result')).toHaveText('Ihre Anmeldung ist bereits bestätigt: Sie müssen nichts weiter tun.');
  await expect(guest.getByRole('button', { name: 'Anmeldung bestätigen' })).toHaveCount(0);
  // A link that is not ours says so.
  await guest.goto('/mailing/conferma/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(guest.getByTestId('opt-in-result')).toContainText('Dieser Bestätigungslink ist ungültig');

  await staff.goto(`/mailing/consensi?email=${encodeURIComponent(email)}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Registro dei consensi newsletter' })).toBeVisible();
  const rows = staff.getByTestId('consents-table').getByRole('row');
  await expect(rows).toHaveCount(3);
  const confirmed = staff.getByRole('row').filter({ hasText: 'Confermata' });
  await expect(confirmed).toContainText(email);
  await expect(confirmed).toContainText('Link nell’e-mail');
  await expect(confirmed).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(staff.getByRole('row').filter({ hasText: 'Richiesta (in attesa di conferma)' })).toContainText('Modulo contatti');

  const csv = await staff.request.get(`/mailing/consensi/export?email=${encodeURIComponent(email)}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toContain('Data;E-mail;Azione;Metodo;Testo mostrato;IP');
  expect(text.split('\r\n').filter((line) => line.includes(email))).toHaveLength(2);

  // Another campsite's staff do not see this guest's consent, on the page nor in the file.
  const pineta = await browser.newPage();
  await openAs(pineta, LOGINS.pineta, `/mailing/consensi?email=${encodeURIComponent(email)}`);
  await expect(pineta.getByText('Nessun consenso per questo indirizzo.')).toBeVisible();
  expect(await (await pineta.request.get(`/mailing/consensi/export?email=${encodeURIComponent(email)}`)).text()).not.toContain(email);
  // Without a session the export is not served.
  const anonymous = await browser.newContext();
  const refused = await anonymous.request.get('/mailing/consensi/export', { maxRedirects: 0 });
  expect([302, 303, 307, 401]).toContain(refused.status());
  await anonymous.close();
  await guestContext.close();
});
