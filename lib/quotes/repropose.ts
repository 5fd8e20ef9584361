import { and, eq, inArray, sql } from "drizzle-orm";
import {
  contacts,
  quoteCards,
  quoteProgressEvents,
  quoteRequests,
  quotes,
} from "@/db/schema";
import type { BookingPlatform } from "@/lib/booking-platform";
import { invalidateQuotes } from "@/lib/cache/tags";
import { getOwnCampsite } from "@/lib/campsites/service";
import { contactDisplayName } from "@/lib/contacts/display";
import type { CampsiteCtx, StaffCtx } from "@/lib/context/unit-of-work";
import { romeIsoDate } from "@/lib/date-filter";
import { AppError } from "@/lib/errors";
import { guestLocaleOf } from "@/lib/i18n/locales";
import { stayQuoteTitle } from "@/lib/i18n/quote-titles";
import { labelTableOf } from "@/lib/label-translations/service";
import { blankCardInput, cardValues, loadPricingContext } from "./cards";
import { findQuote } from "./detail";
import {
  lastStayOfContact,
  lastStaysForQuotes,
  type LastStay,
} from "./returning-guests";
import { sameWeekIn } from "./same-week";
import { defaultValidUntil } from "./service";

export type ReproposeInput = { quoteId?: string | null; contactId: string };

/** free: the platform says last year's unit is free and it is kept; taken: it is not (left out); unknown: the platform did not answer. */
export type ResourceOutcome = {
  label: string;
  status: "free" | "taken" | "unknown";
};

export type ReproposeResult = {
  quoteId: string;
  contactId: string;
  fromYear: number;
  created: boolean;
  resource: ResourceOutcome | null;
};

/** Quotes a request's drafting may still fill: the request itself, or the draft it became. */
const FILLABLE = ["richiesta", "bozza"];
const MAX_CARDS = 10;

const bad = (message: string) => new AppError("bad_request", message);
const italian = (iso: string) => iso.split("-").reverse().join("/");

/**
 * Without a stay year of its own (a contact's page, a request without dates): the first year,
 * from this one and after the last stay, in which the same week is still ahead of us.
 */
function defaultTargetYear(
  stay: { arrival: string; departure: string; year: number },
  now: Date,
): number {
  const today = romeIsoDate(now);
  const first = Math.max(Number(today.slice(0, 4)), stay.year + 1);
  return sameWeekIn(stay, first).arrival > today ? first : first + 1;
}

async function lastStayFor(
  ctx: CampsiteCtx,
  input: ReproposeInput,
  now: Date,
): Promise<{ stay: LastStay; targetYear: number | null }> {
  const { db, campsiteId } = ctx;
  if (input.quoteId) {
    const quote = await findQuote(ctx, input.quoteId);
    if (quote.contactId !== input.contactId)
      throw bad("Il preventivo non è di questo cliente: ricarica la pagina.");
    if (!FILLABLE.includes(quote.progress))
      throw new AppError(
        "conflict",
        "Questa richiesta è già stata gestita: apri il suo preventivo.",
      );
    const stay = (await lastStaysForQuotes(ctx, { quoteIds: [quote.id] })).get(
      quote.id,
    );
    if (!stay)
      throw bad(
        "Il cliente non ha soggiorni prenotati in una stagione precedente.",
      );
    const [request] = await db
      .select({ arrival: quoteRequests.arrival })
      .from(quoteRequests)
      .where(
        and(
          eq(quoteRequests.quoteId, quote.id),
          eq(quoteRequests.campingId, campsiteId),
        ),
      );
    return {
      stay,
      targetYear: request?.arrival ? Number(request.arrival.slice(0, 4)) : null,
    };
  }
  const stay = await lastStayOfContact(ctx, {
    contactId: input.contactId,
    beforeYear: Number(romeIsoDate(now).slice(0, 4)) + 1,
  });
  if (!stay)
    throw bad(
      "Il cliente non ha soggiorni prenotati in una stagione precedente.",
    );
  return { stay, targetYear: null };
}

