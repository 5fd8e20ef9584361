import { expect, test, type Page } from './fixtures';
import postgres from 'postgres';
import { expectAccessibleAtRest } from './axe-at-rest';
import { expectNoHorizontalScroll } from './guest-checks';
import { LOGINS, openAs } from './support';

const uniqueTag = () => Math.random().toString(36).slice(2, 8);

/** Runs one query on the browser tests' PostgreSQL; null on the embedded database (nothing to read from outside). */
async function query<T extends Record<string, unknown>>(run: (sql: postgres.Sql) => Promise<T[]>): Promise<T[] | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  const sql = postgres(url, { max: 1 });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

async function expectDraftSaved(page: Page) {
  await expect(page.getByTestId('draft-status')).toHaveText(/^Bozza salvata alle \d{2}:\d{2}$/);
}

test('guided newsletter: list → template → resume, draft saved and resumed, test send, send now', async ({ page }) => {
  test.setTimeout(180_000);
  const subject = `Novità di primavera ${uniqueTag()}`;
  await openAs(page, LOGINS.staff, '/stepsMailing');
  await expect(page.getByRole('heading', { name: 'Procedura guidata newsletter', level: 1 })).toBeVisible();
  await expect(page.getByTestId('no-provider')).toHaveCount(0);

  // Lista: each list says how many would receive it; going on without one is refused.
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Scegli una lista per continuare.')).toBeVisible();
  const list = page.getByRole('radio', { name: 'Newsletter Germania' });
  await expect(page.getByText(/^\d+ destinatar[io]/).first()).toBeVisible();
  await expectAccessibleAtRest(page, 'procedura guidata, lista', { exclude: '[data-testid="newsletter-preview-frame"]' });
  await list.check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expectDraftSaved(page);
  await expect(page).toHaveURL(/\/stepsMailing\?bozza=[\w-]{10,}$/);
  const draftId = new URL(page.url()).searchParams.get('bozza')!;

  // Template: the text comes from the template, the subject is typed.
  await page.getByRole('combobox', { name: 'Lingua dei modelli' }).click();
  await page.getByRole('option', { name: 'Italiano' }).click();
  await page.getByRole('combobox', { name: 'Modello', exact: true }).click();
  // Only newsletter templates are offered: a quote's would read «con arrivo il .» and «vedi il preventivo».
  await expect(page.getByRole('option', { name: 'Preventivo standard' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Newsletter – novità della stagione' }).click();
  await expect(page.getByText('Il testo è stato preso dal modello «Newsletter – novità della stagione».')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Testo della newsletter' })).not.toBeEmpty();
  await page.getByRole('textbox', { name: 'Oggetto', exact: true }).fill(subject);
  await page.getByRole('button', { name: 'Avanti' }).click();

  // Riepilogo: recipients counted, the preview filled with a real member in a sandboxed frame.
  await expectDraftSaved(page);
  await expect(page.getByTestId('recipient-count')).toHaveText(/^\d+ destinatar[io]$/);
  await expect(page.getByTestId('preview-member')).toContainText('Anteprima con i dati di');
  const frame = page.getByTestId('newsletter-preview-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="newsletter-preview-frame"]').locator('body')).not.toContainText('{{nome}}');
  await expect(page.frameLocator('[data-testid="newsletter-preview-frame"]').locator('body')).toContainText(/Annulla l’iscrizione|Unsubscribe|Abmelden/);

  // The test send goes to the staff's own address; without the provider reachable it says why.
  await page.getByRole('button', { name: 'Invia una prova' }).click();
  // The e2e server sends no mail: the demo's capture provider accepts the test send.
  await expect(page.getByTestId('test-sent')).toBeVisible({ timeout: 30_000 });
  // …and keeps it in the local preview, where the staff read what a guest would receive.
  const outbox = await page.context().newPage();
  await outbox.goto('/mail?cartella=uscita');
  await expect(outbox.getByRole('link', { name: `[PROVA] ${subject}`, exact: true })).toBeVisible();
  await outbox.close();
  await expectAccessibleAtRest(page, 'procedura guidata, riepilogo', { exclude: '[data-testid="newsletter-preview-frame"]' });

  // Save, leave, and resume the draft from the list of saved drafts.
  await page.getByRole('button', { name: 'Salva bozza' }).click();
  await expectDraftSaved(page);
  await page.goto('/dashboard');
  await page.goto('/stepsMailing');
  const drafts = page.getByTestId('saved-drafts');
  await expect(drafts.getByRole('row').filter({ hasText: subject })).toContainText('Newsletter Germania');
  await drafts.getByRole('link', { name: `Riprendi la bozza ${subject}` }).click();
  await expect(page).toHaveURL(new RegExp(`/stepsMailing\\?bozza=${draftId}$`));
  await expect(page.getByTestId('recipient-count')).toHaveText(/^\d+ destinatar[io]$/);
  await expect(page.getByText(subject).first()).toBeVisible();
  await page.getByRole('button', { name: 'Indietro' }).click();
  await expect(page.getByRole('textbox', { name: 'Oggetto', exact: true })).toHaveValue(subject);
  await page.getByRole('button', { name: 'Avanti' }).click();

  // Send now, after the confirmation: the campaign's page, the campaign sending, the draft gone.
  await page.getByRole('button', { name: 'Invia ora' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviare la newsletter adesso?' });
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(/\/mailing\/newsletter\/[\w-]{10,}$/, { timeout: 30_000 });
  const campaignId = new URL(page.url()).pathname.split('/').at(-1)!;
  const campaigns = await query((sql) => sql`select status, subject from campaigns where id = ${campaignId}`);
  // The server's own worker may already have sent it (the demo's capture provider).
  if (campaigns) expect(campaigns).toEqual([{ status: expect.stringMatching(/^(sending|sent)$/), subject }]);
  // The page follows the send live until every recipient is settled.
  await expect(page.getByTestId('campaign-status')).toHaveText('Inviata', { timeout: 60_000 });
  await expect(page.getByTestId('progress-queued')).toContainText(/\D0$/);
  await expect(page.getByTestId('progress-sent')).not.toContainText(/\D0$/);
  const left = await query((sql) => sql`select id from drafts where id = ${draftId}`);
  if (left) expect(left).toEqual([]);

  // The demo sends nothing, but keeps what each guest would have received in the local preview.
  await page.goto('/mail?cartella=uscita');
  await expect(page.getByRole('link', { name: subject, exact: true }).first()).toBeVisible();
});

test('a draft saved through the legacy API with a time is resumed on its last step and scheduled', async ({ page, request }) => {
  test.skip(!process.env.E2E_DATABASE_URL, 'reads the list id from PostgreSQL');
  const subject = `Programmata ${uniqueTag()}`;
  const [list] = (await query((sql) => sql`select l.id from mailing_lists l join campsites c on c.id = l.camping_id
    where c.name = 'Camping Lago Azzurro' and l.name = 'Famiglie con bambini'`))!;
  const login = (await (await request.post('/api/users/login', { data: LOGINS.staff })).json()) as { token: string };
  const sendAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  sendAt.setUTCHours(8, 30, 0, 0);
  const added = await request.post('/api/addBozza', {
    headers: { authorization: `Bearer ${login.token}` },
    data: { oggetto: subject, lista: list.id, html: '<p>Ciao {{nome}}, a presto!</p>', step: 'resume', sendAt: sendAt.toISOString() },
  });
  expect(added.status()).toBe(200);
  const draftId = ((await added.json()) as { _id: string })._id;

  await openAs(page, LOGINS.staff, `/stepsMailing?bozza=${draftId}`);
  await expect(page.getByTestId('recipient-count')).toHaveText(/^\d+ destinatar[io]$/);
  await expect(page.frameLocator('[data-testid="newsletter-preview-frame"]').locator('body')).toContainText(/Ciao \S+, a presto!/);
  // The picker shows the saved time in Rome's time.
  const rome = new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  await expect(page.getByRole('button', { name: 'Data e ora dell’invio programmato' })).toHaveText(rome.format(sendAt).replace(',', ''));
  await page.getByRole('button', { name: 'Programma', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Programmare l’invio?' });
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(/\/mailing\/newsletter\/[\w-]{10,}$/, { timeout: 30_000 });
  const campaignId = new URL(page.url()).pathname.split('/').at(-1)!;
  const [campaign] = (await query((sql) => sql`select status, scheduled_at from campaigns where id = ${campaignId}`))!;
  expect(campaign.status).toBe('scheduled');
  expect(new Date(campaign.scheduled_at as string).toISOString()).toBe(sendAt.toISOString());
  expect(await query((sql) => sql`select id from drafts where id = ${draftId}`)).toEqual([]);
});

test('without the provider key /mailing offers no «Nuova newsletter» but says what is missing and where to set it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openAs(page, LOGINS.pineta, '/mailing');
  const alert = page.getByTestId('no-provider');
  await expect(alert).toContainText('Per creare e inviare newsletter il campeggio deve avere la chiave API e il segreto del servizio di invio');
  await expect(alert.getByRole('link', { name: 'Apri le impostazioni di mailing' })).toHaveAttribute('href', /\/settings\?v=showCamp&campingID=.+&tab=mailing$/);
  await expect(page.getByRole('link', { name: 'Nuova newsletter' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await context.close();
});

test('without the provider key and secret the procedure says so and still keeps the draft', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openAs(page, LOGINS.pineta, '/stepsMailing');
  const alert = page.getByTestId('no-provider');
  await expect(alert).toContainText('Per inviare newsletter servono la chiave e il segreto del servizio di invio');
  const settings = alert.getByRole('link', { name: 'Apri le impostazioni di mailing' });
  await expect(settings).toHaveAttribute('href', /\/settings\?v=showCamp&campingID=.+&tab=mailing$/);
  await expectNoHorizontalScroll(page);
  await context.close();
});
