import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { contacts, quotes } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { TOO_MUCH_DATA } from '@/lib/dashboard/validation';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

let db: Database;
let dispatch: Dispatch;
beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function account() {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { packLevel: 10 });
  return { campsite, token: await loginViaApi(dispatch, user.email) };
}

const post = (token: string, path: string, body: unknown = {}) => callApi(dispatch, 'POST', path, { token, body });

describe('legacy dashboard calls', () => {
  it('answer from the aggregates and forceUpdate rebuilds them for the caller’s campsite only', async () => {
    const { campsite, token } = await account();
    const other = await account();
    const [guest] = await db.insert(contacts).values({ campingId: campsite.id }).returning();
    await db.insert(quotes).values([{ campingId: campsite.id, contactId: guest.id, progress: 'inviato' }]);
    const [stranger] = await db.insert(contacts).values({ campingId: other.campsite.id }).returning();
    await db.insert(quotes).values({ campingId: other.campsite.id, contactId: stranger.id, progress: 'inviato' });

    const before = await post(token, '/dashboard/quotesBadge');
    expect(before.status, before.text).toBe(200);
    expect((before.json as { total: { value: number } }).total.value).toBe(0);
    const forced = await post(token, '/dashboard/forceUpdate');
    expect(forced.status, forced.text).toBe(200);
    const after = (await post(token, '/dashboard/quotesBadge')).json as { total: { value: number }; byProgress: Record<string, { value: number; href: string }> };
    expect(after.total.value).toBe(1);
    expect(after.byProgress.inviato).toEqual({ value: 1, href: '/preventivi?stato=inviato' });
    // The other campsite was not rebuilt by this call.
    expect(((await post(other.token, '/dashboard/quotesBadge')).json as { total: { value: number } }).total.value).toBe(0);

    for (const path of ['/dashboard/emailBadge', '/dashboard/quotesValueBadge', '/dashboard/nationality', '/dashboard/stagioni', '/dashboard/conversion/mese', '/dashboard/conversion/anno', '/dashboard/nationalityConversion/stagione', '/dashboard/totalRequest/settimana']) {
      const answer = await post(token, path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    }
    const lucee = await post(token, '/dashboard/conversion/stagione', { lucee: true });
    expect((lucee.json as { lucee: boolean }).lucee).toBe(true);
  });

  it('refuses unknown periods and groupings, and too many days, with Italian messages', async () => {
    const { token } = await account();
    expect(expectErrorAnswer(await post(token, '/dashboard/conversion/decennio'), 400)).toMatch(/Periodo di confronto non valido/);
    expect(expectErrorAnswer(await post(token, '/dashboard/nationalityConversion/x'), 400)).toMatch(/Periodo di confronto non valido/);
    expect(expectErrorAnswer(await post(token, '/dashboard/totalRequest/ora'), 400)).toMatch(/Raggruppamento non valido/);
    expect(expectErrorAnswer(await post(token, '/dashboard/totalRequest/giorno', { dal: '01/01/2026', al: '11/04/2026' }), 400)).toBe(TOO_MUCH_DATA);
    const hundred = await post(token, '/dashboard/totalRequest/giorno', { dal: '01/01/2026', al: '10/04/2026' });
    expect(hundred.status, hundred.text).toBe(200);
    expect((hundred.json as { points: unknown[] }).points).toHaveLength(100);
    expect(expectErrorAnswer(await post(token, '/dashboard/totalRequest/giorno', { dal: '31/02/2026' }), 400)).toMatch(/gg\/mm\/aaaa/);
    expect((await callApi(dispatch, 'POST', '/dashboard/quotesBadge', { body: {} })).status).toBe(401);
  });
});
