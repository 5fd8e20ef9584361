import { and, eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { UserRow } from '@/lib/auth/service';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { forbidden } from '@/lib/errors';

/**
 * Locks the campsite's admin rows for the rest of the transaction and returns their ids. Two
 * admins demoting or deleting each other at the same moment are serialized here, so the second
 * sees the first's change and the campsite never ends up without an admin. An admin demoted
 * since their session was resolved is refused (the operator needs no flag).
 */
export async function lockCampsiteAdmins(ctx: StaffCtx): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.campingId, ctx.campsiteId), eq(users.isAdmin, true)))
    .orderBy(users.id)
    .for('update');
  const ids = rows.map((row) => row.id);
  if (!ctx.tenant.isOperator && !ids.includes(ctx.tenant.userId)) throw forbidden('Operazione riservata agli amministratori del campeggio.');
  return ids;
}

/** What the audit log keeps of a user: never the password hash. */
export function snapshot(user: UserRow): { name: string; email: string; isAdmin: boolean; packLevel: number } {
  return { name: user.name, email: user.email, isAdmin: user.isAdmin, packLevel: user.packLevel };
}
