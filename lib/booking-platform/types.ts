/**
 * The booking platform as the CRM sees it: neutral types, independent of the platform's own
 * Italian field names (mapped in http-answers.ts) and of the demo catalogue.
 * Dates are calendar dates 'YYYY-MM-DD'; money is integer euro cents. `name` is Italian; `names`,
 * when the platform has them, are the guests' languages keyed by language code ('de', 'en', …).
 */
import type { LabelNames } from '../i18n/label-names';

export type { LabelNames };

export type TypologyKind = 'pitch' | 'mobile-home' | 'bungalow' | 'glamping';

export type Typology = { id: string; name: string; names?: LabelNames; kind: TypologyKind; maxPeople: number; bookableOnline: boolean };

export type PersonType = {
  id: string;
  name: string;
  names?: LabelNames;
  /** The platform's display order: the highest comes first. */
  ordinamento: number;
  minAge: number;
  /** Inclusive; null means no upper limit. */
  maxAge: number | null;
};

export type Vehicle = { id: string; name: string; names?: LabelNames };

export type ServiceUnit = 'per-night' | 'per-stay';
export type Service = { id: string; name: string; names?: LabelNames; unit: ServiceUnit };

export type PriceListSummary = { id: string; name: string; validFrom: string; validTo: string };

/** Both dates inclusive: a night belongs to the period that contains its own date. */
export type SeasonPeriod = { from: string; to: string };
/** A season may recur (mid season in June and in September): one price, several periods. */
export type Season = { id: string; name: string; names?: LabelNames; periods: SeasonPeriod[] };

export type TypologyPrice = {
  typologyId: string;
  name: string;
  names?: LabelNames;
  kind: TypologyKind;
  maxPeople: number;
  /** Price of one night by season id. */
  nightlyCents: Record<string, number>;
};

export type PersonFee = {
  personTypeId: string;
  name: string;
  names?: LabelNames;
  /** At least one adult is needed in every stay. */
  adult: boolean;
  /** Charged per night on pitches only: accommodation prices already include the guests. */
  pitchNightlyCents: number;
  paysTouristTax: boolean;
};

export type VehiclePrice = { vehicleId: string; name: string; names?: LabelNames; nightlyCents: number };
export type ServicePrice = { serviceId: string; name: string; names?: LabelNames; cents: number; unit: ServiceUnit };

/** Everything needed to price a card without asking the platform again. */
export type PriceList = PriceListSummary & {
  seasons: Season[];
  typologies: TypologyPrice[];
  people: PersonFee[];
  vehicles: VehiclePrice[];
  services: ServicePrice[];
  /** Per taxed person per night. */
  touristTaxCents: number;
};

export type OfferDiscountAmount = { basisPoints: number } | { cents: number };

export type Offer = {
  id: string;
  name: string;
  names?: LabelNames;
  description: string;
  discount: OfferDiscountAmount;
  onlyOnUnit: boolean;
  /** Stay dates: every night of the stay must fall between them, both inclusive. */
  validFrom: string;
  validTo: string;
  /** null: every typology. */
  typologyIds: string[] | null;
  minNights: number;
};

export type AvailabilityRequest = { arrival: string; departure: string; typologyId: string; people: number };
export type Resource = { id: string; name: string };
export type Availability = { available: boolean; resources: Resource[] };

export type BookingGuest = { firstName: string; lastName: string; email: string; phone: string | null; languageId: number };

export type BookingRequest = {
  quoteId: string;
  cardIdx: number;
  typologyId: string;
  arrival: string;
  departure: string;
  people: { personTypeId: string; count: number }[];
  vehicles: { id: string; quantity: number }[];
  services: { id: string; quantity: number }[];
  resourceIds: string[];
  totalCents: number;
  guest: BookingGuest;
};

/** The legacy annoPratica / numeroPratica. */
export type BookingReference = { year: number; number: string };

export type PlatformUser = { id: string; name: string; email: string };

/** `camp` is the campsite's platformCampId; null when the campsite is not linked to the platform. */
export interface BookingPlatform {
  typologies(camp: string | null): Promise<Typology[]>;
  /** Sorted by ordinamento, highest first. */
  personTypes(camp: string | null): Promise<PersonType[]>;
  vehicles(camp: string | null): Promise<Vehicle[]>;
  services(camp: string | null): Promise<Service[]>;
  priceLists(camp: string | null): Promise<PriceListSummary[]>;
  /** Without an id, the list valid today (or else the first one). */
  priceList(camp: string | null, id?: string): Promise<PriceList>;
  offers(camp: string | null): Promise<Offer[]>;
  availability(camp: string | null, request: AvailabilityRequest): Promise<Availability>;
  /** Idempotent on `${quoteId}:${cardIdx}`: asking twice books once. */
  insertBooking(camp: string | null, booking: BookingRequest): Promise<BookingReference>;
  usersData(camp: string | null): Promise<PlatformUser[]>;
  createNewsletterList(camp: string | null, name: string): Promise<{ listId: string }>;
}

export const bookingIdempotencyKey = (booking: Pick<BookingRequest, 'quoteId' | 'cardIdx'>) => `${booking.quoteId}:${booking.cardIdx}`;

/** The order the spec asks for; stable, so equal ordinamenti keep the platform's order. */
export function sortPersonTypes(types: readonly PersonType[]): PersonType[] {
  return [...types].sort((a, b) => b.ordinamento - a.ordinamento);
}
