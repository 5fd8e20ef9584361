import type { StaffCtx } from "@/lib/context/unit-of-work";
import { AppError } from "@/lib/errors";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { MOVES_ON_QUOTE_PAGE } from "./board-columns";
import { markNotConverted } from "./booking";
import { cardsOf, findQuote } from "./detail";
import { progressAt, validityPassed } from "./expiry";
import { refuseQuote } from "./requests";
import { acceptForGuest, defaultValidUntil } from "./service";
import { assertTransition } from "./state-machine";
import { moveQuote } from "./transitions";

/**
 * A card dropped on a column: the state machine decides first (its Italian reason is what a
 * refused drop shows), then the move goes through the same services as the quote page's buttons,
 * so the progress event, the patch and the guest's cached view are those of any other move.
 */
export async function moveOnBoard(
  ctx: StaffCtx,
  quoteId: string,
  to: QuoteProgress,
): Promise<{ progress: QuoteProgress }> {
  const quote = await findQuote(ctx, quoteId);
  const from = progressAt(quote.progress, quote.validUntil);
  assertTransition(from, to, "staff");
  if (MOVES_ON_QUOTE_PAGE.includes(to)) {
    throw new AppError(
      "conflict",
      to === "inviato"
        ? "Per inviarlo al cliente apri il preventivo e usa «Invia»."
        : "Per prenotarlo apri il preventivo e scegli l’unità.",
    );
  }
  if (to === "accettato") {
    // The card the board shows is the one accepted: the accepted one already, else the first.
    const cards = await cardsOf(ctx, quoteId);
    const card =
      cards.find(
        (candidate) => candidate.idx === (quote.acceptedCardIdx ?? 0),
      ) ?? cards[0];
    if (!card)
      throw new AppError(
        "conflict",
        "Il preventivo non ha schede: completalo prima di segnarlo come accettato.",
      );
    return {
      progress: (await acceptForGuest(ctx, quoteId, card.idx)).progress,
    };
  }
  if (to === "rifiutato")
    return {
      progress: (
        await refuseQuote(ctx, quoteId, "Segnato come rifiutato dalla bacheca")
      ).progress,
    };
  if (to === "non convertito")
    return {
      progress: (await markNotConverted(ctx, quoteId, "Dalla bacheca"))
        .progress,
    };
  const reopening =
    from === "rifiutato" || from === "scaduto" || from === "non convertito";
  const moved = await moveQuote(ctx, {
    quoteId,
    to,
    actor: "staff",
    userId: ctx.tenant.userId,
    note: "Spostato dalla bacheca",
    // Back in play as the quote page's «Riapri» does: the refusal cleared, a passed validity renewed.
    patch: reopening
      ? {
          refusedAt: null,
          refusalReason: null,
          ...(validityPassed(quote.validUntil)
            ? { validUntil: defaultValidUntil() }
            : {}),
        }
      : undefined,
  });
  return { progress: moved.progress };
}
