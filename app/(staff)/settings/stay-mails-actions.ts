'use server';

import { staffAction } from '@/lib/actions';
import { campsiteIdSchema } from '@/lib/campsites/settings-validation';
import { stayMailSettingsSchema } from '@/lib/stays/settings';
import { updateStayMails } from '@/lib/stays/settings-service';

/**
 * The «Invii automatici» tab: the settings' own schema (its refinement kept, so the review link's
 * error sits beside its field), the service checking role, campsite and templates again.
 */
export const saveStayMailsAction = staffAction(stayMailSettingsSchema.safeExtend({ campsiteId: campsiteIdSchema }), async (ctx, { campsiteId, ...settings }) => {
  await updateStayMails(ctx, campsiteId, settings);
  return { saved: true as const };
});
