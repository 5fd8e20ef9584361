'use server';

import { staffAction } from '@/lib/actions';
import { markUpdateViewed } from '@/lib/updates/service';
import { updateIdSchema } from '@/lib/updates/validation';
import { z } from '@/lib/validation';

/** "Ho capito" on the popup: the update is closed for this user only. */
export const markUpdateViewedAction = staffAction(
  z.object({ id: updateIdSchema }),
  async (ctx, input) => {
    await markUpdateViewed(ctx, input.id);
    return { id: input.id };
  },
  { packLevel: 10 },
);
