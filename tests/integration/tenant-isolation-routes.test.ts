import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import type { Endpoint } from '@/lib/legacy-api/endpoint';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { useTestDatabase } from '../helpers/db';
import { everyVictimValue, hostileInput, leakDetector, MARKER, repairToParse, replaceMarker, topLevelFields, victimValuesFor } from '../helpers/hostile-calls';
import { pathParams } from '../helpers/hostile-input';
import { callApi, loginViaApi, type Dispatch } from '../helpers/legacy-api';
import { campsiteRowsReader, emptyTenantTables, makeTenantWorld, rowChanges, TABLES_LEFT_EMPTY } from '../helpers/tenant-world';

/**
 * THE isolation walk, complete by construction: every entry of the route table — bearer calls
 * made by another campsite's admin with full pack, public calls made by nobody — is called with
 * each id of the victim campsite in every path parameter and every body field (and, for public
 * calls, with one victim id beside the attacker's own ids, so that a pair that must match does
 * not). The victim has a row in every tenant table and a canary in every text. A leak is a canary
 * or a victim id in an answer that the request did not carry (a public call may show the face of
 * the object it names); a change is any victim row added, changed or removed — a public call that
 * names the victim campsite may only add rows (a guest's request, a subscription). A route added
 * to the table tomorrow is walked the same way.
 */

let db: Database;
let dispatch: Dispatch;
let world: Awaited<ReturnType<typeof makeTenantWorld>>;

beforeAll(async () => {
  db = await useTestDatabase();
  // Thousands of calls with one token: the per-token limit is another test's subject.
  dispatch = createDispatcher(legacyRoutes, () => db, { tokenLimit: { points: 1_000_000, durationSeconds: 60 } });
  world = await makeTenantWorld(db);
});

const label = (route: Endpoint) => `${route.method} ${route.path}`;

type Call = { route: Endpoint; path: string; body: unknown; parses: boolean };
type Shape = { route: Endpoint; params: Record<string, unknown>; body: unknown; parses: boolean };

/** A name that says which of the attacker's objects belongs in a slot, for the public pairs. */
function attackerValueFor(slot: string): string {
  const { attacker } = world;
  if (/camp/i.test(slot)) return attacker.campsite.id;
  if (/cliente|contact/i.test(slot)) return attacker.contact.id;
  if (/image/i.test(slot)) return attacker.image.id;
  return attacker.quote.id;
}

/** The path parameters and top-level body fields of a route, each a slot a hostile value goes in. */
function slotsOf(route: Endpoint): string[] {
  const params = pathParams(route).map((name) => `param:${name}`);
  if (!route.body || route.method === 'GET') return params;
  return [...params, ...topLevelFields(route.body).map((key) => `body:${key}`)];
}

/** A call with the marker in the slots `fill` names, built once and repaired once for every victim value. */
async function shapeOf(route: Endpoint, fill: (slot: string) => string | undefined): Promise<Shape> {
  const params = Object.fromEntries(pathParams(route).map((name) => [name, fill(`param:${name}`) ?? MARKER]));
  const fixedParams = route.params ? await repairToParse(route.params, params) : { value: params, parses: true };
  const shape = { route, params: fixedParams.value as Record<string, unknown> };
  if (route.method === 'GET') return { ...shape, body: undefined, parses: fixedParams.parses };
  if (!route.body) return { ...shape, body: {}, parses: fixedParams.parses };
  const body = await hostileInput(world, route.body, (field) => fill(`body:${field}`));
  return { ...shape, body: body.value ?? {}, parses: fixedParams.parses && body.parses };
}

async function instantiate(shape: Shape, value: string): Promise<Call> {
  const { route } = shape;
  const params = replaceMarker(shape.params, value) as Record<string, unknown>;
  const body = replaceMarker(shape.body, value);
  let parses = shape.parses;
  if (parses) {
    const paramsOk = route.params ? (await route.params.safeParseAsync(params)).success : true;
    const bodyOk = route.body && route.method !== 'GET' ? (await route.body.safeParseAsync(body)).success : true;
    parses = paramsOk && bodyOk;
  }
  const path = route.path.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(String(params[name] ?? '')));
  return { route, path, body, parses };
}

/**
 * The calls of one route: each victim id and text in every slot at once; then each slot alone with
 * the victim values its name calls for (other optional fields left out, so that no other field — a
 * cursor — stops the call first); for a public call, the victim values of one slot beside the
 * attacker's own ids (a campsite and a quote that must match).
 */
