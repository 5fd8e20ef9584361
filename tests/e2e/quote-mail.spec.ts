import { expect, test, type APIRequestContext } from './fixtures';
import sharp from 'sharp';
import { watchCspViolations } from './csp-watch';
import { LOGINS, openAs } from './support';

/** A German guest with a complete two-night quote, made through the legacy API as the booking platform would. */
async function germanGuestWithQuote(request: APIRequestContext, tag: string) {
  const login = await request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const contact = await request.post('/api/addContact', { headers, data: { nome: 'Jonas', cognome: `Becker ${tag}`, email: `jonas.becker.${tag}@example.de`, language: 3 } });
  expect(contact.status(), await contact.text()).toBe(200);
  const { _id: contactId } = (await contact.json()) as { _id: string };
  const year = new Date().getFullYear() + 1;
  const quote = await request.post('/api/addQuote', {
    headers,
    data: {
      contact: contactId,
      name: 'Sommer am See',
      progress: 'nuovo',
      lingua: 3,
      schede: [{ tipologia: 'LA-PZ-STD', arrivo: `${year}-06-28`, partenza: `${year}-06-30`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { _id: quoteId } = (await quote.json()) as { _id: string };
  return { contactId, quoteId };
}

test('a German template with an uploaded image goes to a German guest; the captured mail links to the mini-site, which marks the quote read', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Tiptap with an uploaded picture, the mail previews (srcdoc frames with <base target>, the
  // mail's <style> and its pictures) and the guest's page, all under the pages' CSP.
  const violations = await watchCspViolations(page);
  const tag = Date.now().toString(36);
  const { contactId, quoteId } = await germanGuestWithQuote(request, tag);
  const templateName = `Angebot mit Bild ${tag}`;

  await openAs(page, LOGINS.admin, '/templator');
  await page.getByRole('textbox', { name: 'Nome del modello' }).fill(templateName);
  await page.getByRole('combobox', { name: 'Lingua' }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  const body = page.getByRole('textbox', { name: 'Testo dell’e-mail' });
  await body.click();
  await page.keyboard.type('Guten Tag ');
  await page.getByRole('button', { name: 'Inserisci un segnaposto' }).click();
  await page.getByRole('menuitem', { name: /Nome del cliente/ }).click();
  await page.keyboard.type(', hier ist Ihr Angebot.');

  // The image: uploaded from the editor's picker, then chosen.
  await page.getByRole('button', { name: 'Immagine' }).click();
  const picker = page.getByRole('dialog', { name: 'Scegli un’immagine' });
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Carica immagini' }).click();
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2b8a3e' } }).png().toBuffer();
  await (await chooser).setFiles({ name: `see-${tag}.png`, mimeType: 'image/png', buffer: png });
  await picker.getByRole('button', { name: new RegExp(`Scegli see-${tag}`) }).click();
  await expect(body.locator('img[src*="/api/getImage/"]')).toBeVisible();
  await page.getByRole('button', { name: 'Crea modello' }).click();
  await expect(page.getByText('Modello creato.')).toBeVisible();

  // Send the guest's quote with it from the quote's preview.
  await page.goto(`/crea-preventivo/preview/${contactId}/${quoteId}`);
  await page.getByRole('button', { name: 'Invia per e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invia il preventivo al cliente' });
  await dialog.getByRole('combobox', { name: 'Modello' }).click();
  await page.getByRole('option', { name: new RegExp(templateName) }).click();
  const preview = dialog.frameLocator('iframe[title="Anteprima dell’e-mail"]');
  await expect(preview.getByText('Guten Tag Jonas, hier ist Ihr Angebot.')).toBeVisible();
  const attach = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Aggiungi allegati' }).click();
  await (await attach).setFiles({ name: 'Lageplan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Lageplan\n%%EOF\n') });
  await expect(dialog.getByText(/^Lageplan\.pdf · /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(page.getByText('Preventivo inviato a')).toBeVisible();
  await expect(page.getByText('Inviato', { exact: true }).first()).toBeVisible();

  // The captured mail, as the guest would receive it.
  await page.goto('/mail');
  await expect(page.getByTestId('outbox-mode')).toContainText('Le mail non partono davvero');
  await page.getByRole('link', { name: /^Ihr Angebot - .* - RIF\.: [0-9A-F]{10} \[CRM\]$/ }).first().click();
  await expect(page.getByTestId('mail-attachments')).toContainText('Lageplan.pdf');
  const mail = page.frameLocator('iframe').first();
  await expect(mail.getByText('Guten Tag Jonas, hier ist Ihr Angebot.')).toBeVisible();
  const imageUrl = await mail.locator('img[src*="/api/getImage/"]').getAttribute('src');
  expect(imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/getImage\//);
  const quoteUrl = await mail.getByRole('link', { name: 'Angebot öffnen' }).getAttribute('href');
  expect(quoteUrl).toContain(`/visualizzaPreventivo/${contactId}/${quoteId}/`);

  // The guest: no cookies, loads the image and follows the link.
  const guest = await browser.newContext({ locale: 'de-DE' });
  const image = await guest.request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
  const guestPage = await guest.newPage();
  const guestViolations = await watchCspViolations(guestPage);
  const marked = guestPage.waitForResponse((response) => response.url().includes('/api/visualizzato/'));
  await guestPage.goto(quoteUrl!);
  await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await marked).status()).toBe(200);
  await guest.close();

  await expect(async () => {
    await page.goto(`/crea-preventivo/preview/${contactId}/${quoteId}`);
    await expect(page.getByText('Letto', { exact: true }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // The contact's history shows the mail, and its thread opens.
  await page.goto(`/clienti/${contactId}`);
  await page.getByTestId('contact-mails').getByRole('link', { name: /^Ihr Angebot/ }).click();
  await expect(page).toHaveURL(/\/tracciaMail\//);
  await expect(page.getByText('Scritta dal CRM')).toBeVisible();
  expect([...violations, ...guestViolations]).toEqual([]);
});
