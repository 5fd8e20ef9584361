import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { notifications } from '@/db/schema';
import type { Tenant } from '@/lib/tenant';

export async function countUnread(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.campingId, tenant.campsiteId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

export async function latestUnread(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>, limit = 5) {
  return db
    .select({ id: notifications.id, title: notifications.title, description: notifications.description, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.campingId, tenant.campsiteId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
