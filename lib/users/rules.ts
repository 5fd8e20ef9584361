import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import type { UserRow } from '@/lib/auth/service';
import { forbidden } from '@/lib/errors';
import type { Tenant } from '@/lib/tenant';

/**
 * Locks the campsite's admin rows for the rest of the transaction and returns their ids. Two
 * admins demoting or deleting each other at the same moment are serialized here, so the second
 * sees the first's change and the campsite never ends up without an admin. An admin demoted
 * since their session was resolved is refused (the operator needs no flag).
 */
export async function lockCampsiteAdmins(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId' | 'userId' | 'isOperator'>): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.campingId, tenant.campsiteId), eq(users.isAdmin, true)))
    .orderBy(users.id)
    .for('update');
  const ids = rows.map((row) => row.id);
  if (!tenant.isOperator && !ids.includes(tenant.userId)) throw forbidden('Operazione riservata agli amministratori del campeggio.');
  return ids;
}

/** What the audit log keeps of a user: never the password hash. */
export function snapshot(user: UserRow): Record<string, unknown> {
  return { name: user.name, email: user.email, isAdmin: user.isAdmin, packLevel: user.packLevel };
}
