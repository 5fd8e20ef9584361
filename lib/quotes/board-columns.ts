import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { canTransition } from "./state-machine";

/**
 * The finished states start folded on the board: the day's work is the quotes still moving;
 * refused, booked, lost and expired ones are history, shown by their count and total until opened.
 */
export const FOLDED_COLUMNS: readonly QuoteProgress[] = [
  "rifiutato",
  "convertito",
  "non convertito",
  "scaduto",
];

/**
 * Moves the machine allows the staff but the board cannot make alone: 'inviato' sends the guest a
 * mail and 'convertito' books a unit on the platform, both chosen on the quote's page.
 */
export const MOVES_ON_QUOTE_PAGE: readonly QuoteProgress[] = [
  "inviato",
  "convertito",
];

/** The columns a staff member can move a card to from the board (the card's «Sposta in…» menu). */
export function boardTargets(
  from: QuoteProgress,
  columns: readonly QuoteProgress[],
): QuoteProgress[] {
  return columns.filter(
    (to) =>
      to !== from &&
      canTransition(from, to, "staff") &&
      !MOVES_ON_QUOTE_PAGE.includes(to),
  );
}
