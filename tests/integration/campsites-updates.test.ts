import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { auditLog, productUpdates, users } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import type { z } from '@/lib/validation';
import type { legacyUpdateSchema } from '@/lib/legacy-api/shapes/update';
import { createUpdate, latestUnseenUpdate, listUpdateHistory, markUpdateViewed } from '@/lib/updates/service';
import { newUpdateSchema } from '@/lib/updates/validation';
import { ctxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { failure } from '../helpers/errors';
import { makeCampsite, makeUser, tenantOf } from '../helpers/fixtures';
import { callApi, expectErrorAnswer, loginViaApi, type Dispatch } from '../helpers/legacy-api';

type LegacyUpdate = z.infer<typeof legacyUpdateSchema>;

let db: Database;
let dispatch: Dispatch;

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
});

const unique = () => Math.random().toString(36).slice(2, 10);
// Accounts are made first, updates after: a user never gets updates posted before their account.
const past = new Date(Date.now() - 60_000);

async function world() {
  const provider = await makeCampsite(db, { name: `Fornitore ${unique()}` });
  const operator = await makeUser(db, provider.id, { isAdmin: true, isOperator: true, createdAt: past });
  const lake = await makeCampsite(db, { name: `Lago ${unique()}` });
  const pine = await makeCampsite(db, { name: `Pineta ${unique()}` });
  const lakeStaff = await makeUser(db, lake.id, { createdAt: past });
  const lakeAdmin = await makeUser(db, lake.id, { isAdmin: true, createdAt: past });
  const pineAdmin = await makeUser(db, pine.id, { isAdmin: true, createdAt: past });
  return { provider, operator, lake, pine, lakeStaff, lakeAdmin, pineAdmin, operatorToken: await loginViaApi(dispatch, operator.email) };
}

