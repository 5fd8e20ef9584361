import { notificationStamp } from '@/lib/notifications/service';
import { bellResponse } from '../guard';

/** GET /notifiche/stato: the bell's poll, `{ stamp, unread, outstanding }` from one indexed query, no list. */
export async function GET(request: Request) {
  return bellResponse(notificationStamp, request);
}
