import { hasFullPack } from '@/lib/auth/pack-levels';
import { lookupStaff, requireStaff } from '@/lib/auth/staff';
import { classifyError } from '@/lib/error-classification';
import type { Tenant } from '@/lib/tenant';
import { runStreamingUnitOfWork } from './streamed';
import { asStaff, staffWho, type StaffCtx } from './unit-of-work';

type PackOption = { packLevel?: 0 | 10 };

/** A staff request whose session is resolved: its tenant, and the unit of work to read and write in. */
export type StaffRequest = {
  tenant: Tenant;
  /** Runs `work` in one unit of work walled to the campsite; a streamed Response keeps it open until read. */
  run<T>(work: (ctx: StaffCtx) => Promise<T>): Promise<T>;
};

function staffRequest(tenant: Tenant): StaffRequest {
  return { tenant, run: (work) => runStreamingUnitOfWork(staffWho(tenant), (ctx) => work(asStaff(ctx, tenant))) };
}

/**
 * A staff page's (or layout's) loader: no session, to the login page; a revoked session or a pack
 * level the page needs and the account lacks, logged out (spec section 6). Its reads then run in
 * `run`, each a unit of work walled to the campsite.
 */
export async function staffPage(options: PackOption = {}): Promise<StaffRequest> {
  return staffRequest(await requireStaff(options));
}

const NO_STORE = { 'Cache-Control': 'no-store' };

export type StaffRouteOptions = PackOption & {
  /** 'json' (default): a fetch or a poll gets 401, never the login page; 'login': a navigation (a download, an OAuth hop) goes to it. */
  onNoSession?: 'json' | 'login';
  /** The 403 text for an account whose pack level lacks the route. */
  forbidden?: string;
};

/**
 * A staff route handler (bell, drawers, downloads, uploads, OAuth hops): the session resolved once,
 * 401/403 as JSON for fetches, and a known refusal mapped to its status. The handler does its
 * database work through `staff.run`, so it can read a request body before a transaction opens.
 */
export async function staffRoute(options: StaffRouteOptions, handle: (staff: StaffRequest) => Promise<Response>): Promise<Response> {
  let tenant: Tenant;
  if (options.onNoSession === 'login') tenant = await requireStaff(options);
  else {
    const found = await lookupStaff();
    if (!found.tenant) return Response.json({ error: 'Sessione scaduta: accedi di nuovo.' }, { status: 401, headers: NO_STORE });
    if ((options.packLevel ?? 10) > 0 && !hasFullPack(found.tenant.packLevel)) {
      return Response.json({ error: options.forbidden ?? 'Il tuo account non ha accesso a questa funzione.' }, { status: 403, headers: NO_STORE });
    }
    tenant = found.tenant;
  }
  try {
    return await handle(staffRequest(tenant));
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    return Response.json({ error: known.message }, { status: known.status, headers: NO_STORE });
  }
}
