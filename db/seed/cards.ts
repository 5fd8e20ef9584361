import type { ItemCount, PersonCount, quoteCards } from '../schema';
import {
  DEMO_SEASON_LAST_DEPARTURE,
  DEMO_SEASON_OPENING,
  type DemoCatalogue,
  type DemoPersonType,
  type DemoTypology,
  type PersonKind,
  type TypologyKind,
} from '../../lib/booking-platform/demo-catalogue';
import type { DemoCampsiteSpec } from './campsites';
import { addDaysToIsoDate, nightsBetween } from './dates';
import { childAges } from './people';
import { NO_DISCOUNT, priceStay, type Discount, type PartyMember, type Stay } from './pricing';
import type { Random } from './random';
import { cardText } from './texts';

export type Party = { adults: number; children: number; infants: number; hasDog: boolean; camper: boolean };
export type StayDates = { arrival: string; departure: string };
export type CardRow = Omit<typeof quoteCards.$inferInsert, 'quoteId' | 'campingId' | 'createdAt' | 'updatedAt'> & { idx: number; totalCents: number };

export function planParty(random: Random, traits: { hasChildren: boolean; hasDog: boolean; camper: boolean }): Party {
  if (traits.hasChildren) {
    const children = random.weighted([[1, 40], [2, 45], [3, 15]] as const);
    return { adults: random.chance(0.85) ? 2 : 1, children, infants: random.chance(0.15) ? 1 : 0, hasDog: traits.hasDog, camper: traits.camper };
  }
  const adults = random.weighted([[1, 10], [2, 65], [3, 10], [4, 15]] as const);
  return { adults, children: 0, infants: 0, hasDog: traits.hasDog, camper: traits.camper };
}

/** A 2027 stay of 3 to 14 nights, mostly in July and August, inside the season. */
export function planDates(random: Random): StayDates {
  const month = random.weighted([[4, 7], [5, 10], [6, 17], [7, 30], [8, 28], [9, 8]] as const);
  const nights = random.weighted([[3, 8], [4, 8], [5, 10], [6, 6], [7, 30], [8, 4], [10, 10], [12, 4], [14, 20]] as const);
  return clampDates(`2027-${String(month).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`, nights);
}

function clampDates(arrival: string, nights: number): StayDates {
  let start = arrival < DEMO_SEASON_OPENING ? DEMO_SEASON_OPENING : arrival;
  if (addDaysToIsoDate(start, nights) > DEMO_SEASON_LAST_DEPARTURE) start = addDaysToIsoDate(DEMO_SEASON_LAST_DEPARTURE, -nights);
  return { arrival: start, departure: addDaysToIsoDate(start, nights) };
}

const partySize = (party: Party) => party.adults + party.children + party.infants;

function chooseTypology(random: Random, catalogue: DemoCatalogue, party: Party, avoidKind?: TypologyKind): DemoTypology {
  const fitting = catalogue.typologies.filter((typology) => typology.maxPeople >= partySize(party));
  const preferred = fitting.filter((typology) => typology.kind !== avoidKind);
  const pool = preferred.length > 0 ? preferred : fitting;
  if (party.camper && avoidKind !== 'pitch' && random.chance(0.85)) return random.pick(pool.filter((t) => t.kind === 'pitch'));
  const weights: Record<TypologyKind, number> = { pitch: 30, 'mobile-home': 20, bungalow: 15, glamping: 20 };
  return random.weighted(pool.map((typology) => [typology, weights[typology.kind]] as const));
}

function personType(catalogue: DemoCatalogue, kind: PersonKind): DemoPersonType {
  const found = catalogue.personTypes.find((type) => type.kind === kind);
  if (!found) throw new Error(`Tipo persona ${kind} mancante nel catalogo ${catalogue.key}`);
  return found;
}

