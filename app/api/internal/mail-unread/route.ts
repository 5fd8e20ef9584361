import { staffRoute } from '@/lib/context/staff';
import { revalidatedJson } from '@/lib/http/etag';
import { mailboxUnread } from '@/lib/mailbox/threads';

/**
 * GET /api/internal/mail-unread: the navbar's poll, `{ unread }` (null without a mailbox) from the
 * inbox index. JSON, never a redirect: a poll must not fetch the login page. No session: 401.
 */
export async function GET(request: Request) {
  return staffRoute({ packLevel: 0 }, async ({ run }) => revalidatedJson(request, { unread: await run((ctx) => mailboxUnread(ctx)) }));
}
