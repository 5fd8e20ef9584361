import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { legacyGuestWithQuote, legacyLogin } from './legacy-client';
import { screenshotForReview } from './screenshots';
import { LOGINS, openAs } from './support';

const bell = (page: Page) => page.getByTestId('notification-bell');
const unreadCount = async (page: Page) => Number(await bell(page).getAttribute('data-unread'));

/** A German guest with a complete two-offer quote at Lago Azzurro, made as the booking platform would. */
async function germanGuest(request: APIRequestContext, tag: string) {
  const session = await legacyLogin(request);
  const year = new Date().getFullYear() + 1;
  const email = `lena.schmidt.${tag}@example.de`;
  const made = await legacyGuestWithQuote(
    request,
    session,
    { nome: 'Lena', cognome: `Schmidt ${tag}`, email, language: 3 },
    {
      name: 'Sommer am See',
      progress: 'nuovo',
      lingua: 3,
      schede: [
        { tipologia: 'LA-PZ-STD', arrivo: `${year}-06-28`, partenza: `${year}-07-02`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] },
        { tipologia: 'LA-MH-CLASSIC', arrivo: `${year}-06-28`, partenza: `${year}-07-02`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] },
      ],
    },
  );
  return { ...made, email, name: `Lena Schmidt ${tag}`, campsiteId: session.campsiteId };
}

/** The guest's own browser (no staff cookie), on the mini-site, once its read mark has been recorded. */
async function guestOpens(browser: Browser, path: string, { viewport = { width: 1280, height: 900 }, firstView = true } = {}) {
  const context = await browser.newContext({ viewport });
  const guest = await context.newPage();
  const marked = firstView ? guest.waitForResponse((response) => response.url().includes('/api/visualizzato/')) : null;
  await guest.goto(path);
  await marked;
  return guest;
}

