/**
 * The price of a quote card from a price list. Pure and without node imports: the quote
 * editor runs it in the browser for a live total, the server runs it again before saving.
 */
import type { PriceLine } from '../../db/schema/quotes';
import type { Offer, PriceList, Season } from './types';
import { AppError } from '../errors';
import { labelNames, type LabelNames, type LabelTable } from '../i18n/label-names';

export type CardInput = {
  typologyId: string;
  arrival: string;
  departure: string;
  people: { personTypeId: string; count: number }[];
  vehicles: { id: string; quantity: number }[];
  services: { id: string; quantity: number }[];
};

/** A fixed amount wins over a percentage (as the quote_cards columns store them). */
export type CardDiscount = { basisPoints?: number; cents?: number; onlyOnUnit: boolean };

export const NO_DISCOUNT: CardDiscount = { onlyOnUnit: false };

export type PricedCard = {
  lines: PriceLine[];
  nights: number;
  subtotalCents: number;
  /** The discount actually applied, after the cap. */
  discountCents: number;
  totalCents: number;
  typologyName: string;
  typologyNames: LabelNames;
};

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(value: string): number | null {
  if (!ISO_DATE.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2027-02-30 over to March: a round trip catches it.
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? null : time / DAY_MS;
}

const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const italianDate = (iso: string) => iso.split('-').reverse().join('/');
const nightsLabel = (nights: number) => (nights === 1 ? '1 notte' : `${nights} notti`);
const badRequest = (message: string) => new AppError('bad_request', message);

/** The stay's nights, or the reason the dates are not a stay. */
function stayNights(arrival: string, departure: string): { first: number; nights: number } | string {
  const first = dayNumber(arrival);
  const end = dayNumber(departure);
  if (first === null || end === null) return 'Le date del soggiorno non sono valide.';
  if (end <= first) return 'La data di partenza deve essere successiva a quella di arrivo.';
  return { first, nights: end - first };
}

function seasonOf(seasons: Season[], night: string): Season | undefined {
  return seasons.find((season) => season.periods.some((period) => period.from <= night && night <= period.to));
}

type Guest = Pick<PriceLine, 'names' | 'seasonNames' | 'perNights'>;

const line = (kind: PriceLine['kind'], label: string, quantity: number, unitCents: number, guest: Guest = {}): PriceLine => ({
  kind,
  label,
  quantity,
  unitCents,
  totalCents: quantity * unitCents,
  ...guest,
});

function checkQuantities(input: CardInput): void {
  const counts = [...input.people.map((p) => p.count), ...input.vehicles.map((v) => v.quantity), ...input.services.map((s) => s.quantity)];
  if (counts.some((count) => !Number.isInteger(count) || count < 0)) throw badRequest('Le quantità devono essere numeri interi non negativi.');
}

function discountOf(base: number, discount: CardDiscount): number {
  const cents = discount.cents ?? 0;
  const basisPoints = discount.basisPoints ?? 0;
  if (!Number.isInteger(cents) || cents < 0 || !Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw badRequest('Lo sconto non è valido: indica una percentuale tra 0 e 100 o un importo non negativo.');
  }
  return Math.min(base, cents > 0 ? cents : Math.round((base * basisPoints) / 10_000));
}

/**
 * What a discount is taken from: the accommodation's lines when onlyOnUnit, else every line but
 * the tourist tax. The tax is the municipality's, collected for it: no discount ever touches it.
 */
export function discountBase(lines: readonly Pick<PriceLine, 'kind' | 'totalCents'>[], onlyOnUnit: boolean): number {
  return lines.filter((priced) => (onlyOnUnit ? priced.kind === 'unit' : priced.kind !== 'tax')).reduce((sum, priced) => sum + priced.totalCents, 0);
}

/**
 * Unit by season (one line per season), guests on pitches only, vehicles and per-night
 * services for every night, per-stay services once, tourist tax per taxed person per night.
 * The discount applies to the unit lines only when onlyOnUnit, else to the subtotal less the
 * tourist tax (discountBase).
 * Each line keeps its words for the guest (names per language, from the price list or else the
 * campsite's table), so the guest page writes it in their language without asking anyone again.
 */
export function priceCard(priceList: PriceList, input: CardInput, discount: CardDiscount = NO_DISCOUNT, table?: LabelTable): PricedCard {
  const typology = priceList.typologies.find((candidate) => candidate.typologyId === input.typologyId);
  if (!typology) throw badRequest(`La tipologia «${input.typologyId}» non è nel listino «${priceList.name}».`);
  const stay = stayNights(input.arrival, input.departure);
  if (typeof stay === 'string') throw badRequest(stay);
  checkQuantities(input);

  const nightsBySeason = new Map<Season, number>();
  const outOfSeason: number[] = [];
  for (let day = stay.first; day < stay.first + stay.nights; day++) {
    const season = seasonOf(priceList.seasons, isoDate(day));
    if (season) nightsBySeason.set(season, (nightsBySeason.get(season) ?? 0) + 1);
    else outOfSeason.push(day);
  }
  if (outOfSeason.length > 0) {
    const from = italianDate(isoDate(outOfSeason[0] as number));
    const to = italianDate(isoDate((outOfSeason[outOfSeason.length - 1] as number) + 1));
    throw badRequest(`Le date dal ${from} al ${to} sono fuori stagione.`);
  }

  const people = input.people.map((member) => {
    const fee = priceList.people.find((candidate) => candidate.personTypeId === member.personTypeId);
    if (!fee) throw badRequest(`Il tipo di ospite «${member.personTypeId}» non è nel listino.`);
    return { fee, count: member.count };
  });
  const guests = people.reduce((sum, member) => sum + member.count, 0);
  if (guests > typology.maxPeople) throw badRequest(`«${typology.name}» ospita al massimo ${typology.maxPeople} persone.`);
  if (!people.some((member) => member.fee.adult && member.count > 0)) throw badRequest('Serve almeno un adulto.');
  const vehicles = input.vehicles.map((item) => {
    const vehicle = priceList.vehicles.find((candidate) => candidate.vehicleId === item.id);
    if (!vehicle) throw badRequest(`Il mezzo «${item.id}» non è nel listino.`);
    return { vehicle, quantity: item.quantity };
  });
  const services = input.services.map((item) => {
    const service = priceList.services.find((candidate) => candidate.serviceId === item.id);
    if (!service) throw badRequest(`Il servizio «${item.id}» non è nel listino.`);
    return { service, quantity: item.quantity };
  });

  const nights = stay.nights;
  const typologyNames = labelNames(typology.name, typology.names, table);
  const perNight = (item: { name: string; names?: LabelNames }): Guest => ({ names: labelNames(item.name, item.names, table), perNights: nights });
  const lines: PriceLine[] = [];
  for (const [season, count] of nightsBySeason) {
    const nightly = typology.nightlyCents[season.id];
    if (nightly === undefined) throw badRequest(`Il listino non ha un prezzo per «${typology.name}» in ${season.name}.`);
    lines.push(line('unit', `${typology.name} – ${season.name}`, count, nightly, { names: typologyNames, seasonNames: labelNames(season.name, season.names, table) }));
  }
  if (typology.kind === 'pitch') {
    for (const { fee, count } of people) {
      if (count > 0 && fee.pitchNightlyCents > 0) lines.push(line('person', `${fee.name} × ${nightsLabel(nights)}`, count * nights, fee.pitchNightlyCents, perNight(fee)));
    }
  }
  for (const { vehicle, quantity } of vehicles) {
    if (quantity > 0) lines.push(line('vehicle', `${vehicle.name} × ${nightsLabel(nights)}`, quantity * nights, vehicle.nightlyCents, perNight(vehicle)));
  }
  for (const { service, quantity } of services) {
    if (quantity === 0) continue;
    if (service.unit === 'per-night') lines.push(line('service', `${service.name} × ${nightsLabel(nights)}`, quantity * nights, service.cents, perNight(service)));
    else lines.push(line('service', service.name, quantity, service.cents, { names: labelNames(service.name, service.names, table) }));
  }
  const taxed = people.filter((member) => member.fee.paysTouristTax).reduce((sum, member) => sum + member.count, 0);
  if (taxed > 0 && priceList.touristTaxCents > 0) lines.push(line('tax', 'Imposta di soggiorno', taxed * nights, priceList.touristTaxCents));

  const subtotalCents = lines.reduce((sum, priced) => sum + priced.totalCents, 0);
  const discountCents = discountOf(discountBase(lines, discount.onlyOnUnit), discount);
  return { lines, nights, subtotalCents, discountCents, totalCents: subtotalCents - discountCents, typologyName: typology.name, typologyNames };
}

export type OfferCheck = { applies: true; discount: CardDiscount } | { applies: false; reason: string };

/** Whether an offer applies to a card's stay, and with what discount. */
export function offerDiscount(offer: Offer, card: Pick<CardInput, 'typologyId' | 'arrival' | 'departure'>): OfferCheck {
  const stay = stayNights(card.arrival, card.departure);
  if (typeof stay === 'string') return { applies: false, reason: stay };
  const lastNight = isoDate(stay.first + stay.nights - 1);
  if (card.arrival < offer.validFrom || lastNight > offer.validTo) {
    return { applies: false, reason: `L'offerta «${offer.name}» vale per le notti dal ${italianDate(offer.validFrom)} al ${italianDate(offer.validTo)}.` };
  }
  if (offer.typologyIds && !offer.typologyIds.includes(card.typologyId)) {
    return { applies: false, reason: `L'offerta «${offer.name}» non vale per questa tipologia.` };
  }
  if (stay.nights < offer.minNights) {
    return { applies: false, reason: `L'offerta «${offer.name}» richiede almeno ${nightsLabel(offer.minNights)}.` };
  }
  return { applies: true, discount: { ...offer.discount, onlyOnUnit: offer.onlyOnUnit } };
}

/** What a card says about its discount, as the editor and the saved card both carry it. */
export type DiscountChoice = {
  offerId?: string | null;
  discountBasisPoints: number;
  discountCents: number;
  /** The card's «Sconto solo sull'alloggio»; absent, the campsite's scontoSoloSuUnita. */
  discountOnlyOnUnit?: boolean | null;
};

export type ResolvedDiscount = { discount: CardDiscount; offer: Offer | null };

/**
 * The discount a card gets: the one rule the editor's live total and the save both run. An offer
 * brings its amount; what it is taken from is the card's choice (the campsite's by default),
 * narrowed to the accommodation when the offer itself is only on the accommodation. Throws an
 * Italian bad_request when the offer is gone or the stay does not qualify.
 */
export function cardDiscount(
  card: DiscountChoice & Pick<CardInput, 'typologyId' | 'arrival' | 'departure'>,
  offers: readonly Offer[],
  onlyOnUnitDefault: boolean,
): ResolvedDiscount {
  const onlyOnUnit = card.discountOnlyOnUnit ?? onlyOnUnitDefault;
  if (!card.offerId) return { discount: { basisPoints: card.discountBasisPoints, cents: card.discountCents, onlyOnUnit }, offer: null };
  const offer = offers.find((candidate) => candidate.id === card.offerId);
  if (!offer) throw badRequest('L’offerta scelta non esiste più: scegline un’altra.');
  const check = offerDiscount(offer, card);
  if (!check.applies) throw badRequest(check.reason);
  return { discount: { ...check.discount, onlyOnUnit: check.discount.onlyOnUnit || onlyOnUnit }, offer };
}