/** The platform's word on last year's unit for the new dates; a platform that does not answer leaves it out. */
async function resourceFor(
  platform: BookingPlatform,
  camp: string | null,
  stay: LastStay,
  request: {
    typologyId: string;
    arrival: string;
    departure: string;
    people: number;
  },
) {
  const unit = stay.resources.find((resource) => resource.id !== null);
  if (!unit?.id) return { outcome: null, ids: [] as string[] };
  try {
    const availability = await platform.availability(camp, request);
    const free =
      availability.available &&
      availability.resources.some((resource) => resource.id === unit.id);
    return {
      outcome: {
        label: unit.label,
        status: free ? "free" : "taken",
      } satisfies ResourceOutcome,
      ids: free ? [unit.id] : [],
    };
  } catch {
    return {
      outcome: {
        label: unit.label,
        status: "unknown",
      } satisfies ResourceOutcome,
      ids: [] as string[],
    };
  }
}

/**
 * "Riproponi l'anno scorso": last season's booked stay drafted again for the same guest — same
 * accommodation, same ISO week and weekday in the target year (the request's stay year, else the
 * next such week still ahead), same nights and party, vehicles and services that this year's
 * list still has, priced from the list the card editor uses (loadPricingContext + cardValues).
 * A request's quote gets the card; otherwise a new 'bozza'. Idempotent: a card for the same
 * accommodation and dates is not added twice (the quote, or the contact, is locked meanwhile).
 * Any refusal (accommodation gone from the list, dates out of season) happens before writing.
 */
