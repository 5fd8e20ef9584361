import { getDb, type Database } from '@/db/client';
import { afterCommit, withTenant } from '@/db/tenant-scope';
import type { Tenant } from '@/lib/tenant';
import { noteCampsite } from '@/lib/ops/request-context.mjs';

/**
 * Who asks, resolved once by the entry point (session, bearer token, guest link, job data) and
 * never looked up again below it.
 */
export type Who =
  /** A campsite's user: every statement walled to the campsite. */
  | { kind: 'staff'; tenant: Tenant }
  /** The provider's operator: manages every campsite by design, so never walled; always explicit. */
  | { kind: 'operator'; tenant: Tenant }
  /** A guest, by a link whose ids belong to this campsite. */
  | { kind: 'guest'; campsiteId: string }
  /** Background work for one campsite. */
  | { kind: 'job'; campsiteId: string; job: string }
  /** Work that must cross campsites before it knows one (a login, the platform's key, a sweep): named, never a default. */
  | { kind: 'system'; reason: string };

/**
 * The unit of work every entry point builds once and every service receives first: who asks, the
 * database handle for this request, and the list of what must happen only after it commits.
 */
export type Ctx = {
  readonly who: Who;
  /**
   * The campsite the work is for: the session's (staff and operator), the link's (guest), the
   * job's; null only for system work. Staff, guest and job handles are walled to it; the
   * operator's is not (walledCampsite).
   */
  readonly campsiteId: string | null;
  /** Inside a campsite: its transaction on the non-owner login (PostgreSQL), or the embedded PGlite. */
  readonly db: Database;
  /** Runs `task` after the outermost commit (now when there is no transaction); a rollback drops it. */
  afterCommit(task: () => void | Promise<void>): void;
};

/** Work for one campsite: what every campsite's service takes first. */
export type CampsiteCtx = Ctx & { readonly campsiteId: string };

/** A staff member's unit of work: the session's tenant (user, role, pack level) beside the handle. */
export type StaffCtx = CampsiteCtx & { readonly tenant: Tenant };

/**
 * Opens one unit of work of the same staff member per call (staffRoute's `run`), for a workflow
 * that must not hold a transaction across a slow outside call; code already inside one passes
 * `(work) => work(ctx)`.
 */
export type StaffWork = <T>(work: (ctx: StaffCtx) => Promise<T>) => Promise<T>;

/** The campsite a unit of work acts for; system work has none. */
export function campsiteOf(who: Who): string | null {
  switch (who.kind) {
    case 'staff':
    case 'operator':
      return who.tenant.campsiteId;
    case 'guest':
    case 'job':
      return who.campsiteId;
    case 'system':
      return null;
  }
}

/** The campsite a unit of work's handle is walled to: the operator's and system work are not. */
export function walledCampsite(who: Who): string | null {
  return who.kind === 'operator' ? null : campsiteOf(who);
}

/** Narrows to a campsite's work; system work handed to a campsite's service is a bug, not a 404. */
export function requireCampsite(ctx: Ctx): CampsiteCtx {
  if (ctx.campsiteId === null) throw new Error(`A campsite's service was called by system work (${ctx.who.kind === 'system' ? ctx.who.reason : ctx.who.kind}).`);
  return ctx as CampsiteCtx;
}

/** Staff sessions become staff work; the operator's session is operator work, unscoped by design. */
export const staffWho = (tenant: Tenant): Who => (tenant.isOperator ? { kind: 'operator', tenant } : { kind: 'staff', tenant });

const deferred = (task: () => void | Promise<void>) => {
  void afterCommit(task);
};

export function contextOf(who: Who, db: Database): Ctx {
  return { who, campsiteId: campsiteOf(who), db, afterCommit: deferred };
}

/** A staff session's unit of work from the one built for its `who`: the tenant beside it. */
export const asStaff = (ctx: Ctx, tenant: Tenant): StaffCtx => ({ ...ctx, campsiteId: tenant.campsiteId, tenant });

/** The staff unit of work over a handle already opened (the action walk's tests hand in their database). */
export const staffContext = (tenant: Tenant, db: Database): StaffCtx => asStaff(contextOf(staffWho(tenant), db), tenant);

/** A campsite's unit of work over a handle already opened: a job inside its own transaction, a test. */
export const campsiteContext = (who: Extract<Who, { kind: 'guest' | 'job' }>, db: Database): CampsiteCtx => ({ ...contextOf(who, db), campsiteId: who.campsiteId });

/**
 * Builds the unit of work and runs `work` in it: for a campsite, one transaction scoped to it on
 * the non-owner login (db/tenant-scope.ts), its after-commit list flushed once it commits; for
 * operator and system work, the owner's handle.
 */
export function runUnitOfWork<T>(who: Who, work: (ctx: Ctx) => Promise<T>, root: Database = getDb()): Promise<T> {
  const campsiteId = walledCampsite(who);
  if (!campsiteId) return work(contextOf(who, root));
  noteCampsite(campsiteId);
  return withTenant(root, campsiteId, (db) => work(contextOf(who, db as Database)));
}

/** The staff flavour: the session's tenant travels with the walled handle. */
export function runStaffWork<T>(tenant: Tenant, work: (ctx: StaffCtx) => Promise<T>, root?: Database): Promise<T> {
  return runUnitOfWork(staffWho(tenant), (ctx) => work(asStaff(ctx, tenant)), root);
}

/**
 * A guest's unit of work: the link's (or form's) campsite walls the handle, so ids that do not
 * belong to it find nothing; the services still check that the ids belong together.
 */
export function runGuestWork<T>(campsiteId: string, work: (ctx: CampsiteCtx) => Promise<T>): Promise<T> {
  return runUnitOfWork({ kind: 'guest', campsiteId }, (ctx) => work(requireCampsite(ctx)));
}

/** Background work for one campsite (a job's data names it): walled like a staff request. */
export function runJobWork<T>(campsiteId: string, job: string, work: (ctx: CampsiteCtx) => Promise<T>, root?: Database): Promise<T> {
  return runUnitOfWork({ kind: 'job', campsiteId, job }, (ctx) => work(requireCampsite(ctx)), root);
}

/**
 * Named work on the owner's handle, for what must cross campsites before it knows one: a login,
 * the guards that count a caller's misses and rate limits, a provider's webhook. Never a default.
 */
export function runSystemWork<T>(reason: string, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  return runUnitOfWork({ kind: 'system', reason }, work);
}
