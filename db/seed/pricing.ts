import type { PriceLine } from '../schema';
import {
  SEASON_LABELS,
  type DemoCatalogue,
  type DemoPersonType,
  type DemoService,
  type DemoSeason,
  type DemoTypology,
  type DemoVehicle,
  type SeasonName,
} from '../../lib/booking-platform/demo-catalogue';
import { addDaysToIsoDate, nightsBetween } from './dates';

export type PartyMember = { type: DemoPersonType; count: number; ages?: number[] };

export type Stay = {
  typology: DemoTypology;
  arrival: string;
  departure: string;
  people: PartyMember[];
  vehicles: { vehicle: DemoVehicle; quantity: number }[];
  services: { service: DemoService; quantity: number }[];
};

/** Either a percentage (basis points, stored as such) or a fixed amount in cents. */
export type Discount = { basisPoints: number; cents: number; onlyOnUnit: boolean; offerId: string | null; offerName: string | null };

export const NO_DISCOUNT: Discount = { basisPoints: 0, cents: 0, onlyOnUnit: false, offerId: null, offerName: null };

export type PricedStay = { priceLines: PriceLine[]; subtotalCents: number; appliedDiscountCents: number; totalCents: number };

function seasonOf(catalogue: DemoCatalogue, night: string): DemoSeason {
  const season = catalogue.seasons.find((candidate) => candidate.from <= night && night <= candidate.to);
  if (!season) throw new Error(`Notte ${night} fuori stagione`);
  return season;
}

const line = (kind: PriceLine['kind'], label: string, quantity: number, unitCents: number): PriceLine => ({
  kind,
  label,
  quantity,
  unitCents,
  totalCents: quantity * unitCents,
});

/** Prices a stay from the catalogue: unit by season, guests on pitches, extras and tourist tax. */
export function priceStay(catalogue: DemoCatalogue, stay: Stay, discount: Discount): PricedStay {
  const nights = nightsBetween(stay.arrival, stay.departure);
  const nightsBySeason = new Map<SeasonName, number>();
  for (let i = 0; i < nights; i++) {
    const season = seasonOf(catalogue, addDaysToIsoDate(stay.arrival, i)).name;
    nightsBySeason.set(season, (nightsBySeason.get(season) ?? 0) + 1);
  }

  const lines: PriceLine[] = [];
  for (const [season, count] of nightsBySeason) {
    lines.push(line('unit', `${stay.typology.name} – ${SEASON_LABELS[season]}`, count, stay.typology.nightlyCents[season]));
  }
  if (stay.typology.kind === 'pitch') {
    for (const member of stay.people) {
      if (member.count > 0 && member.type.pitchNightlyCents > 0) {
        lines.push(line('person', `${member.type.name} × ${nights} notti`, member.count * nights, member.type.pitchNightlyCents));
      }
    }
  }
  for (const { vehicle, quantity } of stay.vehicles) {
    lines.push(line('vehicle', `${vehicle.name} × ${nights} notti`, quantity * nights, vehicle.nightlyCents));
  }
  for (const { service, quantity } of stay.services) {
    const perNight = service.unit === 'per-night';
    lines.push(line('service', perNight ? `${service.name} × ${nights} notti` : service.name, perNight ? quantity * nights : quantity, service.cents));
  }
  const taxed = stay.people.filter((member) => member.type.paysTouristTax).reduce((sum, member) => sum + member.count, 0);
  if (taxed > 0 && catalogue.touristTaxCents > 0) {
    lines.push(line('tax', 'Imposta di soggiorno', taxed * nights, catalogue.touristTaxCents));
  }

  const subtotalCents = lines.reduce((sum, priced) => sum + priced.totalCents, 0);
  const unitCents = lines.filter((priced) => priced.kind === 'unit').reduce((sum, priced) => sum + priced.totalCents, 0);
  const base = discount.onlyOnUnit ? unitCents : subtotalCents;
  const appliedDiscountCents = Math.min(base, discount.cents > 0 ? discount.cents : Math.round((base * discount.basisPoints) / 10_000));
  return { priceLines: lines, subtotalCents, appliedDiscountCents, totalCents: subtotalCents - appliedDiscountCents };
}
