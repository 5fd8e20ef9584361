/**
 * The built-in catalogue of the two demo campsites: what the booking platform would answer
 * for typologies, guests, vehicles, services and seasons. Data only; every price is in
 * integer euro cents per night unless the unit says otherwise.
 */

import type { Offer, PlatformUser, TypologyKind } from './types';

export type { TypologyKind };
/** The guests' languages besides Italian, by language code: every demo item has all of them. */
export type DemoNames = Record<'de' | 'en' | 'nl' | 'fr', string>;
const names = (de: string, en: string, nl: string, fr: string): DemoNames => ({ de, en, nl, fr });
export type DemoCampsiteKey = 'lago-azzurro' | 'pineta';
export type SeasonName = 'low' | 'mid' | 'high';
export type SeasonPrices = Record<SeasonName, number>;

export type DemoTypology = {
  id: string;
  name: string;
  names: DemoNames;
  kind: TypologyKind;
  maxPeople: number;
  bookableOnline: boolean;
  nightlyCents: SeasonPrices;
  /** The bookable units: 'Piazzola 1' … 'Piazzola 40'. */
  resources: { label: string; from: number; to: number };
};

export type PersonKind = 'adult' | 'child' | 'infant';
export type DemoPersonType = {
  id: string;
  kind: PersonKind;
  name: string;
  names: DemoNames;
  /** Highest first on screen, as the platform orders person types. */
  ordinamento: number;
  minAge: number;
  /** Inclusive; null means no upper limit. */
  maxAge: number | null;
  /** Charged per night on pitches only; accommodation prices already include the guests. */
  pitchNightlyCents: number;
  paysTouristTax: boolean;
};

export type VehicleKind = 'car' | 'camper' | 'motorbike';
export type DemoVehicle = { id: string; kind: VehicleKind; name: string; names: DemoNames; nightlyCents: number };

export type ServiceUnit = 'per-night' | 'per-stay';
export type ServiceKind = 'dog' | 'electricity' | 'linen' | 'final-cleaning';
export type DemoService = { id: string; kind: ServiceKind; name: string; names: DemoNames; cents: number; unit: ServiceUnit };

/** Both dates inclusive: a night belongs to the season of its own date. */
export type DemoSeason = { name: SeasonName; label: string; from: string; to: string };

export type DemoCatalogue = {
  key: DemoCampsiteKey;
  platformCampId: string;
  priceList: { id: string; name: string };
  typologies: DemoTypology[];
  personTypes: DemoPersonType[];
  vehicles: DemoVehicle[];
  services: DemoService[];
  seasons: DemoSeason[];
  /** Per adult per night (persons whose type pays the tax). */
  touristTaxCents: number;
  offers: Offer[];
  operators: PlatformUser[];
};

export const SEASON_LABELS: Record<SeasonName, string> = {
  low: 'bassa stagione',
  mid: 'media stagione',
  high: 'alta stagione',
};

export const SEASON_NAMES: Record<SeasonName, DemoNames> = {
  low: names('Nebensaison', 'low season', 'laagseizoen', 'basse saison'),
  mid: names('Zwischensaison', 'mid season', 'middenseizoen', 'moyenne saison'),
  high: names('Hauptsaison', 'high season', 'hoogseizoen', 'haute saison'),
};

/** Both demo campsites open from April to September 2027. */
export const DEMO_SEASONS_2027: DemoSeason[] = [
  { name: 'low', label: SEASON_LABELS.low, from: '2027-04-01', to: '2027-05-31' },
  { name: 'mid', label: SEASON_LABELS.mid, from: '2027-06-01', to: '2027-06-30' },
  { name: 'high', label: SEASON_LABELS.high, from: '2027-07-01', to: '2027-08-31' },
  { name: 'mid', label: SEASON_LABELS.mid, from: '2027-09-01', to: '2027-09-15' },
  { name: 'low', label: SEASON_LABELS.low, from: '2027-09-16', to: '2027-09-30' },
];

export const DEMO_SEASON_OPENING = '2027-04-01';
/** The last night of the season is 30 September, so the last departure is 1 October. */
export const DEMO_SEASON_LAST_DEPARTURE = '2027-10-01';

export const DEMO_PRICE_LIST_2027 = { id: 'LISTINO-2027', name: 'Listino 2027' };

