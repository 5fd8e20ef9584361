import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures';
import { legacyLogin } from './legacy-client';
import { LOGINS, openAs } from './support';

/**
 * Issue 26: the public form is no mail cannon. On the production server, as behind the balancer:
 * one client typing strangers' addresses is stopped after five requests, and a stranger's address
 * typed again from other clients reaches the staff every time but its inbox once.
 */
test('a client typing strangers’ addresses is stopped, and a stranger’s inbox gets one mail', async ({ page, request }) => {
  const { campsiteId } = await legacyLogin(request);
  const tag = Date.now().toString(36);
  const year = new Date().getFullYear() + 1;
  const payload = (email: string, surname: string) => ({
    idLingua: 1,
    nome: 'Mario',
    cognome: surname,
    email,
    nazione: 1,
    lingua: 'it',
    arrivo: `${year}-08-01`,
    partenza: `${year}-08-08`,
    adulti: 2,
    bambini: 0,
    messaggio: 'Una piazzola all’ombra, grazie.',
    privacy: true,
    newsletter: true,
  });
  const ask = (email: string, surname: string, headers?: Record<string, string>) =>
    request.post('/api/addQuoteCamp', { data: { camp: campsiteId, payload: payload(email, surname) }, headers });

  // One client (this test's address), eight strangers: five requests pass, then 429 in Italian.
  const statuses: number[] = [];
  for (let n = 0; n < 8; n++) {
    const answer = await ask(`sconosciuto-${n}-${tag}@example.org`, `Flood${n}`);
    expect([200, 429], await answer.text()).toContain(answer.status());
    statuses.push(answer.status());
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

  // One stranger's address from three other clients: three requests, one mail.
  const target = `bersaglio-${tag}@example.org`;
  for (let n = 0; n < 3; n++) {
    const answer = await ask(target, `Bersaglio${n}`, { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  await openAs(page, LOGINS.admin, '/mail');
  await expect(page.getByRole('row').filter({ hasText: `sconosciuto-0-${tag}@example.org` })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: target })).toHaveCount(1);
  // The staff see all three requests.
  await page.goto(`/richieste?q=${encodeURIComponent(target)}`);
  await expect(page.getByTestId('request-table').getByRole('row').filter({ hasText: 'Mario Bersaglio0' })).toHaveCount(3);
});
