import { expect, test } from './fixtures';
import { REVALIDATE_PATH, signRevalidation } from '../../lib/cache/remote-invalidation';

/**
 * Issue 26: a signed call between instances (a job asking a server to drop cached guest views)
 * used to be accepted again and again for its five minutes. Each signature is now spent once,
 * across instances (the shared database), on the built server.
 */
test('a signed revalidation call is accepted once; its replay is refused', async ({ request }) => {
  const secret = process.env.E2E_AUTH_SECRET!;
  const body = JSON.stringify({ tags: [`preventivo:replay-${Date.now()}`] });
  const headers = { 'content-type': 'application/json', ...signRevalidation(secret, body) };
  const first = await request.post(REVALIDATE_PATH, { headers, data: body });
  expect(first.status(), await first.text()).toBe(200);
  const replay = await request.post(REVALIDATE_PATH, { headers, data: body });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toEqual({ error: 'Firma già usata.' });
  // A fresh signature of the same body is a new call.
  const again = await request.post(REVALIDATE_PATH, { headers: { 'content-type': 'application/json', ...signRevalidation(secret, body, Date.now() + 1) }, data: body });
  expect(again.status()).toBe(200);
});
