import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { contacts, quoteCards, quoteProgressEvents, quotes } from "@/db/schema";
import type { BookingPlatform } from "@/lib/booking-platform";
import { invalidateQuotes } from "@/lib/cache/tags";
import { getOwnCampsite } from "@/lib/campsites/service";
import type { CampsiteCtx, StaffCtx } from "@/lib/context/unit-of-work";
import { endOfRomeDay, romeIsoDate } from "@/lib/date-filter";
import { AppError } from "@/lib/errors";
import { labelTableOf } from "@/lib/label-translations/service";
import { cardValues, isComplete, loadPricingContext } from "./cards";
import { cardsOf, findQuote, type QuoteRow } from "./detail";
import { validityPassed } from "./expiry";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { assertEditable, assertTransition } from "./state-machine";
import { moveQuote } from "./transitions";
import type { CardInput, QuoteInput } from "./validation";

const DAY_MS = 86_400_000;

const staleEdit = () =>
  new AppError(
    "conflict",
    "Qualcun altro ha modificato il preventivo dopo che l’hai aperto: le tue modifiche restano qui, ma per salvarle ricarica la pagina e riportale.",
  );
export const DEFAULT_VALIDITY_DAYS = 14;

/** A new quote's validity when nobody chose one: the end of the Rome day DEFAULT_VALIDITY_DAYS from now. */
export const defaultValidUntil = (now = new Date()) =>
  endOfRomeDay(
    romeIsoDate(new Date(now.getTime() + DEFAULT_VALIDITY_DAYS * DAY_MS)),
  );

async function contactOf(ctx: CampsiteCtx, contactId: string) {
  const [contact] = await ctx.db
    .select({ id: contacts.id, languageId: contacts.languageId })
    .from(contacts)
    .where(
      and(eq(contacts.id, contactId), eq(contacts.campingId, ctx.campsiteId)),
    );
  if (!contact)
    throw new AppError("not_found", "Cliente non trovato: sceglilo di nuovo.");
  return contact;
}

function checkTags(tags: string[], allowed: { name: string }[]): void {
  const unknown = tags.filter(
    (tag) => !allowed.some((definition) => definition.name === tag),
  );
  if (unknown.length)
    throw new AppError(
      "bad_request",
      `Etichette non previste dal campeggio: ${unknown.join(", ")}.`,
    );
}

/** Progress values a draft may have: everything else is in front of the guest and must be complete. */
const DRAFT_LIKE: QuoteProgress[] = ["richiesta", "bozza"];

/**
 * A quote the guest may see needs at least one card, every card priced; one that becomes
 * 'nuovo' also needs a validity in the future.
 */
function checkComplete(
  cards: CardInput[],
  validUntil: Date | null,
  target: QuoteProgress,
): void {
  if (DRAFT_LIKE.includes(target)) return;
  if (cards.length === 0)
    throw new AppError(
      "bad_request",
      "Aggiungi almeno una scheda, oppure salva come bozza.",
    );
  const incomplete = cards.findIndex((card) => !isComplete(card));
  if (incomplete >= 0) {
    throw new AppError(
      "bad_request",
      `Scheda ${incomplete + 1}: scegli tipologia, date e almeno un ospite, oppure salva come bozza.`,
      { card: incomplete },
    );
  }
  if (target === "nuovo" && validityPassed(validUntil)) {
    throw new AppError(
      "bad_request",
      "La data di validità è già passata: scegline una futura.",
    );
  }
}

type Prepared = {
  values: Omit<typeof quotes.$inferInsert, "campingId" | "progress">;
  cards: ReturnType<typeof cardValues>[];
};

function validityOf(input: QuoteInput): Date {
  return input.validUntil
    ? endOfRomeDay(input.validUntil)
    : defaultValidUntil();
}