function buildStay(random: Random, catalogue: DemoCatalogue, party: Party, typology: DemoTypology, dates: StayDates): Stay {
  const people: PartyMember[] = [{ type: personType(catalogue, 'adult'), count: party.adults }];
  for (const [kind, count] of [['child', party.children], ['infant', party.infants]] as const) {
    const type = personType(catalogue, kind);
    if (count > 0) people.push({ type, count, ages: childAges(random, count, type.minAge, type.maxAge ?? type.minAge) });
  }
  const vehicle = (kind: string) => catalogue.vehicles.filter((item) => item.kind === kind);
  const service = (kind: string) => catalogue.services.filter((item) => item.kind === kind);
  const isPitch = typology.kind === 'pitch';
  const vehicles = [
    ...vehicle(isPitch && party.camper ? 'camper' : 'car').filter(() => isPitch || random.chance(0.85)),
    ...vehicle('motorbike').filter(() => random.chance(0.08)),
  ].map((item) => ({ vehicle: item, quantity: 1 }));
  const services = [
    ...service('dog').filter(() => party.hasDog).map((item) => ({ service: item, quantity: 1 })),
    ...service('electricity').filter(() => isPitch && (party.camper || random.chance(0.85))).map((item) => ({ service: item, quantity: 1 })),
    ...service('linen').filter(() => !isPitch && typology.kind !== 'glamping' && random.chance(0.5)).map((item) => ({ service: item, quantity: party.adults + party.children })),
    ...service('final-cleaning').filter(() => !isPitch && typology.kind !== 'glamping' && random.chance(0.6)).map((item) => ({ service: item, quantity: 1 })),
  ];
  return { typology, ...dates, people, vehicles, services };
}

function chooseDiscount(random: Random, spec: DemoCampsiteSpec, party: Party): Discount {
  const roll = random.next();
  if (roll < 0.18) return { basisPoints: 1000, cents: 0, onlyOnUnit: true, offerId: 'PRENOTA-PRIMA-2027', offerName: 'Prenota prima 2027' };
  if (roll < 0.26 && party.children > 0) {
    return { basisPoints: 500, cents: 0, onlyOnUnit: spec.settings.discountOnlyOnUnit ?? false, offerId: 'FAMIGLIE-2027', offerName: 'Offerta famiglie' };
  }
  if (roll < 0.31) return { basisPoints: 0, cents: 5000, onlyOnUnit: false, offerId: 'FEDELTA', offerName: 'Sconto cliente abituale' };
  return NO_DISCOUNT;
}

/** 1 to 3 alternative offers for the same party: another accommodation kind, or other dates. */
export function planCards(random: Random, spec: DemoCampsiteSpec, guest: { languageId: number; firstName: string }, party: Party, dates: StayDates, count: number): CardRow[] {
  const first = chooseTypology(random, spec.catalogue, party);
  const options: { typology: DemoTypology; dates: StayDates }[] = [{ typology: first, dates }];
  if (count >= 2) options.push({ typology: chooseTypology(random, spec.catalogue, party, first.kind), dates });
  if (count >= 3) options.push({ typology: first, dates: clampDates(addDaysToIsoDate(dates.arrival, random.pick([-7, 7])), nightsBetween(dates.arrival, dates.departure)) });

  return options.map(({ typology, dates: stayDates }, idx): CardRow => {
    const stay = buildStay(random, spec.catalogue, party, typology, stayDates);
    const discount = chooseDiscount(random, spec, party);
    const priced = priceStay(spec.catalogue, stay, discount);
    const people: PersonCount[] = stay.people.map((member) => ({ personTypeId: member.type.id, label: member.type.name, count: member.count, ...(member.ages ? { ages: member.ages } : {}) }));
    const vehicles: ItemCount[] = stay.vehicles.map(({ vehicle, quantity }) => ({ id: vehicle.id, label: vehicle.name, quantity }));
    const services: ItemCount[] = stay.services.map(({ service, quantity }) => ({ id: service.id, label: service.name, quantity }));
    const nights = nightsBetween(stay.arrival, stay.departure);
    return {
      idx,
      typologyId: typology.id,
      typologyName: typology.name,
      arrival: stay.arrival,
      departure: stay.departure,
      people,
      vehicles,
      services,
      priceListId: 'LISTINO-2027',
      offerId: discount.offerId,
      offerName: discount.offerName,
      priceLines: priced.priceLines,
      subtotalCents: priced.subtotalCents,
      discountCents: discount.cents,
      discountBasisPoints: discount.basisPoints,
      discountOnlyOnUnit: discount.onlyOnUnit,
      totalCents: priced.totalCents,
      text: cardText(random, { campsite: spec.key, languageId: guest.languageId, firstName: guest.firstName, typologyName: typology.name, arrival: stay.arrival, departure: stay.departure, nights }),
    };
  });
}
