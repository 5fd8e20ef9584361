import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { campsites } from '@/db/schema';
import { AppError } from '@/lib/errors';
import type { Tenant } from '@/lib/tenant';

export type CampsiteRow = typeof campsites.$inferSelect;

export async function getOwnCampsite(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>): Promise<CampsiteRow> {
  const [campsite] = await db.select().from(campsites).where(eq(campsites.id, tenant.campsiteId));
  if (!campsite) throw new AppError('not_found', 'Campeggio non trovato.');
  return campsite;
}

/** The mailing-list menu appears only with both provider credentials (spec section 2). */
export function hasMailingProvider(campsite: Pick<CampsiteRow, 'mailjetApiKey' | 'mailjetSecret'>): boolean {
  return Boolean(campsite.mailjetApiKey && campsite.mailjetSecret);
}

export const MAX_REMINDER_DAYS = 60;

/** Days after sending before an unopened quote gets the reminder; 0 switches reminders off. */
export async function setReminderDays(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>, days: number): Promise<number> {
  const [updated] = await db.update(campsites).set({ reminderDays: days }).where(eq(campsites.id, tenant.campsiteId)).returning({ days: campsites.reminderDays });
  if (!updated) throw new AppError('not_found', 'Campeggio non trovato.');
  return updated.days;
}
