import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { quoteProgressEvents, quotes } from '@/db/schema';
import { invalidateQuotes } from '@/lib/cache/tags';
import { AppError } from '@/lib/errors';
import type { QuoteProgress } from './progress';
import { EXPIRABLE, assertTransition, type Actor } from './state-machine';

export type ProgressChange = {
  campsiteId: string;
  quoteId: string;
  to: QuoteProgress;
  actor: Actor;
  userId?: string | null;
  note?: string | null;
  /** Other columns that change with the progress (acceptedAt, booking number…). */
  patch?: Partial<typeof quotes.$inferInsert>;
  /** False when the guest's page looks the same after the move (opened: nuovo or inviato to letto). */
  invalidateGuestView?: boolean;
};

type QuoteRow = typeof quotes.$inferSelect;

/**
 * Moves one quote, checked against the state machine, and records who, when and from what.
 * The update is conditional on the progress read, so two concurrent moves cannot both win.
 */
export async function changeProgress(db: DbOrTx, change: ProgressChange): Promise<QuoteRow> {
  const [current] = await db
    .select({ progress: quotes.progress })
    .from(quotes)
    .where(and(eq(quotes.id, change.quoteId), eq(quotes.campingId, change.campsiteId)));
  if (!current) throw new AppError('not_found', 'Preventivo non trovato.');
  assertTransition(current.progress, change.to, change.actor);
  const now = new Date();
  const [updated] = await db
    .update(quotes)
    .set({ ...change.patch, progress: change.to, progressChangedAt: now, version: sql`${quotes.version} + 1` })
    .where(and(eq(quotes.id, change.quoteId), eq(quotes.campingId, change.campsiteId), eq(quotes.progress, current.progress)))
    .returning();
  if (!updated) throw new AppError('conflict', 'Il preventivo è stato modificato nel frattempo: ricarica la pagina e riprova.');
  await db.insert(quoteProgressEvents).values({
    campingId: change.campsiteId,
    quoteId: change.quoteId,
    fromProgress: current.progress,
    toProgress: change.to,
    actorKind: change.actor,
    actorUserId: change.userId ?? null,
    note: change.note ?? null,
    at: now,
  });
  if (change.invalidateGuestView !== false) invalidateQuotes([change.quoteId]);
  return updated;
}

/**
 * Quotes still waiting for the guest after their validity date become 'scaduto'. Run by the
 * scheduled job for every campsite, and before a campsite's quotes are listed or opened.
 */
export async function expireDueQuotes(db: DbOrTx, campsiteId?: string, now = new Date()): Promise<number> {
  const due = and(campsiteId ? eq(quotes.campingId, campsiteId) : undefined, inArray(quotes.progress, EXPIRABLE), lt(quotes.validUntil, now));
  const [{ pending }] = await db.select({ pending: sql<number>`count(*)::int` }).from(quotes).where(due);
  if (pending === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: quotes.id, campingId: quotes.campingId, progress: quotes.progress }).from(quotes).where(due).for('update');
    if (rows.length === 0) return 0;
    await tx
      .update(quotes)
      .set({ progress: 'scaduto', progressChangedAt: now, version: sql`${quotes.version} + 1` })
      .where(inArray(quotes.id, rows.map((row) => row.id)));
    await tx.insert(quoteProgressEvents).values(
      rows.map((row) => ({
        campingId: row.campingId,
        quoteId: row.id,
        fromProgress: row.progress,
        toProgress: 'scaduto' as const,
        actorKind: 'system' as const,
        note: 'Validità scaduta',
        at: now,
      })),
    );
    invalidateQuotes(rows.map((row) => row.id));
    return rows.length;
  });
}
