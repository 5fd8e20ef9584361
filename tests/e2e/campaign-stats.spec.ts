import { createHmac, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from './fixtures';
import postgres from 'postgres';
import { expectNoHorizontalScroll } from './guest-checks';
import AxeBuilder from '@axe-core/playwright';
import { LOGINS, openAs } from './support';

const TOO_MUCH_DATA =
  'Stai cercando di visualizzare troppi dati, prova con un periodo più breve. Puoi visualizzare solo 100 giorni in modalità "Giorno", fino a 8 ore in modalità 5-min.';

const sign = (secret: string, id: string, timestamp: number, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

/** Posts one signed Resend event to the running server, as Resend would. */
async function deliver(request: APIRequestContext, campsiteId: string, secret: string, type: string, emailId: string, extra: Record<string, unknown> = {}) {
  const body = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: emailId, to: ['ospite@prova.test'], subject: 'x', ...extra } });
  const id = `msg_${randomBytes(10).toString('hex')}`;
  const timestamp = Math.floor(Date.now() / 1000);
  return request.post(`/api/webhooks/resend/${campsiteId}`, {
    headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(timestamp), 'svix-signature': sign(secret, id, timestamp, body) },
    data: body,
  });
}

type Seeded = { sentId: string; sendingId: string; cancelledId: string; messageIds: string[]; campsiteId: string };

/** Three newsletters of Lago Azzurro written straight to PostgreSQL as the sending engine would: one sent, one on its way, one cancelled. */
async function seed(sql: postgres.Sql, campsiteId: string): Promise<Seeded> {
  const tag = randomBytes(4).toString('hex');
  const [list] = await sql`insert into mailing_lists (id, camping_id, name) values (${`l${tag}`}, ${campsiteId}, ${`Ospiti estate ${tag}`}) returning id`;
  const contactIds = [0, 1, 2].map((i) => `c${tag}${i}`);
  for (const [i, id] of contactIds.entries()) {
    await sql`insert into contacts (id, camping_id, first_name, email) values (${id}, ${campsiteId}, ${`Ospite ${i}`}, ${`ospite${i}-${tag}@prova.test`})`;
  }
  const sentId = `n${tag}sent`;
  const sendingId = `n${tag}live`;
  await sql`insert into campaigns (id, camping_id, list_id, subject, html, status, recipient_count, sent_count, started_at, sent_at)
    values (${sentId}, ${campsiteId}, ${list.id}, ${`Offerte di giugno ${tag}`}, '<p>Ciao</p>', 'sent', 3, 3, now() - interval '2 days', now() - interval '2 days')`;
  // Fanned out and moved on just now, its last batch waiting: the server's own worker leaves it be
  // for two leases (its recovery wakes only newsletters that stalled), longer than this test.
  await sql`insert into campaigns (id, camping_id, list_id, subject, html, status, recipient_count, sent_count, started_at, fanned_out_at, progress_at)
    values (${sendingId}, ${campsiteId}, ${list.id}, ${`Newsletter in corso ${tag}`}, '<p>Ciao</p>', 'sending', 10, 4, now(), now(), now())`;
  await sql`insert into newsletter_batches (camping_id, campaign_id, batch_no, size, idempotency_key)
    values (${campsiteId}, ${sendingId}, 1, 6, ${`newsletter-${sendingId}-1`})`;
  const messageIds = contactIds.map((_, i) => `re-${tag}-${i}`);
  for (const [i, contactId] of contactIds.entries()) {
    await sql`insert into newsletter_recipients (camping_id, campaign_id, contact_id, email, batch_no, state, provider_message_id)
      values (${campsiteId}, ${sentId}, ${contactId}, ${`ospite${i}-${tag}@prova.test`}, 0, 'sent', ${messageIds[i]})`;
  }
  // Cancelled after its first mail: of the three on the list one got it, one had unsubscribed, one was left out by the cancellation.
  const cancelledId = `n${tag}stop`;
  await sql`insert into campaigns (id, camping_id, list_id, subject, html, status, recipient_count, sent_count, skipped_count, started_at, fanned_out_at, cancelled_at)
    values (${cancelledId}, ${campsiteId}, ${list.id}, ${`Offerte annullate ${tag}, {{nome}}`}, '<p>Ciao</p>', 'cancelled', 1, 1, 2, now() - interval '1 hour', now() - interval '1 hour', now())`;
  for (const [i, [state, reason]] of ([['sent', null], ['skipped', 'unsubscribed'], ['skipped', 'cancelled']] as const).entries()) {
    await sql`insert into newsletter_recipients (camping_id, campaign_id, contact_id, email, batch_no, state, skip_reason)
      values (${campsiteId}, ${cancelledId}, ${contactIds[i]}, ${`ospite${i}-${tag}@prova.test`}, ${reason === 'unsubscribed' ? null : 0}, ${state}, ${reason})`;
  }
  return { sentId, sendingId, cancelledId, messageIds, campsiteId };
}

