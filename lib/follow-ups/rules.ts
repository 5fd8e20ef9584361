import { saveCampsitePatch } from '@/lib/campsites/settings';
import { writeCampsiteScope } from '@/lib/campsites/settings-scope';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import type { FollowUpRules } from '@/lib/vocabulary/campsite-shapes';

/** The days after which the CRM suggests a follow-up: the campsite's admin changes them (audited). */
export async function updateFollowUpRules(ctx: StaffCtx, rules: FollowUpRules): Promise<FollowUpRules> {
  const id = writeCampsiteScope(ctx.tenant);
  const followUpRules = { notOpenedDays: rules.notOpenedDays, notAnsweredDays: rules.notAnsweredDays, validityEndingDays: rules.validityEndingDays };
  await saveCampsitePatch(ctx, id, () => ({ followUpRules }), { action: 'campsite.settings.follow-ups', summary: 'Regole dei promemoria suggeriti modificate' });
  return followUpRules;
}
