import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { legacyCampsiteSchema } from '@/lib/legacy-api/shapes/campsite';
import { z } from '@/lib/validation';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { unique } from '../helpers/public-form';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

/**
 * /getCamping/all (issue 14): staff and campsite admins see their own campsite only, the
 * provider's operator every campsite. Whatever spelling of the path reaches the call.
 */

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

async function twoCampsites() {
  const tag = unique();
  const mine = await makeCampsite(db, { name: `Camping Proprio ${tag}`, mailjetApiKey: `chiave-propria-${tag}`, mailjetSecret: `segreto-proprio-${tag}` });
  const other = await makeCampsite(db, { name: `Camping Altrui ${tag}`, mailjetApiKey: `chiave-altrui-${tag}`, mailjetSecret: `segreto-altrui-${tag}`, urlToCv: `https://altrui-${tag}.example` });
  return { tag, mine, other };
}

const campsiteList = z.array(legacyCampsiteSchema);

describe('POST /getCamping/all', () => {
  it('answers staff and campsite admins their own campsite only, in the contract’s shape', async () => {
    const { tag, mine, other } = await twoCampsites();
    const users = [await makeUser(db, mine.id), await makeUser(db, mine.id, { isAdmin: true })];
    for (const user of users) {
      const token = await loginViaApi(dispatch, user.email);
      for (const path of ['/getCamping/all', '/getCamping/all/', '/getCamping//all']) {
        const answer = await callApi(dispatch, 'POST', path, { token });
        if (path === '/getCamping//all') {
          // Not the call: an empty segment is no campsite id.
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          continue;
        }
        expect(answer.status, `${path}: ${answer.text}`).toBe(200);
        const list = campsiteList.parse(answer.json);
        expect(list.map((campsite) => campsite._id)).toEqual([mine.id]);
        expect(answer.text).not.toContain(other.id);
        expect(answer.text).not.toContain(`Altrui ${tag}`);
        expect(answer.text).not.toContain('altrui');
        // The own campsite's provider credentials only masked.
        expect(answer.text).not.toContain(`segreto-proprio-${tag}`);
        expect(answer.text).not.toContain(`chiave-propria-${tag}`);
      }
    }
  });

  it('answers another spelling of "all" as a campsite id: 404 for staff, never another campsite', async () => {
    const { mine, other } = await twoCampsites();
    const token = await loginViaApi(dispatch, (await makeUser(db, mine.id)).email);
    for (const path of ['/getCamping/ALL', '/getCamping/All', `/getCamping/${other.id}`]) {
      const answer = await callApi(dispatch, 'POST', path, { token });
      expect(answer.status, `${path}: ${answer.text}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.text).not.toContain(other.name);
    }
  });

  it('refuses a pack-level-0 service account', async () => {
    const { mine } = await twoCampsites();
    const token = await loginViaApi(dispatch, (await makeUser(db, mine.id, { packLevel: 0 })).email);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getCamping/all', { token }), 403);
  });

  it('answers the provider’s operator every campsite', async () => {
    const { mine, other } = await twoCampsites();
    const provider = await makeCampsite(db, { name: `Fornitore ${unique()}` });
    const token = await loginViaApi(dispatch, (await makeUser(db, provider.id, { isAdmin: true, isOperator: true })).email);
    const answer = await callApi(dispatch, 'POST', '/getCamping/all', { token });
    expect(answer.status, answer.text).toBe(200);
    const ids = campsiteList.parse(answer.json).map((campsite) => campsite._id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, other.id, provider.id]));
  });
});
