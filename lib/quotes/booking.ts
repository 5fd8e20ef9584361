import { and, eq } from "drizzle-orm";
import { bookingAttempts, contacts } from "@/db/schema";
import type { Availability, BookingPlatform } from "@/lib/booking-platform";
import { getOwnCampsite } from "@/lib/campsites/service";
import type { StaffCtx } from "@/lib/context/unit-of-work";
import { AppError } from "@/lib/errors";
import { storedCardInput } from "./cards";
import { cardsOf, findQuote, type CardRow, type QuoteRow } from "./detail";
import { BOOKABLE } from "./state-machine";
import { moveQuote } from "./transitions";

function bookableCard(
  quote: QuoteRow,
  cards: CardRow[],
  cardIdx: number,
): CardRow & { typologyId: string; arrival: string; departure: string } {
  if (!BOOKABLE.includes(quote.progress)) {
    throw new AppError(
      "conflict",
      `Un preventivo «${quote.progress}» non si può prenotare.`,
    );
  }
  const card = cards.find((candidate) => candidate.idx === cardIdx);
  if (!card) throw new AppError("not_found", "Scheda non trovata.");
  if (
    !card.typologyId ||
    !card.arrival ||
    !card.departure ||
    card.totalCents <= 0
  ) {
    throw new AppError(
      "bad_request",
      "La scheda non è completa: scegli tipologia, date e ospiti prima di prenotare.",
    );
  }
  if (quote.acceptedCardIdx !== null && quote.acceptedCardIdx !== cardIdx) {
    throw new AppError(
      "bad_request",
      `Il cliente ha accettato la scheda ${quote.acceptedCardIdx + 1}: prenota quella.`,
    );
  }
  return card as CardRow & {
    typologyId: string;
    arrival: string;
    departure: string;
  };
}

/** The booking steps' first step: which units of the card's accommodation are free for its dates. */
export async function checkAvailability(
  ctx: StaffCtx,
  platform: BookingPlatform,
  quoteId: string,
  cardIdx: number,
): Promise<Availability> {
  const quote = await findQuote(ctx, quoteId);
  const card = bookableCard(quote, await cardsOf(ctx, quoteId), cardIdx);
  const campsite = await getOwnCampsite(ctx);
  const people = card.people.reduce((sum, person) => sum + person.count, 0);
  return platform.availability(campsite.platformCampId, {
    typologyId: card.typologyId,
    arrival: card.arrival,
    departure: card.departure,
    people,
  });
}

/**
 * Inserts the booking on the platform (inserisciPrenotazione). Success makes the quote
 * 'convertito' with the platform's booking number; a refusal is recorded as an attempt and
 * leaves the quote where it was, so the staff can pick another unit or close it.
 */
export async function bookQuote(
  ctx: StaffCtx,
  platform: BookingPlatform,
  quoteId: string,
  request: { cardIdx: number; resourceIds: string[] },
): Promise<QuoteRow> {
  const { db, tenant } = ctx;
  const quote = await findQuote(ctx, quoteId);
  const card = bookableCard(
    quote,
    await cardsOf(ctx, quoteId),
    request.cardIdx,
  );
  if (request.resourceIds.length === 0)
    throw new AppError(
      "bad_request",
      "Scegli la piazzola o l’alloggio da prenotare.",
    );
  const campsite = await getOwnCampsite(ctx);
  const [guest] = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.id, quote.contactId),
        eq(contacts.campingId, tenant.campsiteId),
      ),
    );
  if (!guest)
    throw new AppError(
      "not_found",
      "Il cliente del preventivo non esiste più.",
    );
  const { people, vehicles, services } = storedCardInput(card);
  const booking = {
    quoteId,
    cardIdx: card.idx,
    typologyId: card.typologyId,
    arrival: card.arrival,
    departure: card.departure,
    people,
    vehicles,
    services,
    resourceIds: request.resourceIds,
    totalCents: card.totalCents,
    guest: {
      firstName: guest.firstName,
      lastName: guest.lastName,
      email: guest.email ?? "",
      phone: guest.phone,
      languageId: guest.languageId ?? 1,
    },
  };
  const attempt = {
    campingId: tenant.campsiteId,
    quoteId,
    userId: tenant.userId,
    cardIdx: card.idx,
    request: booking,
  };
  let reference;
  try {
    reference = await platform.insertBooking(campsite.platformCampId, booking);
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : "La piattaforma di prenotazione non ha risposto.";
    await db
      .insert(bookingAttempts)
      .values({ ...attempt, outcome: "failed", error: message });
    throw error instanceof AppError
      ? error
      : new AppError("unavailable", message);
  }
  await db
    .insert(bookingAttempts)
    .values({ ...attempt, outcome: "ok", response: reference });
  return moveQuote(ctx, {
    quoteId,
    to: "convertito",
    actor: "staff",
    userId: tenant.userId,
    note: `Prenotazione ${reference.number}/${reference.year}`,
    patch: {
      bookingYear: reference.year,
      bookingNumber: reference.number,
      resources: request.resourceIds,
      acceptedCardIdx: card.idx,
      acceptedAt: quote.acceptedAt ?? new Date(),
    },
  });
}

/** The staff close a quote whose booking failed or was abandoned. */
export async function markNotConverted(
  ctx: StaffCtx,
  quoteId: string,
  note: string | null,
): Promise<QuoteRow> {
  return moveQuote(ctx, {
    quoteId,
    to: "non convertito",
    actor: "staff",
    userId: ctx.tenant.userId,
    note,
  });
}

/** The legacy addAttempt: an attempt made elsewhere (the platform's own screens), recorded on the quote. */
export async function recordAttempt(
  ctx: StaffCtx,
  quoteId: string,
  attempt: {
    cardIdx?: number | null;
    outcome: "ok" | "failed";
    error?: string | null;
    response?: unknown;
  },
): Promise<void> {
  await findQuote(ctx, quoteId);
  await ctx.db.insert(bookingAttempts).values({
    campingId: ctx.campsiteId,
    quoteId,
    userId: ctx.tenant.userId,
    cardIdx: attempt.cardIdx ?? null,
    outcome: attempt.outcome,
    error: attempt.error ?? null,
    response: attempt.response ?? null,
  });
}