test('a sent newsletter shows its rates and clicks per link from signed webhooks; a newsletter on its way pauses and, after confirmation, is cancelled', async ({
  page,
  request,
}) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  test.skip(!databaseUrl, 'Needs PostgreSQL (DATABASE_URL) to write the ledger rows the sending engine would.');
  const login = (await (await request.post('/api/users/login', { data: LOGINS.admin })).json()) as { user: { camping: string } };
  const campsiteId = login.user.camping;
  const sql = postgres(databaseUrl!, { max: 1 });
  // The campsite's signing secret, in clear (a legacy value): the server reads both forms.
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const [{ mailjet_secret: previous }] = await sql`select mailjet_secret from campsites where id = ${campsiteId}`;
  let seeded: Seeded;
  try {
    seeded = await seed(sql, campsiteId);
    await sql`update campsites set mailjet_secret = ${secret} where id = ${campsiteId}`;
    const [m0, m1, m2] = seeded.messageIds;
    for (const [type, emailId, extra] of [
      ['email.delivered', m0, {}],
      ['email.delivered', m1, {}],
      ['email.bounced', m2, { bounce: { type: 'Permanent', subType: 'General', message: 'Indirizzo inesistente' } }],
      ['email.opened', m0, {}],
      ['email.opened', m1, {}],
      ['email.clicked', m0, { click: { link: 'https://www.lagoazzurro.example/piscina', ipAddress: '1.1.1.1', timestamp: '', userAgent: 'x' } }],
      ['email.clicked', m0, { click: { link: 'https://www.lagoazzurro.example/piscina', ipAddress: '1.1.1.1', timestamp: '', userAgent: 'x' } }],
      ['email.clicked', m0, { click: { link: 'https://www.lagoazzurro.example/offerte', ipAddress: '1.1.1.1', timestamp: '', userAgent: 'x' } }],
    ] as const) {
      const answer = await deliver(request, campsiteId, secret, type, emailId, extra);
      expect(answer.status(), await answer.text()).toBe(200);
    }
    // Signed with another secret: refused.
    expect((await deliver(request, campsiteId, `whsec_${randomBytes(24).toString('base64')}`, 'email.complained', m0)).status()).toBe(400);
    const [suppressed] = await sql`select email_suppressed_reason from contacts where id = (select contact_id from newsletter_recipients where provider_message_id = ${m2})`;
    expect(suppressed.email_suppressed_reason).toBe('bounce');
  } finally {
    await sql`update campsites set mailjet_secret = ${previous} where id = ${campsiteId}`;
  }

  await openAs(page, LOGINS.admin, `/mailing/newsletter/${seeded.sentId}`);
  await expect(page.getByRole('heading', { level: 1, name: /Offerte di giugno/ })).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('Inviata');
  await expect(page.getByTestId('rate-delivered')).toContainText(/66,7\s?%/);
  await expect(page.getByTestId('rate-delivered')).toContainText('2 su 3 inviate');
  await expect(page.getByTestId('rate-opened')).toContainText(/100\s?%/);
  await expect(page.getByTestId('rate-clicked')).toContainText(/50\s?%/);
  await expect(page.getByTestId('rate-bounced')).toContainText(/33,3\s?%/);
  const rows = page.getByTestId('link-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('https://www.lagoazzurro.example/piscina');
  await expect(rows.nth(0)).toContainText(/2\s*1/);
  await expect(rows.nth(1)).toContainText('https://www.lagoazzurro.example/offerte');
  await expect(page.getByTestId('stats-empty')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Eventi nel tempo' })).toBeVisible();
  // The page's own content (the shell's navigation is checked on its own terms elsewhere).
  const { violations } = await new AxeBuilder({ page }).include('#contenuto').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  // The period runs from the start two days ago: too long for five-minute buckets.
  await page.getByText('5 minuti', { exact: true }).click();
  await expect(page.getByTestId('realtime-error')).toHaveText(TOO_MUCH_DATA);
  await page.getByText('Giorno', { exact: true }).click();
  await expect(page.getByTestId('realtime-error')).toHaveCount(0);
  // On a phone: nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('rate-clicked')).toBeVisible();
  await expectNoHorizontalScroll(page);
  // The newsletters' list is a stack of cards there: subject, status and figures in view.
  await page.goto('/mailing');
  const campaigns = page.getByTestId('campaign-list');
  await expect(campaigns.locator('thead')).toBeHidden();
  const subject = campaigns.locator('tbody tr').first().locator('td[data-card="primary"] a');
  await subject.scrollIntoViewIfNeeded();
  await expect(subject).toBeInViewport({ ratio: 1 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A cancelled newsletter: its title in words, and the list's three told apart, the cancellation's one not passed off as unsubscribed.
  await page.goto(`/mailing/newsletter/${seeded.cancelledId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Offerte annullate \w+, \[Nome del cliente\]$/);
  await expect(page.getByTestId('campaign-status')).toHaveText('Annullata');
  await expect(page.getByTestId('campaign-when')).toContainText('Annullata il');
  await expect(page.getByTestId('progress-recipients')).toHaveText(
    '3 contatti nella lista: 1 destinatario, 1 non raggiunto perché l’invio è stato annullato, 1 saltato (disiscritto, senza e-mail, indirizzo respinto o ripetuto)',
  );

  await page.goto(`/mailing/newsletter/${seeded.sendingId}`);
  const progress = page.getByTestId('send-progress');
  await expect(page.getByTestId('campaign-status')).toHaveText('In invio');
  // Sent at once: on its way since it started, never «Programmata per».
  await expect(page.getByTestId('campaign-when')).toContainText('Invio iniziato il');
  await expect(progress.getByTestId('progress-sent')).toContainText('4');
  await expect(progress.getByTestId('progress-queued')).toContainText('6');
  await expect(page.getByText('Nessun evento ancora', { exact: true })).toBeVisible();
  // Live: the sending engine moves the counter, the page follows within a couple of seconds.
  const live = postgres(databaseUrl!, { max: 1 });
  try {
    await live`update campaigns set sent_count = 5 where id = ${seeded.sendingId}`;
  } finally {
    await live.end();
  }
  await expect(progress.getByTestId('progress-sent')).toContainText('5', { timeout: 10_000 });
  await progress.getByRole('button', { name: 'Pausa' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('In pausa');
  await expect(progress.getByRole('button', { name: 'Riprendi' })).toBeVisible();
  // Cancelling asks first; 'Annulla' in the dialog keeps the newsletter as it is.
  await progress.getByRole('button', { name: 'Annulla invio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annullare l’invio?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annulla', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('campaign-status')).toHaveText('In pausa');
  await progress.getByRole('button', { name: 'Annulla invio' }).click();
  await page.getByRole('dialog', { name: 'Annullare l’invio?' }).getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('Annullata');
  await expect(progress.getByRole('button', { name: 'Annulla invio' })).toHaveCount(0);
  const [row] = await sql`select status from campaigns where id = ${seeded.sendingId}`;
  expect(row.status).toBe('cancelled');
  await sql.end();
});