test('a German guest asks under an offer; the bell rings, the staff answer from the preview; the guest reads the answer on the page and in a German mail with the RIF; the campsite got its mail; the contact’s history shows the thread', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const seed = await germanGuest(request, tag);
  const guest = await guestOpens(browser, seed.path);
  await openAs(page, LOGINS.admin);
  const before = await unreadCount(page);

  // The guest asks under the first offer, in German.
  const offer = guest.getByRole('article', { name: 'Angebot 1' });
  await offer.getByRole('button', { name: 'Haben Sie eine Frage zu diesem Angebot?' }).click();
  const field = offer.getByRole('textbox', { name: 'Ihre Frage' });
  await expect(field).toBeFocused();
  await field.fill('Dürfen wir unseren Hund mitbringen?\nEr ist klein und ruhig.');
  await expect(offer.getByText('59 von 1000 Zeichen')).toBeVisible();
  await offer.getByRole('button', { name: 'Frage senden' }).click();
  await expect(offer.getByRole('status')).toHaveText('Frage gesendet: Wir antworten Ihnen so bald wie möglich.');
  await expect(offer.getByTestId('guest-question')).toContainText('Dürfen wir unseren Hund mitbringen?');
  await expect(offer.getByTestId('guest-question')).toContainText('Wartet auf Antwort');
  await guest.reload();
  await expect(guest.getByRole('article', { name: 'Angebot 1' }).getByTestId('guest-question')).toHaveCount(1);
  await expect(guest.getByRole('article', { name: 'Angebot 2' }).getByTestId('guest-question')).toHaveCount(0);

  // The bell rings once, and leads to the quote.
  await page.reload();
  await expect(bell(page)).toHaveAttribute('data-unread', String(before + 1));
  await bell(page).click();
  const notice = page.getByRole('dialog', { name: 'Notifiche', exact: true }).getByTestId('notification-item').filter({ hasText: seed.name }).first();
  await expect(notice).toContainText('Domanda su un preventivo');
  await expect(notice).toContainText(`${seed.name} chiede sul preventivo «Sommer am See» (offerta 1): «Dürfen wir unseren Hund mitbringen? Er ist klein und ruhig.»`);
  await notice.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/crea-preventivo/preview/${seed.contactId}/${seed.quoteId}$`));

  // The staff answer from the quote's preview.
  const thread = page.getByTestId('quote-questions');
  await expect(thread.getByRole('heading', { name: 'Domande del cliente' })).toBeVisible();
  const question = thread.getByTestId('staff-question');
  await expect(question).toHaveAttribute('data-answered', 'false');
  await expect(question).toContainText('Da rispondere');
  await expect(question).toContainText('Offerta 1');
  await expect(question).toContainText('Er ist klein und ruhig.');
  await screenshotForReview(page, 'staff-preview-unanswered');
  await question.getByRole('textbox', { name: 'Risposta' }).fill('Ja, Hunde sind bei uns willkommen.\nBitte an der Leine führen.');
  await question.getByRole('button', { name: 'Rispondi' }).click();
  await expect(page.getByText('Risposta inviata.')).toBeVisible({ timeout: 30_000 });
  await expect(question).toHaveAttribute('data-answered', 'true');
  await expect(question.getByTestId('staff-answer')).toContainText('Bitte an der Leine führen.');
  await expect(question.getByTestId('staff-answer')).toContainText('inviata per e-mail');
  await expect(question.getByRole('textbox', { name: 'Risposta' })).toHaveValue('');
  await screenshotForReview(page, 'staff-preview-answered');

  // The guest reloads the page: the answer under the question, signed by the campsite.
  await guest.reload();
  const answered = guest.getByRole('article', { name: 'Angebot 1' }).getByTestId('guest-question');
  await expect(answered.getByTestId('guest-answer')).toContainText('Antwort von Camping Lago Azzurro');
  await expect(answered.getByTestId('guest-answer')).toContainText('Bitte an der Leine führen.');
  await expect(answered).not.toContainText('Wartet auf Antwort');
  await answered.scrollIntoViewIfNeeded();
  await screenshotForReview(guest, 'guest-thread-desktop');
  const phone = await guestOpens(browser, seed.path, { viewport: { width: 390, height: 844 }, firstView: false });
  await expect(phone.getByRole('article', { name: 'Angebot 1' }).getByTestId('guest-answer')).toBeVisible();
  await screenshotForReview(phone, 'guest-thread-phone');
  await phone.context().close();

  // The answer mail, captured: German, with the RIF, the question, the answer and the link to the page.
  await page.goto('/mail');
  const answerRow = page.getByRole('row').filter({ hasText: seed.email });
  await answerRow.getByRole('link', { name: /^Antwort auf Ihre Frage - Camping Lago Azzurro - RIF\.: [0-9A-F]{10} \[CRM\]$/ }).click();
  const mail = page.frameLocator('iframe').first();
  await expect(mail.getByText('Guten Tag Lena,')).toBeVisible();
  await expect(mail.getByText('Ihre Frage', { exact: true })).toBeVisible();
  await expect(mail.getByText(/Dürfen wir unseren Hund mitbringen\?/)).toBeVisible();
  await expect(mail.getByText('Unsere Antwort', { exact: true })).toBeVisible();
  await expect(mail.getByText(/Bitte an der Leine führen\./)).toBeVisible();
  expect(await mail.getByRole('link', { name: 'Angebot öffnen' }).getAttribute('href')).toContain(seed.path);

  // The campsite's own mail about the question, in Italian, with the link to the preview.
  await page.goto('/mail');
  await page
    .getByRole('row')
    .filter({ hasText: 'info@lagoazzurro.example' })
    .getByRole('link', { name: new RegExp(`^Domanda di ${seed.name}: «Dürfen wir unseren Hund mitbringen\\? Er ist klein .*» - RIF\\.: [0-9A-F]{10} \\[CRM\\]$`) })
    .click();
  const notice2 = page.frameLocator('iframe').first();
  await expect(notice2.getByText(`${seed.name} (${seed.email}) ha fatto una domanda sul preventivo «Sommer am See», offerta 1:`)).toBeVisible();
  expect(await notice2.getByRole('link', { name: 'Rispondi nel CRM' }).getAttribute('href')).toContain(`/crea-preventivo/preview/${seed.contactId}/${seed.quoteId}`);

  // The contact's history: the thread, leading to its quote.
  await page.goto(`/clienti/${seed.contactId}`);
  const history = page.getByTestId('contact-questions');
  await expect(history.getByRole('heading', { name: 'Domande sui preventivi' })).toBeVisible();
  await expect(history.getByRole('link', { name: 'Sommer am See' })).toHaveAttribute('href', `/crea-preventivo/preview/${seed.contactId}/${seed.quoteId}`);
  await expect(history.getByTestId('staff-question')).toContainText('Dürfen wir unseren Hund mitbringen?');
  await expect(history.getByTestId('staff-answer')).toContainText('Ja, Hunde sind bei uns willkommen.');
  await history.scrollIntoViewIfNeeded();
  await screenshotForReview(page, 'contact-history');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotForReview(page, 'contact-history-phone');
  await page.goto(`/crea-preventivo/preview/${seed.contactId}/${seed.quoteId}`);
  await screenshotForReview(page, 'staff-preview-phone');
  await guest.context().close();
});

test('the sixth question within the hour is refused in German and the typed text stays; a <script> in a question shows as text', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const seed = await germanGuest(request, randomBytes(3).toString('hex'));
  const guest = await guestOpens(browser, seed.path);
  const foot = guest.getByTestId('quote-questions');
  await expect(foot.getByRole('heading', { name: 'Haben Sie eine Frage?' })).toBeVisible();
  await foot.getByRole('button', { name: 'Frage schreiben' }).click();
  const field = foot.getByRole('textbox', { name: 'Ihre Frage' });
  await expect(field).toBeFocused();
  const hostile = '<script>window.__frage = 1</script><img src=x onerror="window.__frage = 2">';
  for (let i = 1; i <= 5; i++) {
    await field.fill(i === 1 ? hostile : `Frage Nummer ${i}`);
    await foot.getByRole('button', { name: 'Frage senden' }).click();
    await expect(foot.getByTestId('guest-question')).toHaveCount(i);
    // Sent, the form gives way to its button again, which has the focus.
    await expect(foot.getByRole('button', { name: 'Frage schreiben' })).toBeFocused();
    await foot.getByRole('button', { name: 'Frage schreiben' }).click();
    await expect(field).toHaveValue('');
  }
  await field.fill('Und noch eine sechste Frage?');
  await foot.getByRole('button', { name: 'Frage senden' }).click();
  await expect(foot.getByRole('alert')).toHaveText('Sie haben in kurzer Zeit viele Fragen gesendet. Bitte versuchen Sie es in einer Stunde erneut oder wenden Sie sich direkt an den Campingplatz.');
  await expect(field).toHaveValue('Und noch eine sechste Frage?');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // From the server, after a reload: the tag is characters on the page, never run.
  await guest.reload();
  await expect(foot.getByTestId('guest-question')).toHaveCount(5);
  await expect(foot.getByTestId('guest-question').first()).toContainText(hostile);
  expect(await guest.evaluate(() => (window as unknown as { __frage?: number }).__frage)).toBeUndefined();
  await guest.context().close();
});