async function prepare(
  ctx: CampsiteCtx,
  input: QuoteInput,
  platform: BookingPlatform,
  validUntil: Date | null,
): Promise<Prepared> {
  const campsite = await getOwnCampsite(ctx);
  const contact = await contactOf(ctx, input.contactId);
  checkTags(input.tags, campsite.personalizedQuoteTags);
  const labels = await labelTableOf(ctx);
  const pricing = await loadPricingContext(
    platform,
    campsite.platformCampId,
    campsite.discountOnlyOnUnit,
    labels,
  );
  return {
    values: {
      contactId: contact.id,
      // Spec section 5: an empty name is saved as 'undefined'.
      name: input.name || "undefined",
      languageId: input.languageId ?? contact.languageId,
      validUntil,
      tags: input.tags,
    },
    cards: input.cards.map((card, index) => cardValues(card, pricing, index)),
  };
}

/** A new quote, saved as a draft or as complete ('nuovo'), with its first progress event. */
export async function createQuote(
  ctx: StaffCtx,
  input: QuoteInput,
  platform: BookingPlatform,
): Promise<QuoteRow> {
  const { tenant } = ctx;
  const validUntil = validityOf(input);
  checkComplete(input.cards, validUntil, input.saveAs);
  const prepared = await prepare(ctx, input, platform, validUntil);
  return ctx.db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(quotes)
      .values({
        ...prepared.values,
        campingId: tenant.campsiteId,
        ownerId: tenant.userId,
        progress: input.saveAs,
      })
      .returning();
    if (prepared.cards.length) {
      await tx
        .insert(quoteCards)
        .values(
          prepared.cards.map((card, idx) => ({
            ...card,
            idx,
            campingId: tenant.campsiteId,
            quoteId: quote.id,
          })),
        );
    }
    await tx.insert(quoteProgressEvents).values({
      campingId: tenant.campsiteId,
      quoteId: quote.id,
      fromProgress: null,
      toProgress: input.saveAs,
      actorKind: "staff",
      actorUserId: tenant.userId,
    });
    return quote;
  });
}

/**
 * The progress a staff save leads to: a request, draft or new quote becomes what the staff chose;
 * an expired one given a future validity too. A quote the guest already has keeps its progress.
 */
function progressAfterSave(
  current: QuoteProgress,
  saveAs: QuoteInput["saveAs"],
  validUntil: Date | null,
): QuoteProgress {
  if (current === "richiesta" || current === "bozza" || current === "nuovo")
    return saveAs;
  if (current === "scaduto" && validUntil && validUntil.getTime() > Date.now())
    return saveAs;
  return current;
}

/**
 * Saves the staff's changes. Cards keep their ids (their public links) when the input names
 * them; removed cards go; positions follow the input's order.
 */
