import type { StaffCtx } from '@/lib/context/unit-of-work';
import { handOverAssignment } from '@/lib/follow-ups/assignment';
import { assignQuote } from '@/lib/quotes/assignee';

/** «In carico a»: the quote changes hands (audited, the bell told), and the new owner gets it as a to-do of his own. */
export async function assignQuoteToStaff(ctx: StaffCtx, input: { quoteId: string; userId: string | null }, now = new Date()): Promise<boolean> {
  const changed = await assignQuote(ctx, input);
  if (changed) await handOverAssignment(ctx, input, now);
  return changed;
}
