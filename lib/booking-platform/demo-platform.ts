/**
 * The booking platform built into the demo: answers from demo-catalogue.ts, so the CRM works
 * end to end without the real platform. Bookings live in memory only.
 */
import { AppError } from '../errors';
import { NO_DISCOUNT, priceCard } from './pricing';
import { allDemoResources, demoAvailability, demoHash, findDemoTypology } from './demo-availability';
import { DEMO_CATALOGUES, SEASON_LABELS, SEASON_NAMES, type DemoCatalogue, type SeasonName } from './demo-catalogue';
import {
  bookingIdempotencyKey,
  sortPersonTypes,
  type Availability,
  type AvailabilityRequest,
  type BookingPlatform,
  type BookingReference,
  type BookingRequest,
  type Offer,
  type PersonType,
  type PlatformUser,
  type PriceList,
  type PriceListSummary,
  type Service,
  type Typology,
  type Vehicle,
} from './types';

/** Any other campsite, or one not linked yet, gets Lago Azzurro: a fresh campsite works in the demo. */
export function demoCatalogueFor(camp: string | null): DemoCatalogue {
  return Object.values(DEMO_CATALOGUES).find((catalogue) => catalogue.platformCampId === camp) ?? DEMO_CATALOGUES['lago-azzurro'];
}

function priceListSummary(catalogue: DemoCatalogue): PriceListSummary {
  const froms = catalogue.seasons.map((season) => season.from).sort();
  const tos = catalogue.seasons.map((season) => season.to).sort();
  return { ...catalogue.priceList, validFrom: froms[0] ?? '', validTo: tos[tos.length - 1] ?? '' };
}

/** Synchronous, for the seed; the platform's priceList() answers the same. */
export function demoPriceList(catalogue: DemoCatalogue): PriceList {
  const seasonIds = [...new Set(catalogue.seasons.map((season) => season.name))];
  return {
    ...priceListSummary(catalogue),
    seasons: seasonIds.map((id: SeasonName) => ({
      id,
      name: SEASON_LABELS[id],
      names: SEASON_NAMES[id],
      periods: catalogue.seasons.filter((season) => season.name === id).map(({ from, to }) => ({ from, to })),
    })),
    typologies: catalogue.typologies.map((typology) => ({
      typologyId: typology.id,
      name: typology.name,
      names: typology.names,
      kind: typology.kind,
      maxPeople: typology.maxPeople,
      nightlyCents: { ...typology.nightlyCents },
    })),
    people: catalogue.personTypes.map((type) => ({
      personTypeId: type.id,
      name: type.name,
      names: type.names,
      adult: type.kind === 'adult',
      pitchNightlyCents: type.pitchNightlyCents,
      paysTouristTax: type.paysTouristTax,
    })),
    vehicles: catalogue.vehicles.map((vehicle) => ({ vehicleId: vehicle.id, name: vehicle.name, names: vehicle.names, nightlyCents: vehicle.nightlyCents })),
    services: catalogue.services.map((service) => ({ serviceId: service.id, name: service.name, names: service.names, cents: service.cents, unit: service.unit })),
    touristTaxCents: catalogue.touristTaxCents,
  };
}

export class DemoBookingPlatform implements BookingPlatform {
  private readonly bookings = new Map<string, BookingReference>();
  private readonly sequences = new Map<string, number>();
  private newsletterLists = 0;
  // Mixed into the booking numbers so a restarted demo does not hand out the same ones again.
  private readonly startedAt = Date.now();

  async typologies(camp: string | null): Promise<Typology[]> {
    return demoCatalogueFor(camp).typologies.map(({ id, name, names, kind, maxPeople, bookableOnline }) => ({ id, name, names, kind, maxPeople, bookableOnline }));
  }

  async personTypes(camp: string | null): Promise<PersonType[]> {
    return sortPersonTypes(demoCatalogueFor(camp).personTypes.map(({ id, name, names, ordinamento, minAge, maxAge }) => ({ id, name, names, ordinamento, minAge, maxAge })));
  }

  async vehicles(camp: string | null): Promise<Vehicle[]> {
    return demoCatalogueFor(camp).vehicles.map(({ id, name, names }) => ({ id, name, names }));
  }

  async services(camp: string | null): Promise<Service[]> {
    return demoCatalogueFor(camp).services.map(({ id, name, names, unit }) => ({ id, name, names, unit }));
  }

  async priceLists(camp: string | null): Promise<PriceListSummary[]> {
    return [priceListSummary(demoCatalogueFor(camp))];
  }

  async priceList(camp: string | null, id?: string): Promise<PriceList> {
    const catalogue = demoCatalogueFor(camp);
    if (id !== undefined && id !== catalogue.priceList.id) throw new AppError('not_found', `Il listino «${id}» non esiste.`);
    return demoPriceList(catalogue);
  }

  async offers(camp: string | null): Promise<Offer[]> {
    return structuredClone(demoCatalogueFor(camp).offers);
  }

  async availability(camp: string | null, request: AvailabilityRequest): Promise<Availability> {
    return demoAvailability(demoCatalogueFor(camp), request);
  }

  async insertBooking(camp: string | null, booking: BookingRequest): Promise<BookingReference> {
    const key = bookingIdempotencyKey(booking);
    const done = this.bookings.get(key);
    if (done) return done;

    const catalogue = demoCatalogueFor(camp);
    // Same checks as a quote: unknown ids, dates out of season, too many people, no adult.
    priceCard(demoPriceList(catalogue), booking, NO_DISCOUNT);
    const typology = findDemoTypology(catalogue, booking.typologyId);
    const people = booking.people.reduce((sum, member) => sum + member.count, 0);
    const { available, resources } = demoAvailability(catalogue, { ...booking, people });
    if (!available) throw new AppError('conflict', `«${typology.name}» non è più disponibile per le date scelte.`);
    for (const resourceId of booking.resourceIds) {
      if (!resources.some((resource) => resource.id === resourceId)) {
        const name = allDemoResources(typology).find((resource) => resource.id === resourceId)?.name ?? resourceId;
        throw new AppError('conflict', `${name} non è disponibile per le date scelte.`);
      }
    }

    const reference = { year: Number(booking.arrival.slice(0, 4)), number: String(this.nextNumber(catalogue.platformCampId)) };
    this.bookings.set(key, reference);
    return reference;
  }

  async usersData(camp: string | null): Promise<PlatformUser[]> {
    return demoCatalogueFor(camp).operators.map((operator) => ({ ...operator }));
  }

  async createNewsletterList(camp: string | null, name: string): Promise<{ listId: string }> {
    if (name.trim() === '') throw new AppError('bad_request', 'Il nome della lista è obbligatorio.');
    this.newsletterLists += 1;
    return { listId: `DEMO-NL-${demoHash(`${demoCatalogueFor(camp).platformCampId}|${name}|${this.startedAt}`).toString(36)}-${this.newsletterLists}` };
  }

  private nextNumber(camp: string): number {
    const last = this.sequences.get(camp) ?? 1000 + (demoHash(`${camp}|${this.startedAt}`) % 8000);
    this.sequences.set(camp, last + 1);
    return last + 1;
  }
}
