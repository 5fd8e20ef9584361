import type { Database } from '@/db/client';
import { campsiteContext, contextOf, staffContext, type CampsiteCtx, type Ctx, type StaffCtx, type StaffWork } from '@/lib/context/unit-of-work';
import { FULL_PACK_LEVEL, type Tenant } from '@/lib/tenant';

/**
 * The unit of work a test hands a service, over the test's own handle: a staff member's when given
 * a tenant (a partial one is completed as an admin of full pack), else a job's for the campsite.
 * On PostgreSQL the handle is the owner's, as the tests' other direct calls; the walls themselves
 * are proven by the isolation and row-level-security tests through the real entry points.
 */
export function ctxFor(db: Database, tenant: Partial<Tenant> & Pick<Tenant, 'campsiteId'>): StaffCtx {
  return staffContext(
    { userId: '00000000-0000-0000-0000-000000000000', email: 'test@example.com', isAdmin: true, isOperator: false, packLevel: FULL_PACK_LEVEL, sessionId: 'test', ...tenant },
    db,
  );
}

/** A campsite's unit of work with no user: a job's, as the background work builds it. */
export function jobCtxFor(db: Database, campsiteId: string, job = 'test'): CampsiteCtx {
  return campsiteContext({ kind: 'job', campsiteId, job }, db);
}

/** Named work with no campsite, for the services that cross campsites (a public image by id). */
export function systemCtxFor(db: Database, reason = 'test'): Ctx {
  return contextOf({ kind: 'system', reason }, db);
}

/** Every step of a workflow that opens its own units of work runs in the test's one ctx. */
export const staffWork = (ctx: StaffCtx): StaffWork => (work) => work(ctx);

/** A guest's unit of work for the campsite of their link or form, as runGuestWork builds it. */
export function guestCtxFor(db: Database, campsiteId: string): CampsiteCtx {
  return campsiteContext({ kind: 'guest', campsiteId }, db);
}
