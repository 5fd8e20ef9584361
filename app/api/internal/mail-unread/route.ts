import { createHash } from 'node:crypto';
import { staffRoute } from '@/lib/context/staff';
import { mailboxUnread } from '@/lib/mailbox/threads';

// Kept by the browser only to be revalidated: an unchanged count comes back as 304.
const REVALIDATE = { 'Cache-Control': 'private, no-cache' };

/**
 * GET /api/internal/mail-unread: the navbar's poll, `{ unread }` (null without a mailbox) from the
 * inbox index. JSON, never a redirect: a poll must not fetch the login page. No session: 401.
 */
export async function GET(request: Request) {
  return staffRoute({ packLevel: 0 }, async ({ run }) => {
    const json = JSON.stringify({ unread: await run(({ db, tenant }) => mailboxUnread(db, tenant.campsiteId)) });
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ...REVALIDATE, ETag: etag } });
    return new Response(json, { headers: { ...REVALIDATE, ETag: etag, 'content-type': 'application/json' } });
  });
}
