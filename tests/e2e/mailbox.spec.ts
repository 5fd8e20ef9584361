import AxeBuilder from '@axe-core/playwright';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import postgres from 'postgres';
import { expectAccessibleAtRest } from './axe-at-rest';
import { expectNoHorizontalScroll } from './guest-checks';
import { seedMailboxRows as seed, removeMailboxRows, type SeededMailbox as Seeded } from './mailbox-rows';
import { LOGINS, openAs } from './support';

const tag = () => Math.random().toString(36).slice(2, 8);

test('the mail client: unread inbox in bold, opening marks read, search, reply refused with the text kept, accessible and narrow', async ({ page, request }) => {
  test.setTimeout(180_000);
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'Needs PostgreSQL (DATABASE_URL) to write the mailbox rows a sync would.');
  const login = (await (await request.post('/api/users/login', { data: LOGINS.pineta })).json()) as { user: { camping: string } };
  const campsiteId = login.user.camping;
  const sql = postgres(databaseUrl!, { max: 1 });
  const unique = tag();
  // A sender's tracking pixel: a local server counts the fetches (Playwright does not see a srcdoc frame's requests).
  const trackerRequests: string[] = [];
  const tracker = createServer((request, response) => {
    trackerRequests.push(request.url ?? '');
    response.writeHead(204).end();
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => tracker.once('listening', resolve));
  let seeded: Seeded | null = null;
  try {
    seeded = await seed(sql, campsiteId, unique, `http://127.0.0.1:${(tracker.address() as AddressInfo).port}/pixel.gif`);
    await openAs(page, LOGINS.pineta);
    const badge = page.getByTestId('mail-unread-badge').first();
    await expect(badge).toContainText('1 e-mail da leggere');
    // The badge itself, in the shell: readable, and named for screen readers.
    const shell = await new AxeBuilder({ page }).include('[data-testid="mail-unread-badge"]').analyze();
    expect(shell.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Mail 1 e-mail da leggere' })).toBeVisible();

    await page.goto('/mail');
    await expect(page.getByRole('heading', { name: 'Posta', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Posta in arrivo (1)' })).toHaveAttribute('aria-current', 'page');
    const unreadRow = page.getByTestId('thread-list').getByRole('link').filter({ hasText: seeded.unreadSubject });
    const readRow = page.getByTestId('thread-list').getByRole('link').filter({ hasText: seeded.readSubject });
    await expect(unreadRow).toHaveAttribute('data-unread', 'true');
    await expect(readRow).not.toHaveAttribute('data-unread');
    expect(await unreadRow.getByText(seeded.unreadSubject).evaluate((node) => getComputedStyle(node).fontWeight)).toBe('700');
    expect(await readRow.getByText(seeded.readSubject).evaluate((node) => getComputedStyle(node).fontWeight)).toBe('400');
    await expect(unreadRow).toContainText('Giulia Bianchi');
    await expectAccessibleAtRest(page, '/mail', { include: '#contenuto', exclude: 'iframe' });

    // Search: by the subject's words, and by the guest's address; nothing found says so.
    await page.getByRole('searchbox', { name: 'Cerca nelle e-mail' }).fill(`agosto ${unique}`);
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page).toHaveURL(/q=agosto/);
    await expect(page.getByTestId('thread-list').getByRole('link')).toHaveCount(1);
    await expect(page.getByTestId('thread-list')).toContainText(seeded.unreadSubject);
    await page.getByRole('searchbox', { name: 'Cerca nelle e-mail' }).fill(seeded.guestAddress);
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page.getByTestId('thread-list').getByRole('link')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Cerca nelle e-mail' }).fill(`introvabile${unique}`);
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page.getByTestId('mailbox-empty')).toHaveText(`Nessun risultato per «introvabile${unique}»`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mail');
    await expectNoHorizontalScroll(page);
    // On a phone the menu holds the Mail entry: the header shows the unread mail itself.
    await expect(page.getByTestId('mail-unread-header').getByRole('link', { name: '1 e-mail da leggere' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Opening the unread conversation marks it read: the badge goes away, the database agrees.
    await page.goto('/mail');
    await page.getByTestId('thread-list').getByRole('link').filter({ hasText: seeded.unreadSubject }).click();
    await expect(page.getByRole('heading', { name: seeded.unreadSubject, level: 1 })).toBeVisible();
    await expect(page.getByTestId('mail-unread-badge')).toHaveCount(0);
    await expect.poll(async () => (await sql`select unread_count from mailbox_threads where id = ${`${seeded!.mailboxId}-t1`}`)[0].unread_count).toBe(0);
    // The remote image (a tracking pixel) is not fetched until the staff ask for it.
    await expect(page.getByRole('button', { name: 'Mostra immagini' })).toBeVisible();
    expect(trackerRequests).toEqual([]);
    await page.getByRole('button', { name: 'Mostra immagini' }).click();
    await expect.poll(() => trackerRequests.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Nascondi immagini' }).click();
    await expect(page.getByRole('link', { name: /Giulia Bianchi/ })).toHaveAttribute('href', `/clienti/${seeded.contactId}`);
    await expect(page.getByRole('textbox', { name: 'A', exact: true })).toHaveValue(seeded.guestAddress);
    await expect(page.getByRole('textbox', { name: 'Oggetto' })).toHaveValue(`Re: ${seeded.unreadSubject}`);
    await expectAccessibleAtRest(page, 'conversazione', { include: '#contenuto', exclude: 'iframe' });

    // Sending through the unreachable mailbox fails: the error is shown, what was typed stays.
    const body = page.locator('[contenteditable="true"][aria-label="Testo"]');
    await body.click();
    await body.pressSequentially('Sì, abbiamo posto dal 10 agosto.');
    await page.getByRole('button', { name: 'Invia' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /La casella non ha accettato l’e-mail\. Il server della posta in (arrivo \(IMAP\)|uscita \(SMTP\)) non accetta collegamenti su questa porta/ })).toBeVisible();
    await expect(body).toContainText('Sì, abbiamo posto dal 10 agosto.');
    await expect(page.getByRole('textbox', { name: 'Oggetto' })).toHaveValue(`Re: ${seeded.unreadSubject}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { name: seeded.unreadSubject, level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  } finally {
    if (seeded) await removeMailboxRows(sql, seeded);
    await sql.end();
    tracker.close();
  }
});
