'use server';

import { staffAction } from '@/lib/actions';
import { markAllRead, markManyRead, markRead, MAX_IDS_PER_CALL, notificationIdSchema, notificationStamp } from '@/lib/notifications/service';
import { z } from '@/lib/validation';

// Each answers the new counts and stamp, so the bell updates at once and the next poll finds no change.

export const markNotificationReadAction = staffAction(z.object({ id: notificationIdSchema }), async (ctx, { id }) => {
  await markRead(ctx, id);
  return notificationStamp(ctx);
});

export const markNotificationsReadAction = staffAction(
  z.object({ ids: z.array(notificationIdSchema).max(MAX_IDS_PER_CALL) }),
  async (ctx, { ids }) => {
    await markManyRead(ctx, ids);
    return notificationStamp(ctx);
  },
);

export const markAllNotificationsReadAction = staffAction(z.object({}), async (ctx) => {
  await markAllRead(ctx);
  return notificationStamp(ctx);
});
