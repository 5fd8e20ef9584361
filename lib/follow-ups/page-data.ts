import { fromRomeClock } from '@/lib/campaigns/rome-time';
import { romeDay } from '@/lib/format';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { daysLate } from './rome-days';
import { followUpsOfContact, openFollowUpsFor } from './service';
import { suggestedFollowUps } from './suggestions';
import { listAssignableUsers } from '@/lib/quotes/assignable-users';
import { toFollowUpView } from './view';

/** The dashboard's «Da fare oggi»: mine due by the end of Rome's today, the suggestions, the staff to reassign to. */
export async function todayFollowUps(ctx: StaffCtx, now = new Date()) {
  const items = await openFollowUpsFor(ctx, fromRomeClock(`${romeDay(now)} 23:59:59`));
  const suggestions = await suggestedFollowUps(ctx, now);
  const users = await listAssignableUsers(ctx);
  return {
    items: items.map((item) => ({ ...toFollowUpView(item), overdue: item.dueAt < now && daysLate(item.dueAt, now) > 0, daysLate: daysLate(item.dueAt, now) })),
    suggestions: suggestions.map((item) => ({ quoteId: item.quoteId, suggestion: item.suggestion, label: item.label, since: item.since.toISOString(), href: `/preventivi/${encodeURIComponent(item.quoteId)}` })),
    users,
  };
}

/** The contact page's «Promemoria» section. */
export async function contactFollowUps(ctx: StaffCtx, contactId: string) {
  const [items, users] = [await followUpsOfContact(ctx, contactId), await listAssignableUsers(ctx)];
  return { items: items.map(toFollowUpView), users, meId: ctx.tenant.userId };
}

/** «Ricordami» and «In carico a» on a quote or request page: the staff to choose from. */
export async function quoteOwnerData(ctx: StaffCtx) {
  return { users: await listAssignableUsers(ctx), meId: ctx.tenant.userId };
}
