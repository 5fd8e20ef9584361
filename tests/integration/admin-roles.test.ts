import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { configurations } from '@/db/schema';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { snapshotDatabase } from '../helpers/db-snapshot';
import { makeCampsite, makeUser, TEST_PASSWORD } from '../helpers/fixtures';
import { hostileBody, inputParses, pathParams, pathWith } from '../helpers/hostile-input';
import { callApi, loginViaApi, type Dispatch } from '../helpers/legacy-api';

/**
 * The role matrix, complete by construction: every entry of the route table marked adminOnly or
 * operatorOnly, today's and those added later, is called by four roles — a campsite's staff, its
 * admin, another campsite's admin, the provider's operator — with the victim campsite's ids in the
 * path and in the body. Refused calls must change nothing in the database.
 */

let db: Database;
let dispatch: Dispatch;
let world: Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  const victim = await makeCampsite(db);
  const attacker = await makeCampsite(db);
  const provider = await makeCampsite(db);
  const admin = await makeUser(db, victim.id, { isAdmin: true });
  const staff = await makeUser(db, victim.id, { isAdmin: false });
  const colleague = await makeUser(db, victim.id, { isAdmin: false });
  const otherAdmin = await makeUser(db, attacker.id, { isAdmin: true });
  const operator = await makeUser(db, provider.id, { isAdmin: true, isOperator: true });
  const [config] = await db.insert(configurations).values({ campingId: victim.id, group: 'emailInvioPreventivi', option: { oggetto: 'Il tuo preventivo' } }).returning();
  const tokens = {
    admin: await loginViaApi(dispatch, admin.email),
    staff: await loginViaApi(dispatch, staff.email),
    otherAdmin: await loginViaApi(dispatch, otherAdmin.email),
    operator: await loginViaApi(dispatch, operator.email),
  };
  /** Every id of the victim campsite a path parameter could name. */
  const victimIds = [victim.id, admin.id, staff.id, colleague.id, config.id];
  const everyone = [admin, staff, colleague, otherAdmin, operator];
  return { victim, attacker, provider, admin, staff, colleague, otherAdmin, operator, config, tokens, victimIds, everyone };
}

beforeAll(async () => {
  db = await useTestDatabase();
  dispatch = createDispatcher(legacyRoutes, () => db);
  world = await makeWorld();
});

const guarded = legacyRoutes.filter((route) => route.adminOnly || route.operatorOnly);
const label = (route: Endpoint) => `${route.method} ${route.path}`;

/** Every concrete call of a route against the victim: each of its ids in the path and in the body. */
function hostileCalls(route: Endpoint) {
  const values = pathParams(route).length > 0 ? world.victimIds : [world.victim.id, world.colleague.id];
  return values.map((value) => {
    const body = hostileBody(route, { id: value, email: world.colleague.email });
    return { path: pathWith(route, value), body: route.method === 'GET' ? undefined : body, parses: inputParses(route, value, body) };
  });
}

const wholeScope = () => ({ campsiteIds: [world.victim.id, world.attacker.id, world.provider.id], userIds: world.everyone.map((user) => user.id), names: world.victimIds });
const victimScope = () => ({ campsiteIds: [world.victim.id], userIds: [world.admin.id, world.staff.id, world.colleague.id], names: world.victimIds });

it('covers the admin calls of the table (a route marked later is covered the day it is added)', () => {
  expect(guarded.map(label)).toEqual(expect.arrayContaining(['POST /users', 'GET /users/all', 'POST /editUser/{id}', 'POST /deleteUser/{id}']));
});

