import { getDb, type Database } from '@/db/client';
import { afterCommit, withTenant } from '@/db/tenant-scope';
import type { Tenant } from '@/lib/tenant';

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
  /** The campsite the handle is walled to (app.camping_id on PostgreSQL); null for operator and system work. */
  readonly campsiteId: string | null;
  /** Inside a campsite: its transaction on the non-owner login (PostgreSQL), or the embedded PGlite. */
  readonly db: Database;
  /** Runs `task` after the outermost commit (now when there is no transaction); a rollback drops it. */
  afterCommit(task: () => void | Promise<void>): void;
};

/** A staff member's unit of work: the session's tenant beside the walled handle. */
export type StaffCtx = Ctx & { readonly tenant: Tenant };

/** The campsite a unit of work is walled to; operator and system work has none. */
export function walledCampsite(who: Who): string | null {
  switch (who.kind) {
    case 'staff':
      return who.tenant.campsiteId;
    case 'guest':
    case 'job':
      return who.campsiteId;
    case 'operator':
    case 'system':
      return null;
  }
}

/** Staff sessions become staff work; the operator's session is operator work, unscoped by design. */
export const staffWho = (tenant: Tenant): Who => (tenant.isOperator ? { kind: 'operator', tenant } : { kind: 'staff', tenant });

const deferred = (task: () => void | Promise<void>) => {
  void afterCommit(task);
};

export function contextOf(who: Who, db: Database): Ctx {
  return { who, campsiteId: walledCampsite(who), db, afterCommit: deferred };
}

/** The staff unit of work over a handle already opened (the action walk's tests hand in their database). */
export const staffContext = (tenant: Tenant, db: Database): StaffCtx => ({ ...contextOf(staffWho(tenant), db), tenant });

/**
 * Builds the unit of work and runs `work` in it: for a campsite, one transaction scoped to it on
 * the non-owner login (db/tenant-scope.ts), its after-commit list flushed once it commits; for
 * operator and system work, the owner's handle.
 */
export function runUnitOfWork<T>(who: Who, work: (ctx: Ctx) => Promise<T>, root: Database = getDb()): Promise<T> {
  const campsiteId = walledCampsite(who);
  if (!campsiteId) return work(contextOf(who, root));
  return withTenant(root, campsiteId, (db) => work(contextOf(who, db as Database)));
}

/** The staff flavour: the session's tenant travels with the walled handle. */
export function runStaffWork<T>(tenant: Tenant, work: (ctx: StaffCtx) => Promise<T>, root?: Database): Promise<T> {
  return runUnitOfWork(staffWho(tenant), (ctx) => work({ ...ctx, tenant }), root);
}

/**
 * A guest's unit of work: the link's (or form's) campsite walls the handle, so ids that do not
 * belong to it find nothing; the services still check that the ids belong together.
 */
export function runGuestWork<T>(campsiteId: string, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  return runUnitOfWork({ kind: 'guest', campsiteId }, work);
}

/**
 * Named work on the owner's handle, for what must cross campsites before it knows one: a login,
 * the guards that count a caller's misses and rate limits, a provider's webhook. Never a default.
 */
export function runSystemWork<T>(reason: string, work: (ctx: Ctx) => Promise<T>): Promise<T> {
  return runUnitOfWork({ kind: 'system', reason }, work);
}
