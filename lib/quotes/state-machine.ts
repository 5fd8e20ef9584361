import { AppError } from "@/lib/errors";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";

/** Who moves a quote: the campsite's staff, the guest on the mini-site, a scheduled job, the booking platform. */
export type Actor = "staff" | "guest" | "system" | "platform";

const STAFF: Actor[] = ["staff"];
const BOOKING: Actor[] = ["staff", "platform"];

/**
 * Every allowed move, and who may make it: the one definition of a quote's life.
 * The guest only ever moves a quote forward (opened, accepted); convertito is final.
 */
export const TRANSITIONS: Record<
  QuoteProgress,
  Partial<Record<QuoteProgress, Actor[]>>
> = {
  richiesta: { bozza: STAFF, nuovo: STAFF, rifiutato: STAFF },
  bozza: { nuovo: STAFF, rifiutato: STAFF },
  nuovo: {
    bozza: STAFF,
    inviato: ["staff", "system"],
    letto: ["guest"],
    accettato: ["guest", "staff"],
    rifiutato: STAFF,
    convertito: BOOKING,
    "non convertito": BOOKING,
    scaduto: ["system"],
  },
  inviato: {
    letto: ["guest"],
    accettato: ["guest", "staff"],
    rifiutato: STAFF,
    convertito: BOOKING,
    "non convertito": BOOKING,
    scaduto: ["system"],
  },
  letto: {
    accettato: ["guest", "staff"],
    rifiutato: STAFF,
    convertito: BOOKING,
    "non convertito": BOOKING,
    scaduto: ["system"],
  },
  accettato: {
    convertito: BOOKING,
    "non convertito": BOOKING,
    rifiutato: STAFF,
  },
  rifiutato: { nuovo: STAFF, bozza: STAFF },
  convertito: {},
  "non convertito": { convertito: BOOKING, nuovo: STAFF },
  scaduto: { nuovo: STAFF, bozza: STAFF },
};

/** How far a quote has gone towards the guest; a guest's action must increase it. */
export const GUEST_PROGRESS_RANK: Partial<Record<QuoteProgress, number>> = {
  nuovo: 1,
  inviato: 2,
  letto: 3,
  accettato: 4,
};

/** Staff may change the content of a quote unless the guest accepted it or it became a booking. */
export const LOCKED_CONTENT: QuoteProgress[] = ["accettato", "convertito"];

/** Quotes whose booking can be attempted by the staff. */
export const BOOKABLE: QuoteProgress[] = [
  "nuovo",
  "inviato",
  "letto",
  "accettato",
  "non convertito",
];

export function canTransition(
  from: QuoteProgress,
  to: QuoteProgress,
  actor: Actor,
): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

const ACTOR_LABELS: Record<Actor, string> = {
  staff: "staff",
  guest: "cliente",
  system: "sistema",
  platform: "piattaforma di prenotazione",
};

export function assertTransition(
  from: QuoteProgress,
  to: QuoteProgress,
  actor: Actor,
): void {
  if (!canTransition(from, to, actor)) {
    throw new AppError(
      "conflict",
      `Un preventivo «${from}» non può passare a «${to}» (azione di: ${ACTOR_LABELS[actor]}).`,
    );
  }
}

export function assertEditable(progress: QuoteProgress): void {
  if (progress === "convertito")
    throw new AppError(
      "conflict",
      "Il preventivo è già diventato una prenotazione: non si può più modificare.",
    );
  if (progress === "accettato") {
    throw new AppError(
      "conflict",
      "Il cliente ha già accettato questo preventivo: non si può più modificare. Se serve, crea un nuovo preventivo.",
    );
  }
}
