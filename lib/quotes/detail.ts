import { and, asc, desc, eq } from "drizzle-orm";
import {
  bookingAttempts,
  contacts,
  quoteCards,
  quoteProgressEvents,
  quoteRequests,
  quotes,
  users,
} from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { progressAt } from "./expiry";

export type QuoteRow = typeof quotes.$inferSelect;
export type CardRow = typeof quoteCards.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

export type QuoteDetail = {
  quote: QuoteRow;
  contact: ContactRow;
  cards: CardRow[];
  owner: { id: string; name: string } | null;
  events: {
    id: string;
    from: string | null;
    to: string;
    actor: string;
    userName: string | null;
    note: string | null;
    at: Date;
  }[];
  request: typeof quoteRequests.$inferSelect | null;
  attempts: (typeof bookingAttempts.$inferSelect)[];
};

/**
 * The quote row alone, scoped to the campsite; another campsite's id is simply not found. Its
 * progress is the one the staff see: 'scaduto' past its validity even before the job records it.
 */
export async function findQuote(
  ctx: CampsiteCtx,
  quoteId: string,
): Promise<QuoteRow> {
  const [quote] = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.campingId, ctx.campsiteId)));
  if (!quote) throw new AppError("not_found", "Preventivo non trovato.");
  return { ...quote, progress: progressAt(quote.progress, quote.validUntil) };
}

export async function cardsOf(
  ctx: CampsiteCtx,
  quoteId: string,
): Promise<CardRow[]> {
  return ctx.db
    .select()
    .from(quoteCards)
    .where(
      and(
        eq(quoteCards.quoteId, quoteId),
        eq(quoteCards.campingId, ctx.campsiteId),
      ),
    )
    .orderBy(asc(quoteCards.idx));
}

/** Everything the staff see of one quote: cards, guest, owner, history, the request and booking attempts. */
export async function getQuoteDetail(
  ctx: CampsiteCtx,
  quoteId: string,
): Promise<QuoteDetail> {
  const quote = await findQuote(ctx, quoteId);
  const { db, campsiteId: camping } = ctx;
  const [[contact], cards, owner, events, [request], attempts] =
    await Promise.all([
      db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.id, quote.contactId),
            eq(contacts.campingId, camping),
          ),
        ),
      cardsOf(ctx, quoteId),
      quote.ownerId
        ? db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(
              and(eq(users.id, quote.ownerId), eq(users.campingId, camping)),
            )
        : Promise.resolve([]),
      db
        .select({
          id: quoteProgressEvents.id,
          from: quoteProgressEvents.fromProgress,
          to: quoteProgressEvents.toProgress,
          actor: quoteProgressEvents.actorKind,
          userName: users.name,
          note: quoteProgressEvents.note,
          at: quoteProgressEvents.at,
        })
        .from(quoteProgressEvents)
        .leftJoin(users, eq(users.id, quoteProgressEvents.actorUserId))
        .where(
          and(
            eq(quoteProgressEvents.quoteId, quoteId),
            eq(quoteProgressEvents.campingId, camping),
          ),
        )
        .orderBy(desc(quoteProgressEvents.at)),
      db
        .select()
        .from(quoteRequests)
        .where(
          and(
            eq(quoteRequests.quoteId, quoteId),
            eq(quoteRequests.campingId, camping),
          ),
        ),
      db
        .select()
        .from(bookingAttempts)
        .where(
          and(
            eq(bookingAttempts.quoteId, quoteId),
            eq(bookingAttempts.campingId, camping),
          ),
        )
        .orderBy(desc(bookingAttempts.at)),
    ]);
  if (!contact)
    throw new AppError(
      "not_found",
      "Il cliente del preventivo non esiste più.",
    );
  return {
    quote,
    contact,
    cards,
    owner: owner[0] ?? null,
    events,
    request: request ?? null,
    attempts,
  };
}