export async function reproposeLastStay(
  ctx: StaffCtx,
  platform: BookingPlatform,
  input: ReproposeInput,
  now = new Date(),
): Promise<ReproposeResult> {
  const { db, campsiteId, tenant } = ctx;
  const [contact] = await db
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.id, input.contactId), eq(contacts.campingId, campsiteId)),
    );
  if (!contact) throw new AppError("not_found", "Cliente non trovato.");
  const { stay, targetYear } = await lastStayFor(ctx, input, now);
  if (
    !stay.arrival ||
    !stay.departure ||
    !stay.typologyId ||
    stay.people.length === 0
  ) {
    throw bad(
      `Il soggiorno del ${stay.year} non ha sistemazione, date od ospiti: prepara il preventivo a mano.`,
    );
  }
  const year =
    targetYear ??
    defaultTargetYear(
      { arrival: stay.arrival, departure: stay.departure, year: stay.year },
      now,
    );
  const dates = sameWeekIn(
    { arrival: stay.arrival, departure: stay.departure },
    year,
  );

  const campsite = await getOwnCampsite(ctx);
  const pricing = await loadPricingContext(
    platform,
    campsite.platformCampId,
    campsite.discountOnlyOnUnit,
    await labelTableOf(ctx),
  );
  const { priceList } = pricing;
  if (
    !priceList.typologies.some(
      (typology) => typology.typologyId === stay.typologyId,
    )
  ) {
    throw bad(
      `«${stay.typologyName || stay.typologyId}» non è nel listino «${priceList.name}»: prepara il preventivo scegliendo un’altra sistemazione.`,
    );
  }
  const card = blankCardInput({
    typologyId: stay.typologyId,
    arrival: dates.arrival,
    departure: dates.departure,
    people: stay.people.map(({ personTypeId, count }) => ({
      personTypeId,
      count,
    })),
    // Last year's car or dog come again if this year's list still has them.
    vehicles: stay.vehicles.filter((item) =>
      priceList.vehicles.some((vehicle) => vehicle.vehicleId === item.id),
    ),
    services: stay.services.filter((item) =>
      priceList.services.some((service) => service.serviceId === item.id),
    ),
    discountOnlyOnUnit: campsite.discountOnlyOnUnit,
  });
  let values: ReturnType<typeof cardValues>;
  try {
    values = cardValues(card, pricing, 0);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.message.replace(/^Scheda 1: /, "");
    throw bad(
      `Il soggiorno dal ${italian(dates.arrival)} al ${italian(dates.departure)} non si può proporre con il listino «${priceList.name}»: ${message}`,
    );
  }
  const guests = stay.people.reduce((sum, person) => sum + person.count, 0);
  const resource = await resourceFor(platform, campsite.platformCampId, stay, {
    typologyId: stay.typologyId,
    arrival: dates.arrival,
    departure: dates.departure,
    people: guests,
  });
  const sameCard = (row: {
    typologyId: string | null;
    arrival: string | null;
    departure: string | null;
  }) =>
    row.typologyId === card.typologyId &&
    row.arrival === dates.arrival &&
    row.departure === dates.departure;
  const base = {
    contactId: contact.id,
    fromYear: stay.year,
    resource: resource.outcome,
  };

  const result = await db.transaction(async (tx): Promise<ReproposeResult> => {
    if (input.quoteId) {
      // The lock makes a double click wait for the first one and then find its card.
      await tx.execute(
        sql`select id from quotes where id = ${input.quoteId} and camping_id = ${campsiteId} for update`,
      );
      const cards = await tx
        .select()
        .from(quoteCards)
        .where(
          and(
            eq(quoteCards.quoteId, input.quoteId),
            eq(quoteCards.campingId, campsiteId),
          ),
        );
      if (cards.some(sameCard))
        return { ...base, quoteId: input.quoteId, created: false };
      if (cards.length >= MAX_CARDS)
        throw bad(
          `Il preventivo ha già ${MAX_CARDS} schede: togline una per riproporre il soggiorno.`,
        );
      const idx = cards.reduce((max, row) => Math.max(max, row.idx + 1), 0);
      await tx
        .insert(quoteCards)
        .values({
          ...values,
          idx,
          campingId: campsiteId,
          quoteId: input.quoteId,
        });
      await tx
        .update(quotes)
        .set({
          ...(resource.ids.length ? { resources: resource.ids } : {}),
          version: sql`${quotes.version} + 1`,
        })
        .where(
          and(eq(quotes.id, input.quoteId), eq(quotes.campingId, campsiteId)),
        );
      return { ...base, quoteId: input.quoteId, created: true };
    }
    await tx.execute(
      sql`select id from contacts where id = ${contact.id} and camping_id = ${campsiteId} for update`,
    );
    const drafts = tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        and(
          eq(quotes.contactId, contact.id),
          eq(quotes.campingId, campsiteId),
          eq(quotes.progress, "bozza"),
        ),
      );
    const existing = await tx
      .select({
        quoteId: quoteCards.quoteId,
        typologyId: quoteCards.typologyId,
        arrival: quoteCards.arrival,
        departure: quoteCards.departure,
      })
      .from(quoteCards)
      .where(
        and(
          eq(quoteCards.campingId, campsiteId),
          inArray(quoteCards.quoteId, drafts),
        ),
      );
    const found = existing.find(sameCard);
    if (found) return { ...base, quoteId: found.quoteId, created: false };
    const [quote] = await tx
      .insert(quotes)
      .values({
        campingId: campsiteId,
        contactId: contact.id,
        ownerId: tenant.userId,
        // The guest reads the title on their page: in their language.
        name: stayQuoteTitle(
          guestLocaleOf(contact.languageId),
          year,
          contactDisplayName(contact),
        ),
        languageId: contact.languageId,
        progress: "bozza",
        validUntil: defaultValidUntil(now),
        resources: resource.ids,
      })
      .returning({ id: quotes.id });
    await tx
      .insert(quoteCards)
      .values({ ...values, idx: 0, campingId: campsiteId, quoteId: quote.id });
    await tx.insert(quoteProgressEvents).values({
      campingId: campsiteId,
      quoteId: quote.id,
      fromProgress: null,
      toProgress: "bozza",
      actorKind: "staff",
      actorUserId: tenant.userId,
      note: `Bozza creata dal soggiorno del ${stay.year}`,
    });
    return { ...base, quoteId: quote.id, created: true };
  });
  if (result.created) invalidateQuotes([result.quoteId]);
  return result;
}
