import postgres from 'postgres';
import { expect, test, type Page } from './fixtures';
import { LOGINS, openAs } from './support';

// Follow-ups of Lago Azzurro's admin: the tests share her bell, so they run one after the other.
test.describe.configure({ mode: 'serial' });

/** A picture for a look by eye, only when E2E_SHOTS_DIR names a folder (as screenshots.ts does for pages). */
const shot = async (target: { screenshot: (options: { path: string }) => Promise<unknown> }, name: string) => {
  if (process.env.E2E_SHOTS_DIR) await target.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png` });
};
const DAY = 86_400_000;

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('Questi test leggono il database: avviali con DATABASE_URL (PostgreSQL).');
  const client = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    return (await client.unsafe(text, params as never[])) as unknown as T[];
  } finally {
    await client.end();
  }
}

const userId = async (email: string) => (await sql<{ id: string; camping_id: string }>('select id, camping_id from users where email = $1', [email]))[0];
const followUpBell = (page: Page) => page.getByTestId('follow-up-bell');

test.beforeAll(() => {
  test.skip(!process.env.E2E_DATABASE_URL, 'needs the PostgreSQL of DATABASE_URL');
});

test('a follow-up set for tomorrow through «Ricordami» rings tomorrow (page clock), in the bell and the tab title, and is done in one click', async ({ page }) => {
  const admin = await userId(LOGINS.admin.email);
  await sql('update follow_ups set done_at = now() where assignee_id = $1 and done_at is null', [admin.id]);
  const [quote] = await sql<{ id: string; contact_id: string }>(
    `select id, contact_id from quotes where camping_id = $1 and progress in ('inviato', 'letto') order by created_at desc limit 1`,
    [admin.camping_id],
  );
  await page.clock.install();
  await openAs(page, LOGINS.admin, `/crea-preventivo/preview/${quote.contact_id}/${quote.id}`);
  await expect(followUpBell(page)).toHaveAttribute('data-due', '0');
  await page.getByTestId('remind-button').click();
  const dialog = page.getByRole('dialog', { name: 'Ricordami' });
  await expect(dialog.getByLabel('Ora')).toHaveValue('09:00');
  await dialog.getByLabel('Nota').fill('Richiamare per la piazzola vista lago');
  await shot(dialog, 'ricordami-dialog');
  await dialog.getByRole('button', { name: 'Salva promemoria' }).click();
  await expect(dialog).toBeHidden();
  const [row] = await sql<{ id: string; due_at: Date }>(`select id, due_at from follow_ups where quote_id = $1 and note like 'Richiamare per la piazzola%'`, [quote.id]);
  expect(row, 'the follow-up is saved').toBeDefined();
  // Tomorrow at 09:00 on Rome's clock.
  const rome = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
  expect(rome.format(row.due_at)).toBe(`${rome.format(new Date(Date.now() + DAY)).slice(0, 10)} 09:00`);
  await expect(followUpBell(page)).toHaveAttribute('data-due', '0');

  // Tomorrow comes, on the page's clock.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.fastForward(row.due_at.getTime() - pageNow + 60_000);
  await expect(followUpBell(page)).toHaveAttribute('data-due', '1');
  const unread = Number(await page.getByTestId('notification-bell').getAttribute('data-unread'));
  await expect(page).toHaveTitle(new RegExp(`^\\(${unread + 1}\\) ⚠ `));
  await followUpBell(page).click();
  const panel = page.getByTestId('follow-up-panel');
  await expect(panel.getByText('Richiamare per la piazzola vista lago')).toBeVisible();
  await shot(page, 'bell-due-follow-up');
  await panel.getByTestId('follow-up-done').click();
  await expect(followUpBell(page)).toHaveAttribute('data-due', '0');
  await expect.poll(async () => (await sql<{ done_at: Date | null }>('select done_at from follow_ups where id = $1', [row.id]))[0].done_at).not.toBeNull();
});

test('a quote sent 4 days ago and never opened is suggested on the dashboard; accepted, it is in «Da fare oggi»', async ({ page }) => {
  const admin = await userId(LOGINS.admin.email);
  const staff = await userId(LOGINS.staff.email);
  const [contact] = await sql<{ id: string }>(`insert into contacts (id, camping_id, first_name, last_name) values (md5(random()::text), $1, 'Ottavia', 'Silenzi') returning id`, [admin.camping_id]);
  const [quote] = await sql<{ id: string }>(
    `insert into quotes (id, camping_id, contact_id, name, progress, sent_at, valid_until) values (md5(random()::text), $1, $2, 'Ferragosto in tenda', 'inviato', now() - interval '4 days', now() + interval '20 days') returning id`,
    [admin.camping_id, contact.id],
  );
  // The demo's other open quotes go to the colleague: the admin's suggestions are then this one alone.
  await sql(`update quotes set assignee_id = $1 where camping_id = $2 and id <> $3`, [staff.id, admin.camping_id, quote.id]);
  await openAs(page, LOGINS.admin);
  const today = page.getByTestId('today-panel');
  const suggestion = today.getByTestId('suggestion-item').filter({ hasText: 'Ferragosto in tenda' });
  await expect(suggestion).toContainText('e mai aperto');
  await suggestion.getByRole('button', { name: 'Accetta' }).click();
  await expect(today.getByTestId('today-item').filter({ hasText: 'Ferragosto in tenda' })).toBeVisible();
  await expect(today.getByTestId('suggestion-item').filter({ hasText: 'Ferragosto in tenda' })).toHaveCount(0);
  await shot(today, 'da-fare-oggi');
  await page.reload();
  await expect(page.getByTestId('today-panel').getByTestId('suggestion-item').filter({ hasText: 'Ferragosto in tenda' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page.getByTestId('today-panel'), 'da-fare-oggi-telefono');
});

test('assigning a quote to a colleague: the bell tells the staff, and he has it in his own «Da fare oggi»', async ({ page, browser }) => {
  const admin = await userId(LOGINS.admin.email);
  const [quote] = await sql<{ id: string; contact_id: string }>(
    `select id, contact_id from quotes where camping_id = $1 and progress = 'letto' order by created_at desc limit 1`,
    [admin.camping_id],
  );
  await sql('update quotes set assignee_id = null where id = $1', [quote.id]);
  await openAs(page, LOGINS.admin, `/crea-preventivo/preview/${quote.contact_id}/${quote.id}`);
  await page.getByRole('combobox', { name: 'In carico a' }).click();
  await page.getByRole('option', { name: 'Marco Ferri' }).click();
  await expect(page.getByText('Ora in carico a Marco Ferri.')).toBeVisible();
  await expect.poll(async () => (await sql<{ assignee_id: string }>('select assignee_id from quotes where id = $1', [quote.id]))[0].assignee_id).toBe((await userId(LOGINS.staff.email)).id);

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const marco = await other.newPage();
  await openAs(marco, LOGINS.staff);
  await marco.getByTestId('notification-bell').click();
  await expect(marco.getByTestId('notification-panel').getByText(/in carico a Marco Ferri/).first()).toBeVisible();
  await marco.keyboard.press('Escape');
  const todo = marco.getByTestId('today-panel').getByTestId('today-item').filter({ hasText: 'Assegnato a te da' });
  await expect(todo).toHaveCount(1);
  expect(Number(await followUpBell(marco).getAttribute('data-due'))).toBeGreaterThan(0);
  await other.close();
});

test('the suggestion rules in the settings: a wrong day stays beside its Italian error, a right one is saved and used', async ({ page }) => {
  const admin = await userId(LOGINS.admin.email);
  await openAs(page, LOGINS.admin, '/settings?v=campeggio&tab=promemoria');
  const form = page.getByTestId('follow-up-rules-form');
  const notOpened = form.getByLabel('Inviato e non aperto dopo (giorni)');
  await expect(notOpened).toHaveValue('3');
  await notOpened.fill('0');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(form.getByText('Non aperto: almeno 1 giorno.')).toBeVisible();
  await expect(notOpened).toHaveValue('0');
  await notOpened.fill('5');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect.poll(async () => (await sql<{ rules: { notOpenedDays: number } | null }>('select follow_up_rules as rules from campsites where id = $1', [admin.camping_id]))[0].rules?.notOpenedDays).toBe(5);
  await page.reload();
  await expect(page.getByTestId('follow-up-rules-form').getByLabel('Inviato e non aperto dopo (giorni)')).toHaveValue('5');
  await sql('update campsites set follow_up_rules = null where id = $1', [admin.camping_id]);
});