/** The same three offers in both campsites; the low-season one only on accommodations. */
function demoOffers2027(accommodationIds: string[]): Offer[] {
  const season = { validFrom: '2027-04-01', validTo: '2027-09-30' };
  return [
    { id: 'PRENOTA-PRIMA-2027', name: 'Prenota prima −10%', description: 'Il 10% di sconto sull’alloggio per chi prenota in anticipo.', discount: { basisPoints: 1000 }, onlyOnUnit: true, ...season, typologyIds: null, minNights: 1 },
    { id: 'SETTIMANA-LUNGA-2027', name: 'Settimana lunga: −5% dalle 7 notti', description: 'Il 5% di sconto sul totale per soggiorni di almeno 7 notti.', discount: { basisPoints: 500 }, onlyOnUnit: false, ...season, typologyIds: null, minNights: 7 },
    { id: 'BASSA-STAGIONE-2027', name: 'Bassa stagione −50 €', description: '50 € di sconto su case mobili, bungalow e glamping in aprile e maggio, da 3 notti.', discount: { cents: 5000 }, onlyOnUnit: false, validFrom: '2027-04-01', validTo: '2027-05-31', typologyIds: accommodationIds, minNights: 3 },
  ];
}

const lagoAzzurro: DemoCatalogue = {
  key: 'lago-azzurro',
  platformCampId: 'DEMO-LAGO-AZZURRO',
  priceList: DEMO_PRICE_LIST_2027,
  typologies: [
    { id: 'LA-PZ-STD', name: 'Piazzola standard', names: names('Stellplatz Standard', 'Standard pitch', 'Standaard kampeerplaats', 'Emplacement standard'), kind: 'pitch', maxPeople: 6, bookableOnline: true, nightlyCents: { low: 1800, mid: 2400, high: 3000 }, resources: { label: 'Piazzola', from: 1, to: 40 } },
    { id: 'LA-PZ-LAGO', name: 'Piazzola vista lago', names: names('Stellplatz mit Seeblick', 'Lake-view pitch', 'Kampeerplaats met uitzicht op het meer', 'Emplacement vue sur le lac'), kind: 'pitch', maxPeople: 6, bookableOnline: false, nightlyCents: { low: 2500, mid: 3200, high: 3800 }, resources: { label: 'Piazzola', from: 41, to: 56 } },
    { id: 'LA-MH-CLASSIC', name: 'Casa mobile Classic', names: names('Mobilheim Classic', 'Mobile home Classic', 'Stacaravan Classic', 'Mobil-home Classic'), kind: 'mobile-home', maxPeople: 4, bookableOnline: true, nightlyCents: { low: 7000, mid: 9500, high: 12500 }, resources: { label: 'Casa mobile', from: 1, to: 12 } },
    { id: 'LA-MH-FAMILY', name: 'Casa mobile Family', names: names('Mobilheim Family', 'Mobile home Family', 'Stacaravan Family', 'Mobil-home Family'), kind: 'mobile-home', maxPeople: 6, bookableOnline: true, nightlyCents: { low: 8500, mid: 11500, high: 15000 }, resources: { label: 'Casa mobile', from: 13, to: 20 } },
    { id: 'LA-BG-OLIVO', name: 'Bungalow Olivo', names: names('Bungalow Olivo', 'Bungalow Olivo', 'Bungalow Olivo', 'Bungalow Olivo'), kind: 'bungalow', maxPeople: 5, bookableOnline: true, nightlyCents: { low: 8000, mid: 10500, high: 13500 }, resources: { label: 'Bungalow', from: 1, to: 8 } },
    { id: 'LA-GL-SAFARI', name: 'Tenda Safari Lodge', names: names('Safari-Lodge-Zelt', 'Safari lodge tent', 'Safari-lodgetent', 'Tente Safari Lodge'), kind: 'glamping', maxPeople: 4, bookableOnline: true, nightlyCents: { low: 9500, mid: 12500, high: 16000 }, resources: { label: 'Lodge', from: 1, to: 8 } },
  ],
  personTypes: [
    { id: 'LA-ADULTO', kind: 'adult', name: 'Adulto', names: names('Erwachsener', 'Adult', 'Volwassene', 'Adulte'), ordinamento: 3, minAge: 12, maxAge: null, pitchNightlyCents: 1050, paysTouristTax: true },
    { id: 'LA-BAMBINO', kind: 'child', name: 'Bambino (3-11 anni)', names: names('Kind (3–11 Jahre)', 'Child (3–11 years)', 'Kind (3–11 jaar)', 'Enfant (3–11 ans)'), ordinamento: 2, minAge: 3, maxAge: 11, pitchNightlyCents: 650, paysTouristTax: false },
    { id: 'LA-NEONATO', kind: 'infant', name: 'Neonato (0-2 anni)', names: names('Kleinkind (0–2 Jahre)', 'Infant (0–2 years)', 'Baby (0–2 jaar)', 'Bébé (0–2 ans)'), ordinamento: 1, minAge: 0, maxAge: 2, pitchNightlyCents: 0, paysTouristTax: false },
  ],
  vehicles: [
    { id: 'LA-AUTO', kind: 'car', name: 'Auto', names: names('Pkw', 'Car', 'Auto', 'Voiture'), nightlyCents: 500 },
    { id: 'LA-CAMPER', kind: 'camper', name: 'Camper', names: names('Wohnmobil', 'Motorhome', 'Camper', 'Camping-car'), nightlyCents: 900 },
    { id: 'LA-MOTO', kind: 'motorbike', name: 'Moto', names: names('Motorrad', 'Motorbike', 'Motor', 'Moto'), nightlyCents: 300 },
  ],
  services: [
    { id: 'LA-CANE', kind: 'dog', name: 'Cane', names: names('Hund', 'Dog', 'Hond', 'Chien'), cents: 500, unit: 'per-night' },
    { id: 'LA-CORRENTE', kind: 'electricity', name: 'Allacciamento elettrico', names: names('Stromanschluss', 'Electricity hook-up', 'Stroomaansluiting', 'Branchement électrique'), cents: 400, unit: 'per-night' },
    { id: 'LA-BIANCHERIA', kind: 'linen', name: 'Kit biancheria', names: names('Bettwäsche-Set', 'Bed linen set', 'Linnenpakket', 'Kit de linge'), cents: 1500, unit: 'per-stay' },
    { id: 'LA-PULIZIA', kind: 'final-cleaning', name: 'Pulizia finale', names: names('Endreinigung', 'Final cleaning', 'Eindschoonmaak', 'Ménage final'), cents: 6000, unit: 'per-stay' },
  ],
  seasons: DEMO_SEASONS_2027,
  touristTaxCents: 150,
  offers: demoOffers2027(['LA-MH-CLASSIC', 'LA-MH-FAMILY', 'LA-BG-OLIVO', 'LA-GL-SAFARI']),
  operators: [
    { id: 'LA-OP-1', name: 'Reception Lago Azzurro', email: 'reception@lagoazzurro.example' },
    { id: 'LA-OP-2', name: 'Giulia Bianchi', email: 'giulia.bianchi@lagoazzurro.example' },
  ],
};

