import { and, asc, eq } from "drizzle-orm";
import { contacts, languages } from "@/db/schema";
import type { BookingPlatform, Offer, PriceList } from "@/lib/booking-platform";
import { getOwnCampsite } from "@/lib/campsites/service";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { romeIsoDate } from "@/lib/date-filter";
import { blankCardInput, storedCardInput } from "./cards";
import type { QuoteDetail } from "./detail";
import type { QuoteProgress } from "@/lib/vocabulary/quote-progress";
import { DEFAULT_VALIDITY_DAYS } from "./service";
import type { CardInput } from "./validation";

export type ContactChoice = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  languageId: number | null;
};

/** Everything the quote editor needs, serialisable for the client component. */
export type EditorData = {
  priceList: PriceList;
  /** Guests in the platform's order (ordinamento, highest first). */
  personTypeIds: string[];
  offers: Offer[];
  discountOnlyOnUnitDefault: boolean;
  languages: { id: number; name: string }[];
  tags: string[];
  initial: {
    quoteId: string | null;
    progress: QuoteProgress | null;
    version: number | null;
    contact: ContactChoice | null;
    name: string;
    languageId: number | null;
    validUntil: string;
    tags: string[];
    cards: CardInput[];
  };
};

export async function contactChoice(
  ctx: CampsiteCtx,
  contactId: string,
): Promise<ContactChoice | null> {
  const [row] = await ctx.db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      languageId: contacts.languageId,
    })
    .from(contacts)
    .where(
      and(eq(contacts.id, contactId), eq(contacts.campingId, ctx.campsiteId)),
    );
  return row ?? null;
}

export async function loadEditorData(
  ctx: CampsiteCtx,
  platform: BookingPlatform,
  start: { detail?: QuoteDetail; contactId?: string },
): Promise<EditorData> {
  const campsite = await getOwnCampsite(ctx);
  const [priceList, personTypes, offers, languageRows] = await Promise.all([
    platform.priceList(campsite.platformCampId),
    platform.personTypes(campsite.platformCampId),
    platform.offers(campsite.platformCampId),
    ctx.db
      .select({ id: languages.id, name: languages.name })
      .from(languages)
      .orderBy(asc(languages.id)),
  ]);
  const detail = start.detail;
  const contact = detail
    ? detail.contact
    : start.contactId
      ? await contactChoice(ctx, start.contactId)
      : null;
  const personTypeIds = personTypes
    .map((type) => type.id)
    .filter((id) => priceList.people.some((fee) => fee.personTypeId === id));
  return {
    priceList,
    personTypeIds,
    offers,
    discountOnlyOnUnitDefault: campsite.discountOnlyOnUnit,
    languages: languageRows,
    tags: campsite.personalizedQuoteTags.map((tag) => tag.name),
    initial: {
      quoteId: detail?.quote.id ?? null,
      progress: detail?.quote.progress ?? null,
      version: detail?.quote.version ?? null,
      contact: contact
        ? {
            id: contact.id,
            firstName: contact.firstName,
            lastName: contact.lastName,
            email: contact.email,
            languageId: contact.languageId,
          }
        : null,
      name:
        detail && detail.quote.name !== "undefined" ? detail.quote.name : "",
      languageId: detail?.quote.languageId ?? contact?.languageId ?? null,
      validUntil: romeIsoDate(
        detail?.quote.validUntil ??
          new Date(Date.now() + DEFAULT_VALIDITY_DAYS * 86_400_000),
      ),
      tags: detail?.quote.tags ?? [],
      cards: detail
        ? detail.cards.length
          ? detail.cards.map(storedCardInput)
          : requestCards(
              detail,
              priceList,
              personTypeIds,
              campsite.discountOnlyOnUnit,
            )
        : [],
    },
  };
}

const asCount = (value: unknown) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 && number <= 20 ? number : 0;
};

/** A request becomes a first draft card: its dates, guests and (when the form named one) accommodation. */
function requestCards(
  detail: QuoteDetail,
  priceList: PriceList,
  personTypeIds: string[],
  discountOnlyOnUnit: boolean,
): CardInput[] {
  const request = detail.request;
  if (!request) return [];
  const payload = request.payload;
  const wanted = String(
    payload.tipologia ?? payload.typologyId ?? "",
  ).toLowerCase();
  const typology = wanted
    ? priceList.typologies.find(
        (candidate) =>
          candidate.typologyId.toLowerCase() === wanted ||
          candidate.name.toLowerCase() === wanted,
      )
    : undefined;
  const adults = priceList.people.find((fee) => fee.adult);
  const child =
    priceList.people.find((fee) => !fee.adult && fee.pitchNightlyCents > 0) ??
    priceList.people.find((fee) => !fee.adult);
  const people = personTypeIds.map((personTypeId) => ({
    personTypeId,
    count:
      personTypeId === adults?.personTypeId
        ? asCount(payload.adulti ?? 2)
        : personTypeId === child?.personTypeId
          ? asCount(payload.bambini)
          : 0,
  }));
  return [
    blankCardInput({
      typologyId: typology?.typologyId ?? null,
      arrival: request.arrival,
      departure: request.departure,
      people,
      discountOnlyOnUnit,
    }),
  ];
}
