import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { expectAccessibleAtRest } from './axe-at-rest';
import { screenshotForReview } from './screenshots';
import { legacyGuestWithQuote, legacyLogin, type LegacySession } from './legacy-client';
import { LOGINS, openAs } from './support';

/**
 * Issue 15, "staff see a finished product": one mail status everywhere, the campsite's own notices
 * out of the guest's history, a request preview a person reads, one title prefix, toasts off the
 * header, the card editor's line heights.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const ONE_PREFIX = /^\(\d+\) (⚠ )?[^()]+$/;

/** An Italian guest with a priced one-card quote, open for acceptance ('nuovo'), made as the booking platform would. */
async function guestWithQuote(request: APIRequestContext, login: LegacySession, tag: string) {
  const email = `lucia.storico.${tag}@example.it`;
  const year = new Date().getFullYear() + 1;
  const guest = await legacyGuestWithQuote(request, login, { nome: 'Lucia', cognome: `Storico ${tag}`, email, language: 1 }, {
    name: `Estate ${tag}`,
    progress: 'nuovo',
    lingua: 1,
    schede: [{ tipologia: 'LA-PZ-STD', arrivo: `${year}-06-28`, partenza: `${year}-06-30`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] }],
  });
  return { ...guest, email, headers: login.headers };
}

/** The status badge (MailStatusBadge) in the outbox row or history row whose link has this subject. */
const statusOf = (scope: Locator, subject: RegExp) => scope.locator('tr').filter({ has: scope.page().getByRole('link', { name: subject }) }).locator('[data-status]:visible');

