import { getDb } from '@/db/client';
import { lookupStaff } from '@/lib/auth/staff';
import { revalidatedJson } from '@/lib/http/etag';
import { mailboxUnread } from '@/lib/mailbox/threads';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /api/internal/mail-unread: the navbar's poll, `{ unread }` (null without a mailbox) from the
 * inbox index. JSON, never a redirect: a poll must not fetch the login page. No session: 401.
 */
export async function GET(request: Request) {
  const found = await lookupStaff();
  if (!found.tenant) return Response.json({ error: 'Sessione scaduta: accedi di nuovo.' }, { status: 401, headers: NO_STORE });
  return revalidatedJson(request, { unread: await mailboxUnread(getDb(), found.tenant.campsiteId) });
}
