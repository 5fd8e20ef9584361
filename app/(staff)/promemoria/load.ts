import type { ShellFollowUps } from '@/components/follow-ups/follow-up-bell';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { BELL_HORIZON_MS, openFollowUpsFor } from '@/lib/follow-ups/service';
import { listAssignableUsers } from '@/lib/quotes/assignable-users';
import { toFollowUpView } from '@/lib/follow-ups/view';

/** The shell's follow-ups: mine coming due in the next day and a half, with the staff to reassign them to. */
export async function loadShellFollowUps(ctx: StaffCtx, now = new Date()): Promise<ShellFollowUps & { dueNow: number }> {
  const items = await openFollowUpsFor(ctx, new Date(now.getTime() + BELL_HORIZON_MS));
  const users = await listAssignableUsers(ctx);
  return { items: items.map(toFollowUpView), users, meId: ctx.tenant.userId, dueNow: items.filter((item) => item.dueAt <= now).length };
}
