import postgres from 'postgres';
import { formatDate } from '../../lib/format';
import { addDays, romeToday } from '../../lib/stays/schedule';
import { expect, test, type APIRequestContext } from './fixtures';
import { expectAccessibleAtRest } from './axe-at-rest';
import { expectNoHorizontalScroll } from './guest-checks';
import { legacyGuestWithQuote, legacyLogin, legacyPost } from './legacy-client';
import { screenshotForReview } from './screenshots';
import { LOGINS, openAs } from './support';

const ADMIN_NAME = 'Giulia Bianchi';

/**
 * A German guest's stay booked through the legacy API as the booking platform does (the demo
 * platform books only the 2027 season), then moved behind the application's back to arrive in ten
 * days: the pre-arrival mail (7 days before) is due in three.
 */
async function stayArrivingInTenDays(request: APIRequestContext, databaseUrl: string) {
  const session = await legacyLogin(request);
  const surname = `Brandt ${Date.now().toString(36)}`;
  const guest = { nome: 'Lukas', cognome: surname, email: `lukas.${Date.now().toString(36)}@beispiel.de`, language: 3 };
  const card = { tipologia: 'LA-PZ-STD', arrivo: '2027-07-10', partenza: '2027-07-17', persone: [{ id: 'LA-ADULTO', quantita: 2 }] };
  const { quoteId } = await legacyGuestWithQuote(request, session, guest, { name: 'Sommer am See', lingua: 3, progress: 'nuovo', schede: [card] });
  const { risorse } = await legacyPost<{ risorse: { id: string }[] }>(request, session, `/richiestaDisp/${quoteId}`, { idx: 0 });
  await legacyPost(request, session, `/inserisciPrenotazione/${quoteId}`, { risorse: [risorse[0].id], idx: 0 });
  const arrival = addDays(romeToday(), 10);
  const sql = postgres(databaseUrl, { max: 1 });
  try {
    await sql`update quote_cards set arrival = ${arrival}, departure = ${addDays(arrival, 7)} where quote_id = ${quoteId}`;
  } finally {
    await sql.end();
  }
  return { name: `Lukas ${surname}`, dueOn: addDays(arrival, -7) };
}

test('the stay mails turned on in the settings, the pre-arrival mail listed on «Prossimi invii», skipped by keyboard with a confirmation, then shown as skipped', async ({ page, request }) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'moves a booked stay near today in the database: PostgreSQL only');
  test.setTimeout(180_000);
  const guest = await stayArrivingInTenDays(request, databaseUrl!);

  // Settings: off by default; the thank-you without a review link is refused beside the field, nothing lost.
  await openAs(page, LOGINS.admin, '/settings?v=campeggio&tab=soggiorno');
  const form = page.getByTestId('stay-mails-form');
  await expect(form.getByRole('textbox', { name: 'Giorni prima dell’arrivo' })).toHaveValue('7');
  await form.getByRole('checkbox', { name: 'Invia un’e-mail prima dell’arrivo' }).check();
  await form.getByRole('checkbox', { name: 'Invia un ringraziamento dopo la partenza' }).check();
  await form.getByRole('button', { name: 'Salva' }).click();
  const review = form.getByRole('textbox', { name: 'Link per la recensione' });
  await expect(review).toHaveAccessibleDescription(/serve il link per la recensione/);
  await expect(form.getByRole('checkbox', { name: 'Invia un’e-mail prima dell’arrivo' })).toBeChecked();
  await review.fill('https://g.page/lago-azzurro/review');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Impostazioni salvate.')).toBeVisible();
  await expectAccessibleAtRest(page, 'stay mails settings');
  await screenshotForReview(page, 'stay-settings-1280');

  // The list: the mail due in three days, with the guest, the stay and the language.
  await page.goto('/prossimiInvii');
  await expect(page.getByRole('heading', { name: 'Prossimi invii automatici', level: 1 })).toBeVisible();
  const row = page.getByTestId('upcoming-stay-mails').getByRole('row', { name: new RegExp(guest.name) });
  await expect(row).toContainText('Prima dell’arrivo');
  await expect(row).toContainText(formatDate(guest.dueOn));
  await expect(row).toContainText('Piazzola standard');
  await expect(row).toContainText('Deutsch');
  await expect(row.getByRole('link', { name: guest.name })).toHaveAttribute('href', /^\/clienti\//);
  await expectAccessibleAtRest(page, 'upcoming stay mails');
  await screenshotForReview(page, 'stay-upcoming-1280');
  // A phone: the rows as cards, nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshotForReview(page, 'stay-upcoming-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // «Salta» by keyboard: the dialog starts on «Annulla»; the confirmation skips it.
  const skip = row.getByRole('button', { name: `Salta «Prima dell’arrivo» per ${guest.name}` });
  await skip.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Saltare questo invio?' });
  await expect(dialog).toContainText(`${guest.name} non riceverà l’e-mail «Prima dell’arrivo» prevista per il ${formatDate(guest.dueOn)}`);
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Salta l’invio' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invio saltato: non partirà.')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Inviati e saltati' }).click();
  const skipped = page.getByTestId('stay-mail-ledger').getByRole('row', { name: new RegExp(guest.name) });
  await expect(skipped).toContainText('Saltata');
  await expect(skipped).toContainText(`Saltato da ${ADMIN_NAME}`);

  // The guest's page shows it too.
  await skipped.getByRole('link', { name: guest.name }).click();
  await expect(page.getByRole('region', { name: 'Invii automatici' })).toContainText(`Saltato da ${ADMIN_NAME}`);

  // The ledger and the settings on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/prossimiInvii?vista=registro');
  await expect(page.getByTestId('stay-mail-ledger')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshotForReview(page, 'stay-ledger-390');
  await page.goto('/settings?v=campeggio&tab=soggiorno');
  await expect(page.getByTestId('stay-mails-form')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshotForReview(page, 'stay-settings-390');
});