async function hostileCalls(route: Endpoint): Promise<Call[]> {
  const calls: Call[] = [];
  const everywhere = await shapeOf(route, () => MARKER);
  for (const value of everyVictimValue(world)) calls.push(await instantiate(everywhere, value));
  const slots = slotsOf(route);
  for (const slot of slots) {
    const alone = await shapeOf(route, (other) => (other === slot ? MARKER : undefined));
    for (const value of victimValuesFor(world, slot)) calls.push(await instantiate(alone, value));
    if (route.auth === 'public' && slots.length > 1) {
      const beside = await shapeOf(route, (other) => (other === slot ? MARKER : attackerValueFor(other)));
      for (const value of victimValuesFor(world, slot)) calls.push(await instantiate(beside, value));
    }
  }
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = `${call.path} ${JSON.stringify(call.body)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const walked = legacyRoutes.filter((route) => route.auth === 'bearer' || route.auth === 'public');

describe('tenant isolation of every route of the table', () => {
  it('fills every tenant table of the victim, so that every call has something to leak', async () => {
    const empty = await emptyTenantTables(db, world.victim.id);
    expect(empty.filter((table) => !(table in TABLES_LEFT_EMPTY))).toEqual([]);
  });

  it('sees the canaries when the victim’s own admin asks (the detector works)', async () => {
    const token = await loginViaApi(dispatch, world.victimUsers[0].email);
    const path = `/getContact/${world.victimIds.contact}`;
    const answer = await callApi(dispatch, 'POST', path, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(leakDetector(world).leaks(answer.text).length).toBeGreaterThan(3);
  });

  it('walks every route with the victim’s ids: 0 leaks, 0 changes', { timeout: 300_000 }, async () => {
    let token = await loginViaApi(dispatch, world.attacker.user.email);
    const scope = { campsiteId: world.victim.id, userIds: world.victimUsers.map((user) => user.id) };
    const victimRows = await campsiteRowsReader(db, scope);
    let baseline = await victimRows();
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let calls = 0;
    let parsed = 0;
    let leaked = 0;
    let changed = 0;
    const started = Date.now();
    let generating = 0;
    const detector = leakDetector(world);
    const guestAdditions: string[] = [];
    let snapshotting = 0;

    for (const route of walked) {
      let namesVictimCampsite = false;
      const t0 = Date.now();
      const routeCalls = await hostileCalls(route);
      generating += Date.now() - t0;
      // A route none of whose calls gets past its schemas would prove nothing: the walk must reach every handler.
      if (!routeCalls.some((call) => call.parses)) problems.push(`${label(route)}: no hostile call gets past the route's schemas`);
      for (const call of routeCalls) {
        const send = () => callApi(dispatch, route.method, call.path, { token: route.auth === 'bearer' ? token : undefined, body: call.body });
        let answer = await send();
        // A call that ends the attacker's own session (logout, a password change) is no finding: log in again.
        if (answer.status === 401 && route.auth === 'bearer') {
          token = await loginViaApi(dispatch, world.attacker.user.email);
          answer = await send();
        }
        calls++;
        if (call.parses) parsed++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (`${call.path} ${JSON.stringify(call.body ?? {})}`.includes(world.victim.id)) namesVictimCampsite = true;
        const what = `${label(route)} ${call.path} ${JSON.stringify(call.body ?? {}).slice(0, 160)} → ${answer.status}`;
        if (answer.status >= 500) problems.push(`${what}: server error ${answer.text.slice(0, 200)}`);
        const named = detector.sent(`${call.path} ${JSON.stringify(call.body ?? {})}`);
        // A public call may show the face of the object it names; a bearer call of another campsite, nothing.
        const found = detector.leaks(answer.text, route.auth === 'public' ? named : new Set());
        if (found.length > 0) {
          leaked++;
          problems.push(`${what}: leaks ${found.join(', ')} in ${answer.text.slice(0, 300)}`);
        }
      }
      const t1 = Date.now();
      const after = await victimRows();
      snapshotting += Date.now() - t1;
      const { added, removed } = rowChanges(baseline, after);
      const allowed = route.auth === 'public' && namesVictimCampsite && removed.length === 0;
      if (allowed && added.length > 0) guestAdditions.push(`${label(route)} +${added.length}`);
      if ((added.length > 0 || removed.length > 0) && !allowed) {
        changed++;
        problems.push(`${label(route)} changed the victim: added ${added.join(' | ')}; changed or removed ${removed.join(' | ')}`);
      }
      baseline = after;
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `tenant isolation (routes): ${walked.length} routes (${walked.filter((r) => r.auth === 'bearer').length} bearer, ${walked.filter((r) => r.auth === 'public').length} public) × ${Object.keys(world.victimIds).length} victim ids and 3 victim texts; ${calls} calls (${parsed} past validation), statuses ${JSON.stringify(Object.fromEntries(statuses))}; leaks ${leaked}, changes ${changed}; rows a guest call added to the campsite it named: ${guestAdditions.join(', ') || 'none'}; ${seconds} s (${generating} ms building calls, ${snapshotting} ms reading rows)`,
    );
    expect(problems).toEqual([]);
  });
});
