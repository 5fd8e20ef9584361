import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { expect, test, type APIRequestContext } from './fixtures';
import { LOGINS } from './support';

const databaseUrl = process.env.E2E_DATABASE_URL;
const oldId = () => randomBytes(12).toString('hex');

async function someSentQuote(request: APIRequestContext) {
  const login = await request.post('/api/users/login', { data: LOGINS.staff });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { camping: string } };
  const answer = await request.post('/api/getQuote/lazy', { headers: { authorization: `Bearer ${token}` }, data: { progress: ['inviato'], limit: 5 } });
  const { items } = (await answer.json()) as { items: { _id: string; contact: string }[] };
  expect(items.length, 'la demo ha preventivi inviati').toBeGreaterThan(0);
  return { campsiteId: user.camping, quoteId: items[0]._id, contactId: items[0].contact };
}

/**
 * Links the old CRM put in guests' inboxes and on the campsite's website, after an import that had
 * to give their ids new ones here (the old campsite imported into an existing one, old ids taken):
 * each opens the same page through a permanent redirect, on the built server.
 */
test('old guest links whose ids an import renamed open the same pages here; unknown old ids stay 404', async ({ page, request }) => {
  test.skip(!databaseUrl, 'Needs PostgreSQL (DATABASE_URL) to write the id map an import would.');
  const { campsiteId, quoteId, contactId } = await someSentQuote(request);
  const old = { campsite: oldId(), contact: oldId(), quote: oldId() };
  const sql = postgres(databaseUrl!, { max: 1 });
  try {
    await sql`insert into legacy_id_map (camping_id, kind, old_id, new_id) values
      (${campsiteId}, 'campeggio', ${old.campsite}, ${campsiteId}),
      (${campsiteId}, 'contatti', ${old.contact}, ${contactId}),
      (${campsiteId}, 'preventivi', ${old.quote}, ${quoteId})`;
  } finally {
    await sql.end();
  }

  const quotePath = `/visualizzaPreventivo/${contactId}/${quoteId}/${campsiteId}`;
  const redirects: [string, string][] = [
    [`/visualizzaPreventivo/${old.contact}/${old.quote}/${old.campsite}`, quotePath],
    // Only the campsite renamed: the quote's old id was kept.
    [`/visualizzaPreventivo/${contactId}/${quoteId}/${old.campsite}`, quotePath],
    [`/visualizzaPreventivoL/${old.contact}/${old.quote}/${old.campsite}`, quotePath],
    [`/visualizzaPreventivo/${old.contact}/${old.quote}/${old.campsite}/pdf`, `${quotePath}/pdf`],
    [`/unsubscribe/${old.campsite}/${old.contact}`, `/unsubscribe/${campsiteId}/${contactId}`],
    [`/mailing/unsubscribe/${old.campsite}/${old.contact}/de`, `/mailing/unsubscribe/${campsiteId}/${contactId}/de`],
    [`/contattaci/${old.campsite}`, `/contattaci/${campsiteId}`],
    [`/contattaci/${old.campsite}/3`, `/contattaci/${campsiteId}/3`],
    [`/contattaciL/${old.campsite}`, `/contattaciL/${campsiteId}`],
  ];
  for (const [from, to] of redirects) {
    const answer = await request.get(from, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(308);
    expect(new URL(answer.headers()['location'], 'http://x').pathname, from).toBe(to);
  }

  // The guest lands on the quote itself.
  await page.goto(`/visualizzaPreventivo/${old.contact}/${old.quote}/${old.campsite}`);
  await expect(page).toHaveURL(quotePath);
  await expect(page.getByTestId('guest-card').first()).toBeVisible();

  // An old id no import mapped is still the plain 404, with no redirect.
  for (const path of [`/visualizzaPreventivo/${oldId()}/${oldId()}/${oldId()}`, `/contattaci/${oldId()}`, `/unsubscribe/${oldId()}/${oldId()}`]) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(404);
  }
});