describe.each(guarded.map((route) => [label(route), route] as const))('%s', (_name, route) => {
  it('answers 403 to the campsite’s staff, with its own ids, and changes nothing', async () => {
    const before = await snapshotDatabase(db, wholeScope());
    for (const call of hostileCalls(route)) {
      const answer = await callApi(dispatch, route.method, call.path, { token: world.tokens.staff, body: call.body });
      expect(answer.status, `${call.path} ${answer.text}`).toBe(403);
    }
    expect(await snapshotDatabase(db, wholeScope())).toEqual(before);
  });

  if (route.operatorOnly) {
    it('answers 403 to a campsite admin and changes nothing', async () => {
      const before = await snapshotDatabase(db, wholeScope());
      for (const call of hostileCalls(route)) {
        const answer = await callApi(dispatch, route.method, call.path, { token: world.tokens.admin, body: call.body });
        expect(answer.status, `${call.path} ${answer.text}`).toBe(403);
      }
      expect(await snapshotDatabase(db, wholeScope())).toEqual(before);
    });
  }

  it('never lets another campsite’s admin reach the victim campsite', async () => {
    const before = await snapshotDatabase(db, victimScope());
    const withPathIds = pathParams(route).length > 0;
    for (const call of hostileCalls(route)) {
      const answer = await callApi(dispatch, route.method, call.path, { token: world.tokens.otherAdmin, body: call.body });
      const what = `${call.path} ${JSON.stringify(call.body)?.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 300)}`;
      expect(answer.status, what).toBeLessThan(500);
      if (withPathIds) {
        // A victim id in the path: refused as forbidden or as not found, never served.
        expect(call.parses ? [403, 404] : [400, 403, 404], what).toContain(answer.status);
      }
      // Whatever the call answers (its own campsite's data for a call without ids), nothing of the victim.
      expect(answer.text, what).not.toContain(world.victim.name);
      expect(answer.text, what).not.toContain(world.admin.email);
      expect(answer.text, what).not.toContain(world.staff.email);
    }
    expect(await snapshotDatabase(db, victimScope())).toEqual(before);
  });
});

const PASSWORD = 'Nuova-password-2026';

