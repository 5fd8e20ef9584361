'use server';

import { staffAction } from '@/lib/actions';
import { markAllRead, markManyRead, markRead, MAX_IDS_PER_CALL, notificationIdSchema, notificationStamp } from '@/lib/notifications/service';
import { z } from '@/lib/validation';

// Each answers the new counts and stamp, so the bell updates at once and the next poll finds no change.

export const markNotificationReadAction = staffAction(z.object({ id: notificationIdSchema }), async ({ tenant, db }, { id }) => {
  await markRead(db, tenant, id);
  return notificationStamp(db, tenant);
});

export const markNotificationsReadAction = staffAction(
  z.object({ ids: z.array(notificationIdSchema).max(MAX_IDS_PER_CALL) }),
  async ({ tenant, db }, { ids }) => {
    await markManyRead(db, tenant, ids);
    return notificationStamp(db, tenant);
  },
);

export const markAllNotificationsReadAction = staffAction(z.object({}), async ({ tenant, db }) => {
  await markAllRead(db, tenant);
  return notificationStamp(db, tenant);
});
