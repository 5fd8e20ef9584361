import { eq, sql } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';

const ROME_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' });

/** The calendar month in Europe/Rome, 'YYYY-MM'. */
export const romeMonth = (at = new Date()) => ROME_MONTH.format(at).slice(0, 7);

/**
 * MonthlyEmailSent: mails sent in the month the row names. The first mail of a new month starts
 * the count again from its own number, in the same statement, so no reset job is needed.
 */
export async function countMailsSent(ctx: CampsiteCtx, sent: number): Promise<void> {
  if (sent <= 0) return;
  const month = sql`to_char(now() at time zone 'Europe/Rome', 'YYYY-MM')`;
  await ctx.db
    .update(campsites)
    .set({
      monthlyEmailSent: sql`case when ${campsites.monthlyEmailMonth} = ${month} then ${campsites.monthlyEmailSent} + ${sent} else ${sent} end`,
      monthlyEmailMonth: month,
    })
    .where(eq(campsites.id, ctx.campsiteId));
}

/** The count as the staff read it: a month with no mail yet is 0, whatever the row still holds. */
export const mailsSentThisMonth = (row: { monthlyEmailSent: number; monthlyEmailMonth: string | null }) =>
  row.monthlyEmailMonth === romeMonth() ? row.monthlyEmailSent : 0;