describe('the users calls by role', () => {
  async function freshColleague(campsiteId: string) {
    const user = await makeUser(db, campsiteId, { isAdmin: false });
    return { user, token: await loginViaApi(dispatch, user.email) };
  }

  it('lets the campsite admin create, list, edit, reset and delete its users; each reset or delete ends the user’s tokens', async () => {
    const email = `nuovo-${world.victim.id.toLowerCase()}@prova.test`;
    const created = await callApi(dispatch, 'POST', '/users', { token: world.tokens.admin, body: { email, password: PASSWORD, packLevel: 10 } });
    expect(created.status, created.text).toBe(200);
    const listed = await callApi(dispatch, 'GET', '/users/all', { token: world.tokens.admin });
    expect((listed.json as { email: string }[]).map((user) => user.email)).toContain(email);

    const { user, token } = await freshColleague(world.victim.id);
    const edited = await callApi(dispatch, 'POST', `/editUser/${user.id}`, { token: world.tokens.admin, body: { name: 'Luca Verdi', isAdmin: true } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ _id: user.id, name: 'Luca Verdi', isAdmin: true });

    const reset = await callApi(dispatch, 'POST', `/editPassword/${user.id}`, { token: world.tokens.admin, body: { password: PASSWORD } });
    expect(reset.status, reset.text).toBe(200);
    expect((await callApi(dispatch, 'GET', '/users/all', { token })).status).toBe(401);
    const again = await loginViaApi(dispatch, user.email, PASSWORD);

    const deleted = await callApi(dispatch, 'POST', `/deleteUser/${user.id}`, { token: world.tokens.admin });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await callApi(dispatch, 'GET', '/users/all', { token: again })).status).toBe(401);
  });

  it('lets the operator manage the users of his own campsite, not another campsite’s', async () => {
    const { user } = await freshColleague(world.provider.id);
    const edited = await callApi(dispatch, 'POST', `/editUser/${user.id}`, { token: world.tokens.operator, body: { packLevel: 0 } });
    expect(edited.status, edited.text).toBe(200);
    expect((await callApi(dispatch, 'POST', `/deleteUser/${user.id}`, { token: world.tokens.operator })).status).toBe(200);

    const before = await snapshotDatabase(db, victimScope());
    expect((await callApi(dispatch, 'POST', `/editUser/${world.colleague.id}`, { token: world.tokens.operator, body: { name: 'X' } })).status).toBe(404);
    expect((await callApi(dispatch, 'POST', `/deleteUser/${world.colleague.id}`, { token: world.tokens.operator })).status).toBe(404);
    expect((await callApi(dispatch, 'POST', `/editPassword/${world.colleague.id}`, { token: world.tokens.operator, body: { password: PASSWORD } })).status).toBe(404);
    expect(await snapshotDatabase(db, victimScope())).toEqual(before);
  });

  it('refuses a password reset by staff (403) and by another campsite’s admin (404), changing nothing', async () => {
    const before = await snapshotDatabase(db, wholeScope());
    const byStaff = await callApi(dispatch, 'POST', `/editPassword/${world.colleague.id}`, { token: world.tokens.staff, body: { password: PASSWORD } });
    expect(byStaff.status, byStaff.text).toBe(403);
    const byOther = await callApi(dispatch, 'POST', `/editPassword/${world.admin.id}`, { token: world.tokens.otherAdmin, body: { password: PASSWORD } });
    expect(byOther.status, byOther.text).toBe(404);
    expect(await snapshotDatabase(db, wholeScope())).toEqual(before);
  });

  it('lets staff change their own password only with the right old one, keeping that token and ending the others', async () => {
    const { user, token } = await freshColleague(world.victim.id);
    const second = await loginViaApi(dispatch, user.email);
    const missing = await callApi(dispatch, 'POST', `/editPassword/${user.id}`, { token, body: { password: PASSWORD } });
    expect(missing.status, missing.text).toBe(400);
    const wrong = await callApi(dispatch, 'POST', `/editPassword/${user.id}`, { token, body: { password: PASSWORD, oldPassword: 'Sbagliata-123456' } });
    expect(wrong.status).toBe(400);
    expect((wrong.json as { error: string }).error).toBe('La password attuale non è corretta.');
    const weak = await callApi(dispatch, 'POST', `/editPassword/${user.id}`, { token, body: { password: 'corta', oldPassword: TEST_PASSWORD } });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('almeno 10 caratteri');

    const changed = await callApi(dispatch, 'POST', `/editPassword/${user.id}`, { token, body: { password: PASSWORD, oldPassword: TEST_PASSWORD } });
    expect(changed.status, changed.text).toBe(200);
    expect((await callApi(dispatch, 'POST', '/getCamping/all', { token })).status).toBe(200);
    expect((await callApi(dispatch, 'POST', '/getCamping/all', { token: second })).status).toBe(401);
    await loginViaApi(dispatch, user.email, PASSWORD);
  });

  it('answers loadUserParameters and showDashboard for the caller’s own campsite only', async () => {
    for (const path of ['/users/loadUserParameters', '/users/showDashboard']) {
      const own = await callApi(dispatch, 'POST', path, { token: world.tokens.otherAdmin, body: { email: world.otherAdmin.email } });
      expect(own.status, own.text).toBe(200);
      const foreign = await callApi(dispatch, 'POST', path, { token: world.tokens.otherAdmin, body: { email: world.admin.email } });
      expect(foreign.status, foreign.text).toBe(404);
      const colleague = await callApi(dispatch, 'POST', path, { token: world.tokens.staff, body: { email: world.admin.email } });
      expect(colleague.status, colleague.text).toBe(403);
    }
  });

  it('answers /cv/api/utentiData with the calling campsite’s platform operators, never a password or hash', async () => {
    const answer = await callApi(dispatch, 'POST', '/cv/api/utentiData', { token: world.tokens.admin, body: { camp: world.attacker.id } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).not.toMatch(/pass|hash|argon2/i);
    for (const row of answer.json as Record<string, unknown>[]) expect(Object.keys(row).sort()).toEqual(['email', 'id', 'nome']);
  });
});
