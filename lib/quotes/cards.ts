import type { quoteCards } from "@/db/schema";
import type { CardRow } from "./detail";
import type { BookingPlatform, Offer, PriceList } from "@/lib/booking-platform";
import { AppError } from "@/lib/errors";
import {
  labelNames,
  type CardLabels,
  type LabelNames,
  type LabelTable,
} from "../i18n/label-names";
import { cardDiscount, priceCard } from "../booking-platform/pricing";
import type { CardInput } from "./validation";

export type CompleteCard = CardInput & {
  typologyId: string;
  arrival: string;
  departure: string;
};

/** A card can be priced once it names the accommodation, the stay and at least one guest. */
export function isComplete(card: CardInput): card is CompleteCard {
  return Boolean(
    card.typologyId &&
    card.arrival &&
    card.departure &&
    card.people.some((person) => person.count > 0),
  );
}

/** What the pricing needs from the campsite and the platform, fetched once per save. */
export type PricingContext = {
  priceList: PriceList;
  offers: Offer[];
  discountOnlyOnUnitDefault: boolean;
  labels?: LabelTable;
};

export async function loadPricingContext(
  platform: BookingPlatform,
  camp: string | null,
  discountOnlyOnUnitDefault: boolean,
  labels?: LabelTable,
): Promise<PricingContext> {
  const [priceList, offers] = await Promise.all([
    platform.priceList(camp),
    platform.offers(camp),
  ]);
  return { priceList, offers, discountOnlyOnUnitDefault, labels };
}

type CardValues = Omit<
  typeof quoteCards.$inferInsert,
  "id" | "campingId" | "quoteId" | "idx"
>;

/**
 * The stored form of a card: a complete card priced from the price list (the input never
 * carries prices), a draft card kept as typed with no price yet.
 */
export function cardValues(
  card: CardInput,
  context: PricingContext,
  position: number,
): CardValues {
  const { priceList, labels } = context;
  // The guest's words are fixed now, with the price: a later change of catalogue or table leaves them.
  const named = (
    id: string,
    item: { name: string; names?: LabelNames } | undefined,
  ) => {
    const label = item?.name ?? id;
    return { label, names: labelNames(label, item?.names, labels) };
  };
  const common = {
    typologyId: card.typologyId ?? null,
    arrival: card.arrival ?? null,
    departure: card.departure ?? null,
    people: card.people.map((person) => ({
      personTypeId: person.personTypeId,
      count: person.count,
      ...named(
        person.personTypeId,
        priceList.people.find(
          (fee) => fee.personTypeId === person.personTypeId,
        ),
      ),
    })),
    vehicles: card.vehicles.map((item) => ({
      ...item,
      ...named(
        item.id,
        priceList.vehicles.find((v) => v.vehicleId === item.id),
      ),
    })),
    services: card.services.map((item) => ({
      ...item,
      ...named(
        item.id,
        priceList.services.find((s) => s.serviceId === item.id),
      ),
    })),
    text: card.text,
    imageIds: card.imageIds,
    priceListId: priceList.id,
  };
  if (!isComplete(card)) {
    const typologyName =
      priceList.typologies.find((t) => t.typologyId === card.typologyId)
        ?.name ?? "";
    return {
      ...common,
      typologyName,
      priceLines: [],
      subtotalCents: 0,
      discountCents: card.discountCents,
      discountBasisPoints: card.discountBasisPoints,
      discountOnlyOnUnit:
        card.discountOnlyOnUnit ?? context.discountOnlyOnUnitDefault,
      totalCents: 0,
      offerId: card.offerId ?? null,
      offerName: null,
      guestLabels: {},
    };
  }
  try {
    const { discount, offer } = cardDiscount(
      card,
      context.offers,
      context.discountOnlyOnUnitDefault,
    );
    const priced = priceCard(priceList, card, discount, labels);
    const guestLabels: CardLabels = {
      typology: priced.typologyNames,
      ...(offer ? { offer: labelNames(offer.name, offer.names, labels) } : {}),
    };
    return {
      ...common,
      typologyName: priced.typologyName,
      priceLines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountCents: discount.cents ?? 0,
      discountBasisPoints: discount.basisPoints ?? 0,
      discountOnlyOnUnit: discount.onlyOnUnit,
      totalCents: priced.totalCents,
      offerId: offer?.id ?? null,
      offerName: offer?.name ?? null,
      guestLabels,
    };
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(
        error.kind,
        `Scheda ${position + 1}: ${error.message}`,
        { card: position },
      );
    throw error;
  }
}

/** A stored card as input again, for an edit that leaves the cards out. */
export function storedCardInput(card: CardRow): CardInput {
  return {
    id: card.id,
    typologyId: card.typologyId,
    arrival: card.arrival,
    departure: card.departure,
    people: card.people.map(({ personTypeId, count }) => ({
      personTypeId,
      count,
    })),
    vehicles: card.vehicles.map(({ id, quantity }) => ({ id, quantity })),
    services: card.services.map(({ id, quantity }) => ({ id, quantity })),
    offerId: card.offerId,
    discountBasisPoints: card.discountBasisPoints,
    discountCents: card.discountCents,
    discountOnlyOnUnit: card.discountOnlyOnUnit,
    text: card.text,
    imageIds: card.imageIds,
  };
}

/** A card with nothing chosen yet but what the caller gives (a new card, a request's first card). */
export function blankCardInput(
  values: Partial<CardInput> & Pick<CardInput, "discountOnlyOnUnit">,
): CardInput {
  return {
    typologyId: null,
    arrival: null,
    departure: null,
    people: [],
    vehicles: [],
    services: [],
    offerId: null,
    discountBasisPoints: 0,
    discountCents: 0,
    text: "",
    imageIds: [],
    ...values,
  };
}
