import { createHash } from 'node:crypto';
import type { Database } from '@/db/client';
import { staffRoute } from '@/lib/context/staff';
import type { Tenant } from '@/lib/tenant';

const NO_STORE = { 'Cache-Control': 'no-store' };
// A poll's answer may be kept by the browser, but only to be revalidated: 304 when nothing changed.
const REVALIDATE = { 'Cache-Control': 'private, no-cache' };

/** The answer as JSON, or 304 when the browser already holds the same (its If-None-Match). */
function revalidatedJson(request: Request, body: unknown): Response {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ...REVALIDATE, ETag: etag } });
  return new Response(json, { headers: { ...REVALIDATE, ETag: etag, 'content-type': 'application/json' } });
}

/**
 * The bell's GET handlers answer JSON, never a redirect: a poll must not log anybody out or
 * fetch the login page. No session: 401. A service account (no bell, spec section 6): 403.
 * A poll (its request given) answers with an ETag, and 304 when nothing changed.
 */
export async function bellResponse(run: (tenant: Tenant, db: Database) => Promise<unknown>, poll?: Request): Promise<Response> {
  return staffRoute({ forbidden: 'Il tuo account non ha accesso alle notifiche.' }, async (staff) => {
    const body = await staff.run(({ tenant, db }) => run(tenant, db));
    return poll ? revalidatedJson(poll, body) : Response.json(body, { headers: NO_STORE });
  });
}
