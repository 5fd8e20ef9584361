import { expect, test, type APIRequestContext } from './fixtures';
import postgres from 'postgres';
import { expectAccessible } from './guest-checks';
import { LOGINS, openAs } from './support';
import { isExpiredPage } from '../helpers/expired-page';


/**
 * Against PostgreSQL: an old quote whose validity ends behind the application's back, its
 * mini-site cached before. Answers its guest address, or null on the embedded database.
 */
async function quoteExpiringUnseen(request: APIRequestContext): Promise<string | null> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) return null;
  const login = (await (await request.post('/api/users/login', { data: LOGINS.staff })).json()) as { token: string; user: { camping: string } };
  const listed = await request.post('/api/getQuote/lazy', { headers: { authorization: `Bearer ${login.token}` }, data: { progress: ['inviato'], limit: 50 } });
  const quote = ((await listed.json()) as { items: { _id: string; contact: string }[] }).items.at(-1)!;
  const path = `/visualizzaPreventivo/${quote.contact}/${quote._id}/${login.user.camping}`;
  expect(isExpiredPage(await (await request.get(path)).text())).toBe(false);
  const sql = postgres(databaseUrl, { max: 1 });
  try {
    await sql`update quotes set valid_until = now() - interval '1 minute' where id = ${quote._id}`;
  } finally {
    await sql.end();
  }
  // Rendered again (each view has its CSP nonce), from the quote's data cache.
  const cached = await request.get(path);
  expect(cached.status()).toBe(200);
  expect(isExpiredPage(await cached.text()), 'the cached page does not know yet').toBe(false);
  return path;
}

test('the operator runs the expiry job now: the run shows in Attività pianificate and the expired quote on its cached mini-site; an admin has no such page', async ({ page, browser, request }) => {
  const guestPath = await quoteExpiringUnseen(request);
  await openAs(page, LOGINS.operator, '/settings?v=jobs');
  await expect(page.getByRole('heading', { name: 'Attività pianificate', level: 1 })).toBeVisible();
  const expiry = page.getByRole('region', { name: 'Scadenza dei preventivi' });
  const before = await expiry.getByRole('row').count();
  await expiry.getByRole('button', { name: 'Esegui ora: Scadenza dei preventivi' }).click();
  await expect(page.getByText('Esecuzione messa in coda')).toBeVisible();
  // The server's worker takes it within its polling interval.
  await expect(async () => {
    await page.reload();
    // One quote reads «1 preventivo scaduto»: a scheduled run may already have taken the seed's others.
    await expect(expiry.getByRole('row').filter({ hasText: 'Completata' }).filter({ hasText: /\d+ preventiv[oi] scadut[oi]/ })).not.toHaveCount(0);
    expect(await expiry.getByRole('row').count()).toBeGreaterThan(before);
  }).toPass({ timeout: 40_000, intervals: [2_000] });
  await expectAccessible(page, 'attività pianificate');
  // The job ran outside any request, yet the guest's cached page says so within seconds, not at the
  // cache's hour (a scheduled run may have taken the quote a moment before the one asked for).
  if (guestPath) await expect.poll(async () => isExpiredPage(await (await request.get(guestPath)).text()), { timeout: 15_000, intervals: [500] }).toBe(true);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await openAs(admin, LOGINS.admin, '/settings?v=jobs');
  await expect(admin.getByRole('heading', { name: 'Attività pianificate' })).toHaveCount(0);
  await context.close();
});
