import { expect, test, type APIRequestContext, type Page } from './fixtures';
import deForm from '../../messages/de/guest-form.json' with { type: 'json' };
import itForm from '../../messages/it/guest-form.json' with { type: 'json' };
import { snapshotCampsite } from './campsite-snapshot';
import { LOGINS, openAs } from './support';

/** Lago Azzurro's id and an admin token, from the login answer. */
async function adminSession(request: APIRequestContext) {
  const answer = await request.post('/api/users/login', { data: { email: LOGINS.admin.email, password: LOGINS.admin.password } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { token: string; user: { camping: string } };
  return { campsiteId: body.user.camping, token: body.token };
}

/** An Italian guest with a complete quote, through the legacy API; its mini-site's address. */
async function italianQuote(request: APIRequestContext, token: string, campsiteId: string, tag: string) {
  const headers = { authorization: `Bearer ${token}` };
  const contact = await request.post('/api/addContact', { headers, data: { nome: 'Lucia', cognome: `Orari ${tag}`, email: `lucia.orari.${tag}@example.it`, language: 1 } });
  expect(contact.status(), await contact.text()).toBe(200);
  const { _id: contactId } = (await contact.json()) as { _id: string };
  const year = new Date().getFullYear() + 1;
  const quote = await request.post('/api/addQuote', {
    headers,
    data: {
      contact: contactId,
      name: 'Estate al lago',
      progress: 'nuovo',
      lingua: 1,
      schede: [{ tipologia: 'LA-PZ-STD', arrivo: `${year}-06-28`, partenza: `${year}-06-30`, persone: [{ id: 'LA-ADULTO', quantita: 2 }] }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { _id: quoteId } = (await quote.json()) as { _id: string };
  return `/visualizzaPreventivo/${contactId}/${quoteId}/${campsiteId}`;
}

async function saveTab(page: Page) {
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Impostazioni salvate.')).toBeVisible();
}

test.describe('a saved setting shows at once where it is used', () => {
  let campsiteId: string;
  let token: string;

  test.beforeAll(async ({ request }) => {
    ({ campsiteId, token } = await adminSession(request));
  });

  test('a contact-form text saved in Localizzazione replaces the form’s own, as plain text, in that language only', async ({ page, request }) => {
    test.setTimeout(90_000);
    const restore = await snapshotCampsite(request, token, campsiteId);
    const text = `Scrivici <b>quando vuoi</b>, l’{offerta} è tua ${Date.now().toString(36)}`;
    try {
      await page.goto(`/contattaci/${campsiteId}/1`);
      await expect(page.getByText(itForm.intro)).toBeVisible();

      await openAs(page, LOGINS.admin, `/settings?v=showCamp&campingID=${campsiteId}&tab=localizzazione`);
      await expect(page.getByRole('tab', { name: 'Localizzazione', selected: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.getByRole('combobox', { name: 'Testo da personalizzare' }).fill(itForm.intro.slice(0, 30));
      await page.getByRole('option', { name: itForm.intro, exact: true }).click();
      await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
      await page.getByRole('textbox', { name: /^Modulo di contatto › testi della pagina: «Indicaci quando/ }).fill(text);
      await saveTab(page);

      await page.goto(`/contattaci/${campsiteId}/1`);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByText(itForm.intro)).toHaveCount(0);
      await expect(page.locator('main b')).toHaveCount(0);
      await page.goto(`/contattaci/${campsiteId}/3`);
      await expect(page.getByText(deForm.intro)).toBeVisible();
    } finally {
      await restore();
    }
    await page.goto(`/contattaci/${campsiteId}/1`);
    await expect(page.getByText(itForm.intro)).toBeVisible();
  });

  test('opening hours saved in Orari show on a quote’s mini-site, which was cached before', async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const restore = await snapshotCampsite(request, token, campsiteId);
    const mark = Date.now().toString(36);
    const guest = await browser.newContext();
    try {
      const miniSite = await italianQuote(request, token, campsiteId, mark);
      const guestPage = await guest.newPage();
      await guestPage.goto(`${miniSite}#anteprima`);
      const hours = guestPage.getByTestId('guest-hours');
      await expect(hours).toContainText('Orari del campeggio');
      await expect(hours).toContainText(/Check-in: \d\d:\d\d–\d\d:\d\d/);

      await openAs(page, LOGINS.admin, `/settings?v=showCamp&campingID=${campsiteId}&tab=orari`);
      await expect(page.getByRole('tab', { name: 'Orari', selected: true })).toBeVisible();
      // A value typed before React hydrates the form would be lost from its state.
      await page.waitForLoadState('networkidle');
      await page.getByLabel('Orario base').fill('08:15');
      await page.getByLabel('Check-in 1: Dalle').fill('14:00');
      await page.getByLabel('Check-in 1: Alle').fill('21:00');
      await page.getByRole('textbox', { name: 'Note' }).fill(`Sbarra chiusa di notte ${mark}`);
      // The first field can still be typed into before hydration and lose its value: type it again if so.
      await expect(async () => {
        if ((await page.getByLabel('Orario base').inputValue()) !== '08:15') await page.getByLabel('Orario base').fill('08:15');
        await expect(page.getByLabel('Orario base')).toHaveValue('08:15', { timeout: 1000 });
      }).toPass();
      await saveTab(page);

      await guestPage.reload();
      await expect(hours).toContainText('Reception dalle 08:15');
      await expect(hours).toContainText('Check-in: 14:00–21:00');
      await expect(hours).toContainText(`Sbarra chiusa di notte ${mark}`);
    } finally {
      await guest.close();
      await restore();
    }
  });
});