test('a captured mail has the same status on /mail and in the contact’s history; the campsite’s acceptance notice is not in the history', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const login = await legacyLogin(request);
  const guest = await guestWithQuote(request, login, tag);
  const subject = `Prova stato ${tag}`;
  const sent = await request.post('/api/sendMail', { headers: guest.headers, data: { to: [guest.email], subject, html: '<p>Buongiorno</p>', cliente: guest.contactId } });
  expect(sent.status(), await sent.text()).toBe(200);
  // The guest accepts: a confirmation to the guest and a notice to the campsite's own address.
  const accepted = await request.post(`/api/accettaPreventivo/${login.campsiteId}/${guest.quoteId}/0`, { data: { cliente: guest.contactId } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  await openAs(page, LOGINS.admin);
  const mailSubject = new RegExp(`^${subject} - RIF\\.`);
  const noticeSubject = new RegExp(`^Preventivo accettato da Lucia Storico ${tag}`);
  // Delivery runs right after the change that queued the mail: wait until the capture took it.
  await expect(async () => {
    await page.goto('/mail');
    await expect(statusOf(page.locator('body'), mailSubject)).toHaveText('Non spedita (anteprima)', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  const outboxStatus = await statusOf(page.locator('body'), mailSubject).getAttribute('data-status');
  await expect(page.getByRole('link', { name: noticeSubject })).toBeVisible();
  // Only the outbox list here: the mailbox notice above it is the contrast sweep's (its link to /manageGmail is too faint on yellow).
  await expectAccessibleAtRest(page, 'posta in uscita', { include: '#contenuto table' });

  await page.goto(`/clienti/${guest.contactId}`);
  const history = page.getByTestId('contact-mails');
  await expect(statusOf(history, mailSubject)).toHaveText('Non spedita (anteprima)');
  expect(await statusOf(history, mailSubject).getAttribute('data-status')).toBe(outboxStatus);
  // The guest's own acceptance confirmation is there; the notice to the campsite is not.
  await expect(history.getByRole('link', { name: /^Preventivo accettato - / })).toHaveCount(1);
  await expect(history.getByRole('link', { name: noticeSubject })).toHaveCount(0);
  await expect(history).not.toContainText('Consegnata');
  await screenshotForReview(page, 'contact-history-desktop');
  // The mail history only: the page's other contrast faults (the 'Accettato' tag, the light 'Modifica' button) are the contrast sweep's.
  await expectAccessibleAtRest(page, 'storico e-mail del cliente', { include: '[data-testid="contact-mails"]' });

  // The thread page says the same.
  await history.getByRole('link', { name: mailSubject }).click();
  await expect(page).toHaveURL(/\/tracciaMail\//);
  await expect(page.locator('[data-status]:visible').first()).toHaveText('Non spedita (anteprima)');

  if (process.env.E2E_SHOTS_DIR) {
    const phone = await browser.newContext(PHONE);
    const phonePage = await phone.newPage();
    await openAs(phonePage, LOGINS.admin, `/clienti/${guest.contactId}`);
    await expect(phonePage.getByTestId('contact-mails')).toBeVisible();
    await screenshotForReview(phonePage, 'contact-history-phone');
    await phone.close();
  }
});

test('the request preview shows the stay first, dates as dd/mm/yyyy and the nation and language by name', async ({ page, request, browser }) => {
  const tag = Date.now().toString(36).replace(/\d/g, '').padEnd(6, 'x');
  const surname = `Anteprima${tag[0].toUpperCase()}${tag.slice(1)}`;
  const login = await legacyLogin(request);
  const year = new Date().getFullYear() + 1;
  const asked = await request.post('/api/addQuoteCamp', {
    data: {
      camp: login.campsiteId,
      payload: {
        idLingua: 1,
        nome: 'Greta',
        cognome: surname,
        email: `${surname.toLowerCase()}@example.de`,
        nazione: 2,
        lingua: 'de',
        arrivo: `${year}-07-10`,
        partenza: `${year}-07-17`,
        adulti: 2,
        bambini: 1,
        messaggio: 'Vorremmo una piazzola vicino al lago.',
        privacy: true,
      },
    },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  await openAs(page, LOGINS.admin, '/richieste');
  await page.getByRole('row').filter({ hasText: surname }).getByRole('link', { name: 'Apri' }).click();
  await expect(page).toHaveURL(/\/richieste\/preview\//);
  const stay = page.getByTestId('request-stay');
  const contact = page.getByTestId('request-contact');
  await expect(stay.getByRole('row', { name: /^Arrivo/ })).toContainText(`10/07/${year}`);
  await expect(stay.getByRole('row', { name: /^Partenza/ })).toContainText(`17/07/${year}`);
  await expect(stay.getByRole('row', { name: /^Notti/ })).toContainText('7');
  await expect(stay.getByRole('row', { name: /^Adulti/ })).toContainText('2');
  await expect(contact.getByRole('row', { name: /^Nazione/ })).toContainText('Germania');
  await expect(contact.getByRole('row', { name: /^Lingua/ })).toContainText('Tedesco');
  // Labels, not the form's keys; the stay before the contact data.
  await expect(page.getByRole('main')).not.toContainText(/\b(arrivo|partenza|nazione|cognome)\b/);
  const [stayBox, contactBox] = [await stay.boundingBox(), await contact.boundingBox()];
  expect(stayBox && contactBox && stayBox.x < contactBox.x && Math.abs(stayBox.y - contactBox.y) < 2).toBe(true);
  await screenshotForReview(page, 'request-preview-desktop');
  await expectAccessibleAtRest(page, 'anteprima della richiesta', { include: '#contenuto' });

  const phone = await browser.newContext(PHONE);
  const phonePage = await phone.newPage();
  await openAs(phonePage, LOGINS.admin);
  await phonePage.goto(page.url());
  const [phoneStay, phoneContact] = [await phonePage.getByTestId('request-stay').boundingBox(), await phonePage.getByTestId('request-contact').boundingBox()];
  // One column on a phone: the contact data below the stay.
  expect(phoneStay && phoneContact && phoneContact.y > phoneStay.y + phoneStay.height - 1).toBe(true);
  await screenshotForReview(phonePage, 'request-preview-phone');
  await phone.close();
});

test('the tab title has exactly one prefix: served with the page, after navigating and after the count changes', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The bell polls every 30 s: the page's clock is moved on instead of waiting for it.
  await page.clock.install();
  await openAs(page, LOGINS.admin);
  const served = await (await page.request.get('/clienti')).text();
  expect(/<title>([^<]*)<\/title>/.exec(served)?.[1]).toMatch(/^\(\d+\) (⚠ )?Clienti · /);
  await expect(page).toHaveTitle(ONE_PREFIX);
  for (const name of ['Contatti', 'Preventivi', 'Dashboard']) {
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveTitle(ONE_PREFIX);
  }
  const before = Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
  // A new request makes a new notification; the bell's poll brings it within 30 s.
  const login = await legacyLogin(request);
  const tag = Date.now().toString(36);
  const asked = await request.post('/api/addQuoteCamp', {
    data: { camp: login.campsiteId, payload: { idLingua: 1, nome: 'Titolo', cognome: `Prova ${tag}`, email: `titolo.${tag}@example.it`, nazione: 1, lingua: 'it', arrivo: `${new Date().getFullYear() + 1}-08-01`, partenza: `${new Date().getFullYear() + 1}-08-05`, adulti: 2, privacy: true } },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await page.clock.fastForward(30_000);
  await expect(page.getByTestId('notification-bell')).not.toHaveAttribute('data-unread', String(before));
  // The title counts the unread notifications and my due follow-ups (issue 33) together.
  const unread = Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
  const after = unread + Number(await page.getByTestId('follow-up-bell').getAttribute('data-due'));
  await expect(page).toHaveTitle(new RegExp(`^\\(${after}\\) ⚠ [^()]+$`));
  await page.getByRole('navigation').getByRole('link', { name: 'Contatti', exact: true }).first().click();
  await expect(page).toHaveTitle(new RegExp(`^\\(${after}\\) ⚠ Clienti`));
  await expect(page).toHaveTitle(ONE_PREFIX);
});

async function toastClearOfHeader(page: Page, name: string, openNewQuote: () => Promise<void>) {
  await page.goto('/crea-preventivo');
  await openNewQuote();
  const toast = page.getByText('Sei già sulla pagina "Crea Preventivo"!');
  await expect(toast).toBeVisible();
  const toastBox = (await page.locator('.mantine-Notification-root').filter({ has: toast }).boundingBox())!;
  for (const testId of ['notification-bell', 'campsite-name']) {
    const box = await page.getByTestId(testId).boundingBox();
    if (!box) continue;
    const overlaps = toastBox.x < box.x + box.width && box.x < toastBox.x + toastBox.width && toastBox.y < box.y + box.height && box.y < toastBox.y + toastBox.height;
    expect(overlaps, `the toast covers ${testId}`).toBe(false);
  }
  await screenshotForReview(page, name);
}

test('a toast covers neither the bell nor the campsite name, on a desk and on a phone', async ({ page, browser }) => {
  await openAs(page, LOGINS.admin);
  await toastClearOfHeader(page, 'toast-desktop', async () => {
    await page.getByRole('link', { name: 'Preventivi' }).hover();
    await page.getByRole('menuitem', { name: 'Nuovo Preventivo' }).click();
  });
  const phone = await browser.newContext(PHONE);
  const phonePage = await phone.newPage();
  await openAs(phonePage, LOGINS.admin);
  await toastClearOfHeader(phonePage, 'toast-phone', async () => {
    await phonePage.getByRole('button', { name: 'Apri il menu' }).click();
    await phonePage.getByRole('dialog').getByRole('link', { name: 'Nuovo Preventivo' }).click();
  });
  await phone.close();
});

test('the quote card’s text editor offers the line heights from 2 to 36 pt', async ({ page, request }) => {
  const login = await legacyLogin(request);
  const { quoteId } = await guestWithQuote(request, login, Date.now().toString(36));
  await openAs(page, LOGINS.admin, `/preventivo/edit/${quoteId}`);
  const card = page.getByTestId('card-editor').first();
  await card.getByRole('combobox', { name: 'Interlinea' }).click();
  await expect(page.getByRole('option', { name: '2pt', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: '36pt', exact: true })).toBeAttached();
  await page.keyboard.press('Escape');
  // As tall as the template editor's: a 500 px box whose text area fills it (500 less the padding).
  const text = card.getByRole('textbox', { name: 'Testo per il cliente' });
  expect(Math.round((await text.boundingBox())!.height)).toBeGreaterThanOrEqual(468);
});