const pineta: DemoCatalogue = {
  key: 'pineta',
  platformCampId: 'DEMO-PINETA',
  priceList: DEMO_PRICE_LIST_2027,
  typologies: [
    { id: 'PI-PZ-PINETA', name: 'Piazzola in pineta', names: names('Stellplatz im Pinienwald', 'Pitch in the pine wood', 'Kampeerplaats in het dennenbos', 'Emplacement dans la pinède'), kind: 'pitch', maxPeople: 6, bookableOnline: true, nightlyCents: { low: 1900, mid: 2600, high: 3300 }, resources: { label: 'Piazzola', from: 1, to: 60 } },
    { id: 'PI-PZ-MARE', name: 'Piazzola fronte mare', names: names('Stellplatz am Meer', 'Seafront pitch', 'Kampeerplaats aan zee', 'Emplacement en bord de mer'), kind: 'pitch', maxPeople: 6, bookableOnline: false, nightlyCents: { low: 2400, mid: 3100, high: 3700 }, resources: { label: 'Piazzola', from: 61, to: 80 } },
    { id: 'PI-MH-MARINA', name: 'Casa mobile Marina', names: names('Mobilheim Marina', 'Mobile home Marina', 'Stacaravan Marina', 'Mobil-home Marina'), kind: 'mobile-home', maxPeople: 4, bookableOnline: true, nightlyCents: { low: 7500, mid: 10000, high: 13500 }, resources: { label: 'Casa mobile', from: 1, to: 10 } },
    { id: 'PI-MH-DELUXE', name: 'Casa mobile Deluxe', names: names('Mobilheim Deluxe', 'Mobile home Deluxe', 'Stacaravan Deluxe', 'Mobil-home Deluxe'), kind: 'mobile-home', maxPeople: 6, bookableOnline: true, nightlyCents: { low: 9000, mid: 12000, high: 16000 }, resources: { label: 'Casa mobile', from: 11, to: 20 } },
    { id: 'PI-BG-DUNA', name: 'Bungalow Duna', names: names('Bungalow Duna', 'Bungalow Duna', 'Bungalow Duna', 'Bungalow Duna'), kind: 'bungalow', maxPeople: 5, bookableOnline: true, nightlyCents: { low: 8000, mid: 11000, high: 14000 }, resources: { label: 'Bungalow', from: 1, to: 10 } },
    { id: 'PI-GL-PINEA', name: 'Glamping Pinea', names: names('Glamping Pinea', 'Glamping Pinea', 'Glamping Pinea', 'Glamping Pinea'), kind: 'glamping', maxPeople: 4, bookableOnline: true, nightlyCents: { low: 9000, mid: 12000, high: 15500 }, resources: { label: 'Tenda', from: 1, to: 8 } },
  ],
  personTypes: [
    { id: 'PI-ADULTO', kind: 'adult', name: 'Adulto', names: names('Erwachsener', 'Adult', 'Volwassene', 'Adulte'), ordinamento: 3, minAge: 12, maxAge: null, pitchNightlyCents: 950, paysTouristTax: true },
    { id: 'PI-BAMBINO', kind: 'child', name: 'Bambino (3-11 anni)', names: names('Kind (3–11 Jahre)', 'Child (3–11 years)', 'Kind (3–11 jaar)', 'Enfant (3–11 ans)'), ordinamento: 2, minAge: 3, maxAge: 11, pitchNightlyCents: 550, paysTouristTax: false },
    { id: 'PI-NEONATO', kind: 'infant', name: 'Neonato (0-2 anni)', names: names('Kleinkind (0–2 Jahre)', 'Infant (0–2 years)', 'Baby (0–2 jaar)', 'Bébé (0–2 ans)'), ordinamento: 1, minAge: 0, maxAge: 2, pitchNightlyCents: 0, paysTouristTax: false },
  ],
  vehicles: [
    { id: 'PI-AUTO', kind: 'car', name: 'Auto', names: names('Pkw', 'Car', 'Auto', 'Voiture'), nightlyCents: 400 },
    { id: 'PI-CAMPER', kind: 'camper', name: 'Camper', names: names('Wohnmobil', 'Motorhome', 'Camper', 'Camping-car'), nightlyCents: 800 },
    { id: 'PI-MOTO', kind: 'motorbike', name: 'Moto', names: names('Motorrad', 'Motorbike', 'Motor', 'Moto'), nightlyCents: 250 },
  ],
  services: [
    { id: 'PI-CANE', kind: 'dog', name: 'Cane', names: names('Hund', 'Dog', 'Hond', 'Chien'), cents: 450, unit: 'per-night' },
    { id: 'PI-CORRENTE', kind: 'electricity', name: 'Allacciamento elettrico', names: names('Stromanschluss', 'Electricity hook-up', 'Stroomaansluiting', 'Branchement électrique'), cents: 350, unit: 'per-night' },
    { id: 'PI-BIANCHERIA', kind: 'linen', name: 'Kit biancheria', names: names('Bettwäsche-Set', 'Bed linen set', 'Linnenpakket', 'Kit de linge'), cents: 1200, unit: 'per-stay' },
    { id: 'PI-PULIZIA', kind: 'final-cleaning', name: 'Pulizia finale', names: names('Endreinigung', 'Final cleaning', 'Eindschoonmaak', 'Ménage final'), cents: 5500, unit: 'per-stay' },
  ],
  seasons: DEMO_SEASONS_2027,
  touristTaxCents: 100,
  offers: demoOffers2027(['PI-MH-MARINA', 'PI-MH-DELUXE', 'PI-BG-DUNA', 'PI-GL-PINEA']),
  operators: [{ id: 'PI-OP-1', name: 'Reception Villaggio Pineta', email: 'reception@villaggiopineta.example' }],
};

export const DEMO_CATALOGUES: Record<DemoCampsiteKey, DemoCatalogue> = {
  'lago-azzurro': lagoAzzurro,
  pineta,
};
