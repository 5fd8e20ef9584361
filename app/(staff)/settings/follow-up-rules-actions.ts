'use server';

import { staffAction } from '@/lib/actions';
import { campsiteIdSchema } from '@/lib/campsites/settings-validation';
import { updateFollowUpRules } from '@/lib/follow-ups/rules';
import { followUpRulesSchema } from '@/lib/follow-ups/validation';

/** The «Promemoria» tab: the days after which the CRM suggests a follow-up. */
export const saveFollowUpRulesAction = staffAction(followUpRulesSchema.safeExtend({ campsiteId: campsiteIdSchema }), async (ctx, { campsiteId, ...rules }) => {
  await updateFollowUpRules(ctx, campsiteId, rules);
  return { saved: true as const };
});
