import { expect, test } from './fixtures';
import { LOGINS, openAs } from './support';

const uniqueTag = () => Math.random().toString(36).slice(2, 8);

test('templates: create a German template with a placeholder, preview it, duplicate, delete', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Angebot Test ${uniqueTag()}`;
  await openAs(page, LOGINS.admin);

  await page.goto('/templateDashboard');
  await expect(page.getByRole('heading', { name: 'Modelli di e-mail' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuovo modello' }).first().click();
  await expect(page).toHaveURL(/\/templator$/);

  // Nameless: refused in Italian, the text typed stays.
  const body = page.getByRole('textbox', { name: 'Testo dell’e-mail' });
  await body.click();
  await page.keyboard.type('Hallo ');
  await page.getByRole('button', { name: 'Inserisci un segnaposto' }).click();
  await page.getByRole('menuitem', { name: /Nome del cliente/ }).click();
  // The menu hands the focus back to the editor a frame later: a key typed before lands nowhere.
  await expect(body).toContainText('{{nome}}');
  await expect(body).toBeFocused();
  await page.keyboard.type(', willkommen!');
  await page.getByRole('button', { name: 'Crea modello' }).click();
  await expect(page.getByTestId('template-form-error')).toBeVisible();
  await expect(body).toContainText('Hallo {{nome}}, willkommen!');

  await page.getByRole('textbox', { name: 'Nome del modello' }).fill(name);
  await page.getByRole('combobox', { name: 'Lingua' }).click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await page.getByRole('button', { name: 'Crea modello' }).click();
  await expect(page.getByText('Modello creato.')).toBeVisible();
  await expect(page).toHaveURL(/\/templator\/[\w-]{10,}$/);

  // The source view shows the HTML, and an edit there comes back to the visual editor.
  await page.getByTestId('editor-source-toggle').click();
  const source = page.getByTestId('editor-source');
  await expect(source).toHaveValue(/<p>Hallo \{\{nome\}\}, willkommen!<\/p>/);
  await source.fill('<p>Hallo {{nome}}, willkommen!</p><p><strong>Bis bald</strong></p>');
  await page.getByTestId('editor-source-toggle').click();
  await expect(body.locator('strong')).toHaveText('Bis bald');

  // Preview with a real guest of the campsite.
  await page.getByRole('button', { name: 'Anteprima' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anteprima con i dati di un cliente' });
  await dialog.getByRole('combobox', { name: 'Cliente' }).click();
  const firstGuest = page.getByRole('option').first();
  await expect(firstGuest).toBeVisible();
  const guestLabel = (await firstGuest.textContent()) ?? '';
  await firstGuest.click();
  const firstName = guestLabel.split(' ')[0];
  const frame = page.frameLocator('[data-testid="template-preview-frame"]');
  await expect(frame.locator('body')).toContainText(`Hallo ${firstName}, willkommen!`);
  await expect(frame.locator('body')).not.toContainText('{{nome}}');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();

  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Modello salvato.')).toBeVisible();

  // Dashboard: the German badge, duplicate, then delete the copy after the confirmation.
  await page.goto('/templateDashboard');
  const row = page.getByTestId('template-row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByText('Deutsch')).toBeVisible();
  await row.getByRole('button', { name: `Duplica il modello «${name}»` }).click();
  const copyName = `Copia di ${name}`;
  const copyRow = page.getByTestId('template-row').filter({ has: page.getByRole('link', { name: copyName, exact: true }) });
  await expect(copyRow).toBeVisible();

  await copyRow.getByRole('button', { name: `Elimina il modello «${copyName}»` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare il modello?' });
  await expect(confirm).toContainText(`Eliminare il modello «${copyName}»?`);
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(copyRow).toBeVisible();
  await copyRow.getByRole('button', { name: `Elimina il modello «${copyName}»` }).click();
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Modello eliminato.')).toBeVisible();
  await expect(copyRow).toHaveCount(0);
  await expect(row).toBeVisible();

  // The language filter shows only German templates.
  await page.getByTestId('template-language-filter').getByText('Deutsch').click();
  await expect(page).toHaveURL(/lingua=3/);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('template-row').filter({ hasText: 'Italiano' })).toHaveCount(0);
});
