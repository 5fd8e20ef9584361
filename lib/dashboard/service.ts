import type { DbOrTx } from '@/db/client';
import type { Tenant } from '@/lib/tenant';
import { contactsTotal, conversion, mailsSent, nationalities, nationalityConversion, quoteTotals, refreshedAt, seasons } from './figures';
import type { Comparison } from './periods';
import { refreshCampsite } from './refresh';
import { requestsOverTime } from './requests';
import { returningConversion } from './returning';
import type { Bucket } from './validation';

type Scope = Pick<Tenant, 'campsiteId'>;
export type DashboardOptions = { comparison?: Comparison; bucket?: Bucket; lucee?: boolean };

/**
 * Everything the dashboard page shows, read from the campsite's aggregates (a page never
 * writes: the job and "Aggiorna ora" rebuild them); refreshedAt is null before the first rebuild.
 * The returning guests' figures alone are computed live (lib/dashboard/returning.ts).
 */
export async function getDashboard(db: DbOrTx, tenant: Scope, now = new Date(), options: DashboardOptions = {}) {
  const scope = { campsiteId: tenant.campsiteId };
  const comparison = options.comparison ?? 'stagione';
  const [updatedAt, contacts, mails, quotes, conversionFigures, nations, nationConversion, seasonFigures, requests, returning] = await Promise.all([
    refreshedAt(db, scope),
    contactsTotal(db, scope),
    mailsSent(db, scope, now),
    quoteTotals(db, scope),
    conversion(db, scope, comparison, now, options.lucee ?? false),
    nationalities(db, scope),
    nationalityConversion(db, scope, comparison, now),
    seasons(db, scope, now),
    requestsOverTime(db, scope, options.bucket ?? 'giorno', {}, now),
    returningConversion(db, scope, comparison, now),
  ]);
  return { refreshedAt: updatedAt, contacts, mails, quotes, conversion: conversionFigures, nations, nationConversion, seasons: seasonFigures, requests, returning };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;

/** "Aggiorna ora" and /dashboard/forceUpdate: rebuilds the caller's campsite at once. */
export async function refreshDashboard(db: DbOrTx, tenant: Scope, now = new Date()): Promise<{ refreshedAt: Date }> {
  return { refreshedAt: await refreshCampsite(db, tenant.campsiteId, now) };
}
