import { expect, test, type Page } from './fixtures';
import { expectAccessible, expectNoHorizontalScroll } from './guest-checks';
import { screenshotForReview } from './screenshots';
import { LOGINS, openAs } from './support';
import { germanStayJustEnded, postStayMailId, surveyOfBookedStay } from './survey-rows';

const PHONE = { width: 390, height: 844 };

/** The demo campsite of the admin login, read as the sweep reads it. */
async function campsiteOf(page: Page): Promise<string> {
  const login = await page.request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { user: { camping: string } }).user.camping;
}

test.describe('the guest survey after a stay', () => {
  test.skip(!process.env.E2E_DATABASE_URL, 'the survey row is written to the PostgreSQL database');

  test('a German guest’s thank-you mail (captured) leads to the German survey; a 4 by keyboard rings «Ospite insoddisfatto» and shows on the contact', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const campsiteId = await campsiteOf(page);
    const stay = await germanStayJustEnded(campsiteId);
    if (!stay) throw new Error('no stay');
    const survey = { contactId: stay.contactId, name: stay.name };
    let surveyUrl: string;
    try {
      // The operator runs the stay mail job now instead of waiting for its ten minutes.
      await openAs(page, LOGINS.operator, '/settings?v=jobs');
      await page.getByRole('region', { name: 'E-mail del soggiorno' }).getByRole('button', { name: 'Esegui ora: E-mail del soggiorno' }).click();
      await expect(page.getByText('Esecuzione messa in coda')).toBeVisible();
      let mailId: string | null = null;
      await expect.poll(async () => (mailId = await postStayMailId(stay.quoteId)), { timeout: 60_000, intervals: [1_000] }).not.toBeNull();

      // The mail as the guest gets it, from the campsite's outgoing mail.
      await openAs(page, LOGINS.admin, `/mail/uscita/${mailId}`);
      await expect(page.getByText(/^Danke für Ihren Aufenthalt auf dem /).first()).toBeVisible();
      const mail = page.frameLocator('iframe').first();
      await expect(mail.getByText(/Unsere kurze Umfrage dauert nur eine Minute/)).toBeVisible();
      await expect(mail.getByRole('link', { name: 'Bewertung schreiben' })).toHaveAttribute('href', 'https://g.page/lago-azzurro/review');
      const href = await mail.getByRole('link', { name: 'Zur Umfrage' }).getAttribute('href');
      expect(href).toMatch(new RegExp(`/sondaggio/${campsiteId}/[A-Za-z0-9_-]{20,}$`));
      surveyUrl = href!;
    } finally {
      await stay.restore();
    }

    // A context of its own: axe (AxeBuilder) needs a page made by a context, not by browser.newPage.
    const guest = await (await browser.newContext({ viewport: PHONE, locale: 'de-DE' })).newPage();
    await guest.goto(surveyUrl);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(/^Wie war Ihr Aufenthalt bei /);
    await expect(guest.locator('html')).toHaveAttribute('lang', 'de');
    const group = guest.getByRole('group', { name: 'Wie wahrscheinlich ist es, dass Sie uns einem Freund empfehlen?' });
    await expect(group).toBeVisible();
    await expect(group.getByRole('radio')).toHaveCount(11);
    // All German: none of the Italian page's words.
    const text = await guest.locator('main').innerText();
    expect(text).not.toMatch(/Quanto|Invia|Cosa ti|piaciuto|migliorare|Soggiorno/);
    expect(text).toContain('Was hat Ihnen gefallen?');
    await expectNoHorizontalScroll(guest);
    await expectAccessible(guest, 'sondaggio (de)');
    await screenshotForReview(guest, 'survey-phone-de');

    // Keyboard only: into the scale, arrows to 4, a comment, the button.
    await guest.getByRole('radio', { name: '0', exact: true }).focus();
    await guest.keyboard.press('Space');
    for (let step = 0; step < 4; step += 1) await guest.keyboard.press('ArrowRight');
    await expect(guest.getByRole('radio', { name: '4', exact: true })).toBeChecked();
    await guest.keyboard.press('Tab');
    await expect(guest.getByRole('textbox', { name: /Was hat Ihnen gefallen/ })).toBeFocused();
    await guest.keyboard.type('Die Lage am See');
    await guest.keyboard.press('Tab');
    await guest.keyboard.type('Die Duschen waren oft kalt');
    await guest.keyboard.press('Tab');
    await expect(guest.getByRole('button', { name: 'Antwort senden' })).toBeFocused();
    await guest.keyboard.press('Enter');
    await expect(guest.getByTestId('survey-thanks')).toBeVisible();
    await expect(guest.getByTestId('survey-score')).toHaveText('Bewertung: 4 von 10');
    await expect(guest.getByText(/Sie können sie bis zum \d{2}\.\d{2}\.\d{4} ändern\./)).toBeVisible();
    await expectNoHorizontalScroll(guest);
    await expectAccessible(guest, 'sondaggio inviato (de)');
    await screenshotForReview(guest, 'survey-thanks-de');
    // Coming back shows the answer, still editable.
    await guest.reload();
    await expect(guest.getByTestId('survey-score')).toHaveText('Bewertung: 4 von 10');
    await guest.context().close();

    // The staff: the bell rings for the unhappy guest and leads to the contact with the score.
    await openAs(page, LOGINS.admin, '/dashboard');
    await page.getByTestId('notification-bell').click();
    const item = page.getByRole('dialog', { name: 'Notifiche', exact: true }).getByTestId('notification-item').filter({ hasText: 'Ospite insoddisfatto' }).first();
    await expect(item).toBeVisible();
    await expect(item).toContainText(`${survey.name} ha dato 4 su 10`);
    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/clienti/${survey.contactId}$`));
    const section = page.getByTestId('contact-survey');
    await expect(section.getByRole('heading', { name: 'Opinione sul soggiorno' })).toBeVisible();
    await expect(section.getByTestId('survey-score-badge').first()).toHaveText('4/10 · Detrattore');
    await expect(section).toContainText('Die Duschen waren oft kalt');
    await section.scrollIntoViewIfNeeded();
    if (process.env.E2E_SHOTS_DIR) await section.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/contact-survey-section.png` });

    // The dashboard's panel counts it and opens the comments.
    await page.goto('/dashboard');
    const panel = page.getByTestId('nps-panel');
    await expect(panel.getByRole('heading', { name: 'Soddisfazione degli ospiti (NPS)' })).toBeVisible();
    await expect(panel.getByTestId('nps-table')).toBeVisible();
    if (process.env.E2E_SHOTS_DIR) await panel.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/dashboard-nps-panel.png` });
    await panel.getByRole('link', { name: /^Vedi i commenti: Tutti gli alloggi/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/opinioni\?stagione=\d{4}$/);
    await expect(page.getByTestId('answer-row').filter({ hasText: 'Die Duschen waren oft kalt' })).toBeVisible();
    await expectAccessible(page, 'opinioni');
  });

  test('an Italian guest sees it in Italian on a phone; a wrong token or another campsite is the 404 page', async ({ page }) => {
    const campsiteId = await campsiteOf(page);
    const survey = await surveyOfBookedStay(campsiteId, { languageId: 1 });
    if (!survey) throw new Error('no survey');
    await page.setViewportSize(PHONE);
    await page.goto(`/sondaggio/${campsiteId}/${survey.token}`);
    await expect(page.getByRole('group', { name: 'Quanto è probabile che ci consiglieresti a un amico?' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshotForReview(page, 'survey-phone-it');
    // Sending without a score says so beside the scale and keeps the text.
    await page.getByRole('textbox', { name: /Cosa possiamo migliorare/ }).fill('Più ombra');
    await page.getByRole('button', { name: 'Invia la risposta' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Scegli un voto da 0 a 10.');
    await expect(page.getByRole('textbox', { name: /Cosa possiamo migliorare/ })).toHaveValue('Più ombra');

    for (const path of [`/sondaggio/${campsiteId}/${'x'.repeat(43)}`, `/sondaggio/${'y'.repeat(22)}/${survey.token}`]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
    }
  });
});
