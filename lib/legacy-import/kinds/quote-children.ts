import { and, eq, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { quoteCards, quoteProgressEvents, quoteRequests } from '@/db/schema';
import type { ImportCtx } from '../kind';
import { keepIds, upsertKeepingIds } from '../upsert';
import { CARD_COMPARED, HISTORY_PREFIX, type cardRows, type historyRows, type LegacyQuote } from './quote-rows';

type CardInsert = ReturnType<typeof cardRows>[number];
type EventInsert = ReturnType<typeof historyRows>[number];

/**
 * The page's quotes' cards as the old system has them: cards it no longer has are deleted, the
 * others upserted by card id. A card that moved to another place is deleted and written again,
 * since (quote, place) is unique and one statement cannot swap two places. Answers the quotes
 * whose cards changed.
 */
export async function writeCards(ctx: ImportCtx, quoteIds: string[], cards: CardInsert[]): Promise<Set<string>> {
  const changed = new Set<string>();
  if (!quoteIds.length) return changed;
  const { db, campsiteId } = ctx;
  await keepIds(ctx, quoteCards, 'schede', cards);
  if (ctx.dryRun) return changed;
  const kept: SQL[] = cards.map((card) => sql`(${card.id}, ${card.idx})`);
  const stale = await db
    .delete(quoteCards)
    .where(
      and(
        eq(quoteCards.campingId, campsiteId),
        inArray(quoteCards.quoteId, quoteIds),
        kept.length ? sql`(${quoteCards.id}, ${quoteCards.idx}) not in (${sql.join(kept, sql`, `)})` : undefined,
      ),
    )
    .returning({ quoteId: quoteCards.quoteId });
  for (const row of stale) changed.add(row.quoteId);
  const quoteOf = new Map(cards.map((card) => [card.id, card.quoteId]));
  const outcome = await upsertKeepingIds(ctx, quoteCards, 'schede', cards, [...CARD_COMPARED]);
  for (const id of outcome.written) changed.add(quoteOf.get(id) ?? id);
  return changed;
}

/** The history derived from the old dates: upserted by its fixed ids, and the derived rows no longer derived deleted. */
export async function writeHistory(ctx: ImportCtx, quoteIds: string[], events: EventInsert[]): Promise<Set<string>> {
  const changed = new Set<string>();
  if (ctx.dryRun || !quoteIds.length) return changed;
  const { db, campsiteId } = ctx;
  const stale = await db
    .delete(quoteProgressEvents)
    .where(
      and(
        eq(quoteProgressEvents.campingId, campsiteId),
        inArray(quoteProgressEvents.quoteId, quoteIds),
        like(quoteProgressEvents.id, `${HISTORY_PREFIX}%`),
        events.length ? notInArray(quoteProgressEvents.id, events.map((event) => event.id)) : undefined,
      ),
    )
    .returning({ quoteId: quoteProgressEvents.quoteId });
  for (const row of stale) changed.add(row.quoteId);
  if (!events.length) return changed;
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  const written = await db
    .insert(quoteProgressEvents)
    .values(events)
    .onConflictDoUpdate({
      target: quoteProgressEvents.id,
      set: { fromProgress: excluded('from_progress'), toProgress: excluded('to_progress'), at: excluded('created_at') },
      setWhere: and(
        eq(quoteProgressEvents.campingId, campsiteId),
        or(
          sql`${quoteProgressEvents.fromProgress} is distinct from ${excluded('from_progress')}`,
          sql`${quoteProgressEvents.toProgress} is distinct from ${excluded('to_progress')}`,
          sql`${quoteProgressEvents.at} is distinct from ${excluded('created_at')}`,
        ),
      ),
    })
    .returning({ quoteId: quoteProgressEvents.quoteId });
  for (const row of written) changed.add(row.quoteId);
  return changed;
}

/**
 * No legacy call shows a request (richiesta) as the guest sent it: /addQuoteCamp only files one,
 * /dashboard/totalRequest only counts them, and the quote carries no message or form payload. A
 * quote still in progress «richiesta» is one, though, and the staff's «Richieste» screen lists
 * requests, not quotes: such a quote gets its request row here, with the stay of its first card and
 * an empty message, so the open requests are there after the switch. A row already here is kept.
 */
export async function openRequests(ctx: ImportCtx, quotes: { id: string; contactId: string; languageId: number | null; legacy: LegacyQuote }[]): Promise<Set<string>> {
  const changed = new Set<string>();
  const open = quotes.filter((quote) => quote.legacy.progress === 'richiesta');
  if (ctx.dryRun || !open.length) return changed;
  const rows = open.map(({ id, contactId, languageId, legacy }) => {
    const first = [...legacy.schede].sort((a, b) => a.idx - b.idx)[0];
    return {
      id: `richiesta-${id}`,
      campingId: ctx.campsiteId,
      quoteId: id,
      contactId,
      languageId,
      arrival: first?.arrivo ?? null,
      departure: first?.partenza ?? null,
      message: '',
      payload: {},
      createdAt: new Date(legacy.date_creation),
    };
  });
  const written = await ctx.db.insert(quoteRequests).values(rows).onConflictDoNothing().returning({ quoteId: quoteRequests.quoteId });
  for (const row of written) changed.add(row.quoteId);
  return changed;
}
