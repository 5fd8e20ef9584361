import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { contactsTotal, conversion, mailsSent, nationalities, nationalityConversion, quoteTotals, refreshedAt, seasons } from './figures';
import type { Comparison } from './periods';
import { refreshCampsite } from './refresh';
import { requestsOverTime } from './requests';
import { returningConversion } from './returning';
import type { Bucket } from './validation';

export type DashboardOptions = { comparison?: Comparison; bucket?: Bucket; lucee?: boolean };

/**
 * Everything the dashboard page shows, read from the campsite's aggregates (a page never
 * writes: the job and "Aggiorna ora" rebuild them); refreshedAt is null before the first rebuild.
 */
export async function getDashboard(ctx: CampsiteCtx, now = new Date(), options: DashboardOptions = {}) {
  const comparison = options.comparison ?? 'stagione';
  const [updatedAt, contacts, mails, quotes, conversionFigures, nations, nationConversion, seasonFigures, requests, returning] = await Promise.all([
    refreshedAt(ctx),
    contactsTotal(ctx),
    mailsSent(ctx, now),
    quoteTotals(ctx),
    conversion(ctx, comparison, now, options.lucee ?? false),
    nationalities(ctx),
    nationalityConversion(ctx, comparison, now),
    seasons(ctx, now),
    requestsOverTime(ctx, options.bucket ?? 'giorno', {}, now),
    returningConversion(ctx, comparison, now),
  ]);
  return { refreshedAt: updatedAt, contacts, mails, quotes, conversion: conversionFigures, nations, nationConversion, seasons: seasonFigures, requests, returning };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;

/** "Aggiorna ora" and /dashboard/forceUpdate: rebuilds the caller's campsite at once. */
export async function refreshDashboard(ctx: CampsiteCtx, now = new Date()): Promise<{ refreshedAt: Date }> {
  return { refreshedAt: await refreshCampsite(ctx.db, ctx.campsiteId, now) };
}
