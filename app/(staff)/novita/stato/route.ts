import { latestUnseenUpdate } from '@/lib/updates/service';
import { bellResponse } from '../../notifiche/guard';

/**
 * GET /novita/stato: the update popup's poll, `{ update }` with the newest unseen one or null.
 * Same answers as the bell's poll: 401 without a session, 403 for a service account.
 */
export async function GET(request: Request) {
  return bellResponse(async (ctx) => {
    const update = await latestUnseenUpdate(ctx);
    return { update: update && { id: update.id, title: update.title, html: update.html } };
  }, request);
}
