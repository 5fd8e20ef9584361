import { and, eq, inArray, sql } from "drizzle-orm";
import { invalidateQuotes } from "@/lib/cache/tags";
import { quoteProgressEvents, quotes } from "@/db/schema";
import type { CampsiteCtx, Ctx } from "@/lib/context/unit-of-work";
import { AppError } from "@/lib/errors";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { isOverdue, overdueSql } from "./expiry";
import { assertTransition, type Actor } from "./state-machine";

/** One move of one of the unit of work's campsite's quotes. */
export type ProgressChange = {
  quoteId: string;
  to: QuoteProgress;
  actor: Actor;
  userId?: string | null;
  note?: string | null;
  /** Other columns that change with the progress (acceptedAt, booking number…). */
  patch?: Partial<typeof quotes.$inferInsert>;
};

type QuoteRow = typeof quotes.$inferSelect;

/**
 * Moves one quote, checked against the state machine, and records who, when and from what.
 * The update is conditional on the progress read, so two concurrent moves cannot both win.
 * It may run inside the caller's transaction: the caller drops the guest's cached view once that
 * commits (moveQuote does both for a change on its own).
 */
export async function changeProgress(
  ctx: CampsiteCtx,
  change: ProgressChange,
): Promise<QuoteRow> {
  const { db, campsiteId } = ctx;
  const [current] = await db
    .select({ progress: quotes.progress, validUntil: quotes.validUntil })
    .from(quotes)
    .where(
      and(eq(quotes.id, change.quoteId), eq(quotes.campingId, campsiteId)),
    );
  if (!current) throw new AppError("not_found", "Preventivo non trovato.");
  const now = new Date();
  // Past its validity the quote is expired for everyone, recorded or not: the move starts from there.
  const due = isOverdue(current.progress, current.validUntil, now);
  const from = due ? "scaduto" : current.progress;
  assertTransition(from, change.to, change.actor);
  const [updated] = await db
    .update(quotes)
    .set({
      ...change.patch,
      progress: change.to,
      progressChangedAt: now,
      version: sql`${quotes.version} + 1`,
    })
    .where(
      and(
        eq(quotes.id, change.quoteId),
        eq(quotes.campingId, campsiteId),
        eq(quotes.progress, current.progress),
      ),
    )
    .returning();
  if (!updated)
    throw new AppError(
      "conflict",
      "Il preventivo è stato modificato nel frattempo: ricarica la pagina e riprova.",
    );
  if (due) {
    await db.insert(quoteProgressEvents).values({
      campingId: campsiteId,
      quoteId: change.quoteId,
      fromProgress: current.progress,
      toProgress: "scaduto",
      actorKind: "system",
      note: "Validità scaduta",
      // Just before the move, so the history reads in order.
      at: new Date(now.getTime() - 1),
    });
  }
  await db.insert(quoteProgressEvents).values({
    campingId: campsiteId,
    quoteId: change.quoteId,
    fromProgress: from,
    toProgress: change.to,
    actorKind: change.actor,
    actorUserId: change.userId ?? null,
    note: change.note ?? null,
    at: now,
  });
  return updated;
}

/** One move committed on its own, then the guest's cached view dropped. */
export async function moveQuote(
  ctx: CampsiteCtx,
  change: ProgressChange,
): Promise<QuoteRow> {
  const moved = await changeProgress(ctx, change);
  invalidateQuotes([change.quoteId]);
  return moved;
}

/**
 * Quotes still waiting for the guest after their validity date become 'scaduto'. Run by the
 * scheduled job as system work, a sweep over every campsite; a campsite's unit of work sweeps only
 * its own. Until it runs, lists and pages show such a quote as expired all the same
 * (lib/quotes/expiry.ts). Answers the quotes it moved, whose cached guest views the job drops.
 */
export async function expireDueQuotes(
  ctx: Ctx,
  now = new Date(),
): Promise<string[]> {
  const { db, campsiteId } = ctx;
  const due = and(
    campsiteId ? eq(quotes.campingId, campsiteId) : undefined,
    overdueSql(now),
  );
  const [{ pending }] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(quotes)
    .where(due);
  if (pending === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: quotes.id,
        campingId: quotes.campingId,
        progress: quotes.progress,
      })
      .from(quotes)
      .where(due)
      .for("update");
    if (rows.length === 0) return [];
    await tx
      .update(quotes)
      .set({
        progress: "scaduto",
        progressChangedAt: now,
        version: sql`${quotes.version} + 1`,
      })
      .where(
        inArray(
          quotes.id,
          rows.map((row) => row.id),
        ),
      );
    await tx.insert(quoteProgressEvents).values(
      rows.map((row) => ({
        campingId: row.campingId,
        quoteId: row.id,
        fromProgress: row.progress,
        toProgress: "scaduto" as const,
        actorKind: "system" as const,
        note: "Validità scaduta",
        at: now,
      })),
    );
    return rows.map((row) => row.id);
  });
}
