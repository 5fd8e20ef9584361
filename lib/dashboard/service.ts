import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { contacts, quoteRequests, quotes } from '@/db/schema';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/quotes/progress';
import type { Tenant } from '@/lib/tenant';

export type DashboardOverview = {
  contacts: number;
  quotes: number;
  quotesByProgress: Record<QuoteProgress, number>;
  requestsThisMonth: number;
  quotesThisMonth: number;
  /** Accepted or converted over everything that reached the guest; null before anything was sent. */
  acceptanceRate: number | null;
};

const REACHED_GUEST: QuoteProgress[] = ['inviato', 'letto', 'accettato', 'rifiutato', 'convertito', 'non convertito', 'scaduto'];
const monthStartInRome = sql`date_trunc('month', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome'`;

/** The campsite's figures, straight from the database; every query is scoped to the tenant. */
export async function getOverview(db: DbOrTx, tenant: Pick<Tenant, 'campsiteId'>): Promise<DashboardOverview> {
  const camping = tenant.campsiteId;
  const [contactRows, progressRows, requestRows, monthRows] = await Promise.all([
    db.select({ value: count() }).from(contacts).where(eq(contacts.campingId, camping)),
    db.select({ progress: quotes.progress, value: count() }).from(quotes).where(eq(quotes.campingId, camping)).groupBy(quotes.progress),
    db
      .select({ value: count() })
      .from(quoteRequests)
      .where(and(eq(quoteRequests.campingId, camping), gte(quoteRequests.createdAt, monthStartInRome))),
    db
      .select({ value: count() })
      .from(quotes)
      .where(and(eq(quotes.campingId, camping), gte(quotes.createdAt, monthStartInRome))),
  ]);
  const quotesByProgress = Object.fromEntries(QUOTE_PROGRESS.map((progress) => [progress, 0])) as Record<QuoteProgress, number>;
  for (const row of progressRows) quotesByProgress[row.progress] = row.value;
  const reached = REACHED_GUEST.reduce((sum, progress) => sum + quotesByProgress[progress], 0);
  const won = quotesByProgress.accettato + quotesByProgress.convertito;
  return {
    contacts: contactRows[0]?.value ?? 0,
    quotes: progressRows.reduce((sum, row) => sum + row.value, 0),
    quotesByProgress,
    requestsThisMonth: requestRows[0]?.value ?? 0,
    quotesThisMonth: monthRows[0]?.value ?? 0,
    acceptanceRate: reached === 0 ? null : won / reached,
  };
}
