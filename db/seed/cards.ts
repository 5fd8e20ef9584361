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
import { demoPriceList } from '../../lib/booking-platform/demo-platform';
import { labelNames } from '../../lib/i18n/label-names';
import { cardDiscount, offerDiscount, priceCard, type CardInput, type ResolvedDiscount } from '../../lib/booking-platform/pricing';
import { DEMO_LABEL_TRANSLATIONS } from './label-translations';
import type { DemoCampsiteSpec } from './campsites';
import { addDaysToIsoDate, nightsBetween } from './dates';
import { childAges } from './people';
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

type PlannedStay = { input: CardInput; people: PersonCount[]; vehicles: ItemCount[]; services: ItemCount[] };

function buildStay(random: Random, catalogue: DemoCatalogue, party: Party, typology: DemoTypology, dates: StayDates): PlannedStay {
  const adult = personType(catalogue, 'adult');
  const people: PersonCount[] = [{ personTypeId: adult.id, label: adult.name, names: { it: adult.name, ...adult.names }, count: party.adults }];
  for (const [kind, count] of [['child', party.children], ['infant', party.infants]] as const) {
    const type = personType(catalogue, kind);
    if (count > 0) people.push({ personTypeId: type.id, label: type.name, names: { it: type.name, ...type.names }, count, ages: childAges(random, count, type.minAge, type.maxAge ?? type.minAge) });
  }
  const vehicle = (kind: string) => catalogue.vehicles.filter((item) => item.kind === kind);
  const service = (kind: string) => catalogue.services.filter((item) => item.kind === kind);
  const isPitch = typology.kind === 'pitch';
  const vehicles: ItemCount[] = [
    ...vehicle(isPitch && party.camper ? 'camper' : 'car').filter(() => isPitch || random.chance(0.85)),
    ...vehicle('motorbike').filter(() => random.chance(0.08)),
  ].map((item) => ({ id: item.id, label: item.name, names: { it: item.name, ...item.names }, quantity: 1 }));
  const services: ItemCount[] = [
    ...service('dog').filter(() => party.hasDog).map((item) => ({ item, quantity: 1 })),
    ...service('electricity').filter(() => isPitch && (party.camper || random.chance(0.85))).map((item) => ({ item, quantity: 1 })),
    ...service('linen').filter(() => !isPitch && typology.kind !== 'glamping' && random.chance(0.5)).map((item) => ({ item, quantity: party.adults + party.children })),
    ...service('final-cleaning').filter(() => !isPitch && typology.kind !== 'glamping' && random.chance(0.6)).map((item) => ({ item, quantity: 1 })),
  ].map(({ item, quantity }) => ({ id: item.id, label: item.name, names: { it: item.name, ...item.names }, quantity }));
  const input: CardInput = {
    typologyId: typology.id,
    ...dates,
    people: people.map(({ personTypeId, count }) => ({ personTypeId, count })),
    vehicles: vehicles.map(({ id, quantity }) => ({ id, quantity })),
    services: services.map(({ id, quantity }) => ({ id, quantity })),
  };
  return { input, people, vehicles, services };
}

/**
 * Mostly the platform's offers (when they apply to the stay), sometimes a manual discount, each
 * by the rule the editor and the save use (cardDiscount), with the campsite's scontoSoloSuUnita.
 */
function chooseDiscount(random: Random, spec: DemoCampsiteSpec, party: Party, input: CardInput): ResolvedDiscount {
  const roll = random.next();
  const offerId = roll < 0.18 ? 'PRENOTA-PRIMA-2027' : roll < 0.26 ? 'SETTIMANA-LUNGA-2027' : roll < 0.31 ? 'BASSA-STAGIONE-2027' : null;
  const onlyOnUnitDefault = spec.settings.discountOnlyOnUnit ?? false;
  const offer = spec.catalogue.offers.find((candidate) => candidate.id === offerId);
  if (offer && offerDiscount(offer, input).applies) return cardDiscount({ ...input, offerId: offer.id, discountBasisPoints: 0, discountCents: 0 }, spec.catalogue.offers, onlyOnUnitDefault);
  const manual = roll >= 0.31 && roll < 0.36 && party.children > 0;
  return cardDiscount({ ...input, discountBasisPoints: manual ? 500 : 0, discountCents: 0 }, [], onlyOnUnitDefault);
}

/** 1 to 3 alternative offers for the same party: another accommodation kind, or other dates. */
export function planCards(random: Random, spec: DemoCampsiteSpec, guest: { languageId: number; firstName: string }, party: Party, dates: StayDates, count: number): CardRow[] {
  const first = chooseTypology(random, spec.catalogue, party);
  const options: { typology: DemoTypology; dates: StayDates }[] = [{ typology: first, dates }];
  if (count >= 2) options.push({ typology: chooseTypology(random, spec.catalogue, party, first.kind), dates });
  if (count >= 3) options.push({ typology: first, dates: clampDates(addDaysToIsoDate(dates.arrival, random.pick([-7, 7])), nightsBetween(dates.arrival, dates.departure)) });

  const priceList = demoPriceList(spec.catalogue);
  return options.map(({ typology, dates: stayDates }, idx): CardRow => {
    const stay = buildStay(random, spec.catalogue, party, typology, stayDates);
    const { discount, offer } = chooseDiscount(random, spec, party, stay.input);
    const priced = priceCard(priceList, stay.input, discount, DEMO_LABEL_TRANSLATIONS);
    return {
      idx,
      typologyId: typology.id,
      typologyName: priced.typologyName,
      arrival: stayDates.arrival,
      departure: stayDates.departure,
      people: stay.people,
      vehicles: stay.vehicles,
      services: stay.services,
      priceListId: priceList.id,
      offerId: offer?.id ?? null,
      offerName: offer?.name ?? null,
      guestLabels: { typology: priced.typologyNames, ...(offer ? { offer: labelNames(offer.name, offer.names, DEMO_LABEL_TRANSLATIONS) } : {}) },
      priceLines: priced.lines,
      subtotalCents: priced.subtotalCents,
      // The discount as configured (fixed amount or percentage); the applied one is in the total.
      discountCents: discount.cents ?? 0,
      discountBasisPoints: discount.basisPoints ?? 0,
      discountOnlyOnUnit: discount.onlyOnUnit,
      totalCents: priced.totalCents,
      text: cardText(random, { campsite: spec.key, languageId: guest.languageId, firstName: guest.firstName, typologyName: typology.name, typologyNames: priced.typologyNames, ...stayDates, nights: priced.nights }),
    };
  });
}
