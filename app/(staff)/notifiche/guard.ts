import { getDb, type Database } from '@/db/client';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { lookupStaff } from '@/lib/auth/staff';
import { classifyError } from '@/lib/error-classification';
import { revalidatedJson } from '@/lib/http/etag';
import type { Tenant } from '@/lib/tenant';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The bell's GET handlers answer JSON, never a redirect: a poll must not log anybody out or
 * fetch the login page. No session: 401. A service account (no bell, spec section 6): 403.
 * A poll (its request given) answers with an ETag, and 304 when nothing changed.
 */
export async function bellResponse(run: (tenant: Tenant, db: Database) => Promise<unknown>, poll?: Request): Promise<Response> {
  const found = await lookupStaff();
  if (!found.tenant) return Response.json({ error: 'Sessione scaduta: accedi di nuovo.' }, { status: 401, headers: NO_STORE });
  if (!hasFullPack(found.tenant.packLevel)) {
    return Response.json({ error: 'Il tuo account non ha accesso alle notifiche.' }, { status: 403, headers: NO_STORE });
  }
  try {
    const body = await run(found.tenant, getDb());
    return poll ? revalidatedJson(poll, body) : Response.json(body, { headers: NO_STORE });
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    return Response.json({ error: known.message }, { status: known.status, headers: NO_STORE });
  }
}
