import { staffRoute } from '@/lib/context/staff';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { revalidatedJson } from '@/lib/http/etag';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The bell's GET handlers answer JSON, never a redirect: a poll must not log anybody out or
 * fetch the login page. No session: 401. A service account (no bell, spec section 6): 403.
 * A poll (its request given) answers with an ETag, and 304 when nothing changed.
 */
export async function bellResponse(run: (ctx: StaffCtx) => Promise<unknown>, poll?: Request): Promise<Response> {
  return staffRoute({ forbidden: 'Il tuo account non ha accesso alle notifiche.' }, async (staff) => {
    const body = await staff.run(run);
    return poll ? revalidatedJson(poll, body) : Response.json(body, { headers: NO_STORE });
  });
}