const getUpdate = async (token: string) => {
  const answer = await callApi(dispatch, 'POST', '/getUpdate', { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as LegacyUpdate[];
};

describe('product updates', () => {
  it('reaches only the chosen campsites, is marked viewed per user, and stays in the history', async () => {
    const w = await world();
    const posted = await callApi(dispatch, 'POST', '/addUpdate', {
      token: w.operatorToken,
      body: { titolo: 'Nuovo calendario', testo: '<p onclick="alert(1)">Ecco <strong>le novità</strong><script>alert(2)</script><a href="javascript:alert(3)">link</a></p>', campings: [w.lake.id] },
    });
    expect(posted.status, posted.text).toBe(200);
    const update = posted.json as LegacyUpdate;
    expect(update).toMatchObject({ titolo: 'Nuovo calendario', tutti: false, campings: [w.lake.id] });
    expect(update.testo).toContain('<strong>le novità</strong>');
    expect(update.testo).not.toMatch(/onclick|<script|javascript:/);
    const [stored] = await db.select().from(productUpdates).where(eq(productUpdates.id, update._id));
    expect(stored.html).not.toMatch(/onclick|<script|javascript:/);

    const staffToken = await loginViaApi(dispatch, w.lakeStaff.email);
    const adminToken = await loginViaApi(dispatch, w.lakeAdmin.email);
    const pineToken = await loginViaApi(dispatch, w.pineAdmin.email);
    expect((await getUpdate(staffToken)).map((row) => row._id)).toEqual([update._id]);
    expect((await getUpdate(adminToken)).map((row) => row._id)).toEqual([update._id]);
    expect((await getUpdate(pineToken)).map((row) => row._id)).not.toContain(update._id);

    // Viewed by one user: the colleague still gets it.
    const viewed = await callApi(dispatch, 'POST', '/setUpdateViewed', { token: staffToken, body: { viewed: update._id } });
    expect(viewed.status, viewed.text).toBe(200);
    expect((await getUpdate(staffToken)).map((row) => row._id)).not.toContain(update._id);
    expect((await getUpdate(adminToken)).map((row) => row._id)).toEqual([update._id]);
    // Twice is harmless.
    expect((await callApi(dispatch, 'POST', '/setUpdateViewed', { token: staffToken, body: { viewed: update._id } })).status).toBe(200);

    const history = await callApi(dispatch, 'POST', '/getAllOldUpdate', { token: staffToken });
    expect((history.json as LegacyUpdate[]).filter((row) => row._id === update._id)).toEqual([expect.objectContaining({ viewed: true })]);

    // The other campsite never sees it, not even by id.
    expect((await getUpdate(pineToken)).map((row) => row._id)).not.toContain(update._id);
    const pineHistory = await callApi(dispatch, 'POST', '/getAllOldUpdate', { token: pineToken });
    expect((pineHistory.json as LegacyUpdate[]).map((row) => row._id)).not.toContain(update._id);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/setUpdateViewed', { token: pineToken, body: { viewed: update._id } }), 404);
    expect((await failure(markUpdateViewed(ctxFor(db, tenantOf(w.pineAdmin)), update._id))).status).toBe(404);
  });

  it('shows the newest unseen update first, and one for all campsites reaches every campsite', async () => {
    const w = await world();
    const operator = tenantOf(w.operator);
    const older = await createUpdate(ctxFor(db, operator), newUpdateSchema.parse({ titolo: `Vecchia ${unique()}`, testo: '<p>uno</p>', audience: 'all' }));
    const newer = await createUpdate(ctxFor(db, operator), newUpdateSchema.parse({ titolo: `Nuova ${unique()}`, testo: '<p>due</p>', campings: [w.pine.id] }));
    expect((await latestUnseenUpdate(ctxFor(db, tenantOf(w.pineAdmin))))?.id).toBe(newer.id);
    await markUpdateViewed(ctxFor(db, tenantOf(w.pineAdmin)), newer.id);
    // Other tests post updates to all campsites too: what matters is that this one comes before the older.
    const pineNext = await latestUnseenUpdate(ctxFor(db, tenantOf(w.pineAdmin)));
    expect(pineNext?.id).not.toBe(newer.id);
    const lakeHistory = await listUpdateHistory(ctxFor(db, tenantOf(w.lakeStaff)));
    expect(lakeHistory.items.map((row) => row.id)).toContain(older.id);
    expect(lakeHistory.items.map((row) => row.id)).not.toContain(newer.id);
  });

  it('keeps updates posted before an account existed out of its popup, but in its history', async () => {
    const w = await world();
    const update = await createUpdate(ctxFor(db, tenantOf(w.operator)), newUpdateSchema.parse({ titolo: 'Prima di te', testo: '<p>x</p>', campings: [w.lake.id] }));
    const newcomer = await makeUser(db, w.lake.id);
    expect(await latestUnseenUpdate(ctxFor(db, tenantOf(newcomer)))).toBeNull();
    expect((await listUpdateHistory(ctxFor(db, tenantOf(newcomer)))).items.map((row) => row.id)).toContain(update.id);
    expect((await latestUnseenUpdate(ctxFor(db, tenantOf(w.lakeStaff))))?.id).toBe(update.id);
  });

  it('lets only operators post, delete and list the campsites; posting and deleting are audited', async () => {
    const w = await world();
    const adminToken = await loginViaApi(dispatch, w.lakeAdmin.email);
    const body = { titolo: 'Abusiva', testo: '<p>x</p>' };
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addUpdate', { token: adminToken, body }), 403);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getUpdatableCampings', { token: adminToken }), 403);
    expect((await failure(createUpdate(ctxFor(db, tenantOf(w.lakeAdmin)), newUpdateSchema.parse(body)))).status).toBe(403);

    const campings = await callApi(dispatch, 'POST', '/getUpdatableCampings', { token: w.operatorToken });
    expect((campings.json as { _id: string }[]).map((row) => row._id)).toEqual(expect.arrayContaining([w.lake.id, w.pine.id]));

    expectErrorAnswer(await callApi(dispatch, 'POST', '/addUpdate', { token: w.operatorToken, body: { titolo: 'Vuota', testo: '<script>alert(1)</script>' } }), 400);
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/addUpdate', { token: w.operatorToken, body: { titolo: 'X', testo: '<p>x</p>', audience: 'selected', campings: [] } }), 400)).toContain('almeno un campeggio');
    expectErrorAnswer(await callApi(dispatch, 'POST', '/addUpdate', { token: w.operatorToken, body: { titolo: 'X', testo: '<p>x</p>', campings: ['inesistente'] } }), 404);

    const posted = (await callApi(dispatch, 'POST', '/addUpdate', { token: w.operatorToken, body: { titolo: 'Da togliere', testo: '<p>x</p>', campings: [w.lake.id] } })).json as LegacyUpdate;
    expectErrorAnswer(await callApi(dispatch, 'POST', '/deleteUpdate', { token: adminToken, body: { id: posted._id } }), 403);
    const deleted = await callApi(dispatch, 'POST', '/deleteUpdate', { token: w.operatorToken, body: { _id: posted._id } });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await getUpdate(adminToken)).map((row) => row._id)).not.toContain(posted._id);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/deleteUpdate', { token: w.operatorToken, body: { id: posted._id } }), 404);

    const audit = await db.select().from(auditLog).where(eq(auditLog.campingId, w.provider.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['update.create', 'update.delete']);
  });

  it('gives nothing to a service account (pack level 0)', async () => {
    const w = await world();
    const service = await makeUser(db, w.lake.id, { packLevel: 0 });
    await db.update(users).set({ createdAt: past }).where(eq(users.id, service.id));
    const token = await loginViaApi(dispatch, service.email);
    expectErrorAnswer(await callApi(dispatch, 'POST', '/getUpdate', { token }), 403);
  });
});