export async function updateQuote(
  ctx: StaffCtx,
  quoteId: string,
  input: QuoteInput,
  platform: BookingPlatform,
  options: { keepValidity?: boolean } = {},
): Promise<QuoteRow> {
  const { tenant } = ctx;
  const existing = await findQuote(ctx, quoteId);
  assertEditable(existing.progress);
  if (
    input.expectedVersion !== undefined &&
    input.expectedVersion !== existing.version
  )
    throw staleEdit();
  const validUntil = options.keepValidity
    ? existing.validUntil
    : validityOf(input);
  const next = progressAfterSave(existing.progress, input.saveAs, validUntil);
  if (next !== existing.progress)
    assertTransition(existing.progress, next, "staff");
  checkComplete(input.cards, validUntil, next);
  const prepared = await prepare(ctx, input, platform, validUntil);
  const keptIds = input.cards
    .map((card) => card.id)
    .filter((id): id is string => Boolean(id));
  const existingCards = await cardsOf(ctx, quoteId);
  const unknown = keptIds.find(
    (id) => !existingCards.some((card) => card.id === id),
  );
  if (unknown)
    throw new AppError(
      "bad_request",
      "Una delle schede non appartiene a questo preventivo: ricarica la pagina.",
    );

  const saved = await ctx.db.transaction(async (tx) => {
    const [quote] = await tx
      .update(quotes)
      .set({
        ...prepared.values,
        validUntil,
        progress: next,
        ...(next !== existing.progress
          ? { progressChangedAt: new Date() }
          : {}),
        version: sql`${quotes.version} + 1`,
      })
      .where(
        and(
          eq(quotes.id, quoteId),
          eq(quotes.campingId, tenant.campsiteId),
          eq(quotes.version, existing.version),
        ),
      )
      .returning();
    if (!quote) throw staleEdit();
    const scope = and(
      eq(quoteCards.quoteId, quoteId),
      eq(quoteCards.campingId, tenant.campsiteId),
    );
    await tx
      .delete(quoteCards)
      .where(
        keptIds.length ? and(scope, notInArray(quoteCards.id, keptIds)) : scope,
      );
    // Move the kept cards out of the way of the unique (quote, idx) before renumbering them.
    if (keptIds.length)
      await tx
        .update(quoteCards)
        .set({ idx: sql`${quoteCards.idx} + 1000` })
        .where(and(scope, inArray(quoteCards.id, keptIds)));
    for (const [idx, card] of prepared.cards.entries()) {
      const id = input.cards[idx]?.id;
      if (id)
        await tx
          .update(quoteCards)
          .set({ ...card, idx })
          .where(and(scope, eq(quoteCards.id, id)));
      else
        await tx
          .insert(quoteCards)
          .values({ ...card, idx, campingId: tenant.campsiteId, quoteId });
    }
    if (next !== existing.progress) {
      await tx.insert(quoteProgressEvents).values({
        campingId: tenant.campsiteId,
        quoteId,
        fromProgress: existing.progress,
        toProgress: next,
        actorKind: "staff",
        actorUserId: tenant.userId,
      });
    }
    return quote;
  });
  invalidateQuotes([quoteId]);
  return saved;
}

export async function deleteQuote(
  ctx: CampsiteCtx,
  quoteId: string,
): Promise<void> {
  const quote = await findQuote(ctx, quoteId);
  if (quote.progress === "convertito")
    throw new AppError(
      "conflict",
      "Un preventivo diventato prenotazione non si può eliminare.",
    );
  await ctx.db
    .delete(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.campingId, ctx.campsiteId)));
  invalidateQuotes([quoteId]);
}

/** The guest accepted an offer by phone or in person: the staff record it for them. */
export async function acceptForGuest(
  ctx: StaffCtx,
  quoteId: string,
  cardIdx: number,
): Promise<QuoteRow> {
  const cards = await cardsOf(ctx, quoteId);
  const card = cards.find((candidate) => candidate.idx === cardIdx);
  if (!card) throw new AppError("not_found", "Scheda non trovata.");
  if (card.totalCents <= 0)
    throw new AppError(
      "bad_request",
      "La scheda non ha un prezzo: completala prima di segnarla come accettata.",
    );
  return moveQuote(ctx, {
    quoteId,
    to: "accettato",
    actor: "staff",
    userId: ctx.tenant.userId,
    note: `Accettata la scheda ${cardIdx + 1} (registrato dallo staff)`,
    patch: { acceptedCardIdx: cardIdx, acceptedAt: new Date() },
  });
}

/**
 * A refused, expired or failed quote back in play: 'nuovo' when every card is priced, else
 * 'bozza' to finish it first. An expired validity moves on by the default period.
 */
export async function reopenQuote(
  ctx: StaffCtx,
  quoteId: string,
): Promise<QuoteRow> {
  const quote = await findQuote(ctx, quoteId);
  const cards = await cardsOf(ctx, quoteId);
  const complete =
    cards.length > 0 &&
    cards.every(
      (card) =>
        card.totalCents > 0 &&
        card.typologyId &&
        card.arrival &&
        card.departure,
    );
  const expired = !quote.validUntil || validityPassed(quote.validUntil);
  return moveQuote(ctx, {
    quoteId,
    to: complete ? "nuovo" : "bozza",
    actor: "staff",
    userId: ctx.tenant.userId,
    note: "Riaperto",
    patch: {
      refusedAt: null,
      refusalReason: null,
      ...(expired ? { validUntil: defaultValidUntil() } : {}),
    },
  });
}
