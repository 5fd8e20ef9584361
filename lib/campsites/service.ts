import { eq } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';

export type CampsiteRow = typeof campsites.$inferSelect;

export async function getOwnCampsite(ctx: CampsiteCtx): Promise<CampsiteRow> {
  const [campsite] = await ctx.db.select().from(campsites).where(eq(campsites.id, ctx.campsiteId));
  if (!campsite) throw new AppError('not_found', 'Campeggio non trovato.');
  return campsite;
}

/** The mailing-list menu appears only with both provider credentials (spec section 2). */
export function hasMailingProvider(campsite: Pick<CampsiteRow, 'mailjetApiKey' | 'mailjetSecret'>): boolean {
  return Boolean(campsite.mailjetApiKey && campsite.mailjetSecret);
}

export const MAX_REMINDER_DAYS = 60;

/** Days after sending before an unopened quote gets the reminder; 0 switches reminders off. */
export async function setReminderDays(ctx: CampsiteCtx, days: number): Promise<number> {
  const [updated] = await ctx.db.update(campsites).set({ reminderDays: days }).where(eq(campsites.id, ctx.campsiteId)).returning({ days: campsites.reminderDays });
  if (!updated) throw new AppError('not_found', 'Campeggio non trovato.');
  return updated.days;
}
