import { saveCampsitePatch } from '@/lib/campsites/settings';
import { loadCampsite, readCampsiteScope, writeCampsiteScope } from '@/lib/campsites/settings-scope';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import type { FollowUpRules } from '@/lib/vocabulary/campsite-shapes';

export const DEFAULT_FOLLOW_UP_RULES: FollowUpRules = { notOpenedDays: 3, notAnsweredDays: 3, validityEndingDays: 2 };

/** The settings tab's view: the campsite's own days, the defaults where it never saved them. */
export async function getFollowUpRules(ctx: StaffCtx, campsiteId?: string | null): Promise<FollowUpRules> {
  const row = await loadCampsite(ctx, readCampsiteScope(ctx.tenant, campsiteId));
  return { ...DEFAULT_FOLLOW_UP_RULES, ...(row.followUpRules ?? {}) };
}

/** The days after which the CRM suggests a follow-up: the campsite's admin (or the operator) changes them, audited. */
export async function updateFollowUpRules(ctx: StaffCtx, campsiteId: string | null | undefined, rules: FollowUpRules): Promise<FollowUpRules> {
  const id = writeCampsiteScope(ctx.tenant, campsiteId);
  const followUpRules = { notOpenedDays: rules.notOpenedDays, notAnsweredDays: rules.notAnsweredDays, validityEndingDays: rules.validityEndingDays };
  await saveCampsitePatch(ctx, id, () => ({ followUpRules }), { action: 'campsite.settings.follow-ups', summary: 'Regole dei promemoria suggeriti modificate' });
  return followUpRules;
}
