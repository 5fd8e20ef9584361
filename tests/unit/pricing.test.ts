import { describe, expect, it } from 'vitest';
import type { PriceLine } from '@/db/schema';
import type { Offer, PriceList } from '@/lib/booking-platform/types';
import { AppError } from '@/lib/errors';
import { cardDiscount, offerDiscount, priceCard, type CardDiscount, type CardInput, type DiscountChoice } from '@/lib/booking-platform/pricing';

// Small round prices, so every expected cent can be checked by hand.
const priceList: PriceList = {
  id: 'L1',
  name: 'Listino test',
  validFrom: '2027-05-01',
  validTo: '2027-09-30',
  seasons: [
    { id: 'low', name: 'bassa stagione', periods: [{ from: '2027-05-01', to: '2027-06-30' }, { from: '2027-09-01', to: '2027-09-30' }] },
    { id: 'high', name: 'alta stagione', periods: [{ from: '2027-07-01', to: '2027-08-31' }] },
  ],
  typologies: [
    { typologyId: 'PZ', name: 'Piazzola', kind: 'pitch', maxPeople: 4, nightlyCents: { low: 2000, high: 3000 } },
    { typologyId: 'MH', name: 'Casa mobile Classic', kind: 'mobile-home', maxPeople: 4, nightlyCents: { low: 8000, high: 12000 } },
    { typologyId: 'BG', name: 'Bungalow', kind: 'bungalow', maxPeople: 4, nightlyCents: { low: 9000 } },
  ],
  people: [
    { personTypeId: 'AD', name: 'Adulto', adult: true, pitchNightlyCents: 1000, paysTouristTax: true },
    { personTypeId: 'BA', name: 'Bambino', adult: false, pitchNightlyCents: 500, paysTouristTax: false },
    { personTypeId: 'NE', name: 'Neonato', adult: false, pitchNightlyCents: 0, paysTouristTax: false },
  ],
  vehicles: [{ vehicleId: 'AUTO', name: 'Auto', nightlyCents: 500 }],
  services: [
    { serviceId: 'CANE', name: 'Cane', cents: 300, unit: 'per-night' },
    { serviceId: 'PULIZIA', name: 'Pulizia finale', cents: 5000, unit: 'per-stay' },
  ],
  touristTaxCents: 150,
};

/** Three nights in low season (28–30 June) and two in high season (1–2 July). */
const family: CardInput = {
  typologyId: 'PZ',
  arrival: '2027-06-28',
  departure: '2027-07-03',
  people: [
    { personTypeId: 'AD', count: 2 },
    { personTypeId: 'BA', count: 1 },
    { personTypeId: 'NE', count: 1 },
  ],
  vehicles: [{ id: 'AUTO', quantity: 1 }],
  services: [
    { id: 'CANE', quantity: 1 },
    { id: 'PULIZIA', quantity: 1 },
  ],
};

const PITCH_SUBTOTAL = 35_000;
const PITCH_UNIT = 12_000;
const PITCH_TAX = 1500;

function priceError(input: Partial<CardInput>, discount: CardDiscount = { onlyOnUnit: false }): AppError {
  try {
    priceCard(priceList, { ...family, ...input }, discount);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('priceCard did not refuse the card');
}

/** What the staff and the legacy API read of a line; the guest's words are tested in guest-labels.test.ts. */
const staffLines = (lines: PriceLine[]) => lines.map(({ kind, label, quantity, unitCents, totalCents }) => ({ kind, label, quantity, unitCents, totalCents }));

describe('priceCard', () => {
  it('prices a pitch across two seasons, with guests, extras and tourist tax', () => {
    const priced = priceCard(priceList, family);
    expect(staffLines(priced.lines)).toEqual([
      { kind: 'unit', label: 'Piazzola – bassa stagione', quantity: 3, unitCents: 2000, totalCents: 6000 },
      { kind: 'unit', label: 'Piazzola – alta stagione', quantity: 2, unitCents: 3000, totalCents: 6000 },
      { kind: 'person', label: 'Adulto × 5 notti', quantity: 10, unitCents: 1000, totalCents: 10_000 },
      { kind: 'person', label: 'Bambino × 5 notti', quantity: 5, unitCents: 500, totalCents: 2500 },
      { kind: 'vehicle', label: 'Auto × 5 notti', quantity: 5, unitCents: 500, totalCents: 2500 },
      { kind: 'service', label: 'Cane × 5 notti', quantity: 5, unitCents: 300, totalCents: 1500 },
      { kind: 'service', label: 'Pulizia finale', quantity: 1, unitCents: 5000, totalCents: 5000 },
      { kind: 'tax', label: 'Imposta di soggiorno', quantity: 10, unitCents: 150, totalCents: 1500 },
    ]);
    expect(priced).toMatchObject({ nights: 5, subtotalCents: PITCH_SUBTOTAL, discountCents: 0, totalCents: PITCH_SUBTOTAL, typologyName: 'Piazzola' });
  });

  it('charges guests on pitches only: accommodation prices include them', () => {
    const priced = priceCard(priceList, { ...family, typologyId: 'MH' });
    expect(priced.lines.filter((line) => line.kind === 'person')).toEqual([]);
    expect(priced.lines.filter((line) => line.kind === 'unit').map((line) => [line.label, line.totalCents])).toEqual([
      ['Casa mobile Classic – bassa stagione', 24_000],
      ['Casa mobile Classic – alta stagione', 24_000],
    ]);
    // The tourist tax still counts the adults.
    expect(priced.subtotalCents).toBe(48_000 + 2500 + 1500 + 5000 + 1500);
  });

  it('multiplies per-night services by the nights and per-stay services only by the quantity', () => {
    const priced = priceCard(priceList, { ...family, services: [{ id: 'CANE', quantity: 2 }, { id: 'PULIZIA', quantity: 2 }] });
    expect(staffLines(priced.lines.filter((line) => line.kind === 'service'))).toEqual([
      { kind: 'service', label: 'Cane × 5 notti', quantity: 10, unitCents: 300, totalCents: 3000 },
      { kind: 'service', label: 'Pulizia finale', quantity: 2, unitCents: 5000, totalCents: 10_000 },
    ]);
  });

  it('writes «1 notte» for a single night and skips zero quantities', () => {
    const priced = priceCard(priceList, { ...family, arrival: '2027-07-10', departure: '2027-07-11', vehicles: [{ id: 'AUTO', quantity: 0 }] });
    expect(priced.lines.map((line) => line.label)).toEqual(['Piazzola – alta stagione', 'Adulto × 1 notte', 'Bambino × 1 notte', 'Cane × 1 notte', 'Pulizia finale', 'Imposta di soggiorno']);
  });

  it('applies a percentage to the unit lines only when onlyOnUnit (scontoSoloSuUnita)', () => {
    const onUnit = priceCard(priceList, family, { basisPoints: 1000, onlyOnUnit: true });
    expect(onUnit).toMatchObject({ subtotalCents: PITCH_SUBTOTAL, discountCents: 1200, totalCents: 33_800 });
    // Everything but the tourist tax (15.00 €).
    const onAll = priceCard(priceList, family, { basisPoints: 1000, onlyOnUnit: false });
    expect(onAll).toMatchObject({ subtotalCents: PITCH_SUBTOTAL, discountCents: 3350, totalCents: 31_650 });
  });

  it('rounds a percentage to the cent', () => {
    // 3.33% of 335.00 € (all but the tax) is 11.1555 €; of 120.00 € it is 3.996 €.
    expect(priceCard(priceList, family, { basisPoints: 333, onlyOnUnit: false }).discountCents).toBe(1116);
    expect(priceCard(priceList, family, { basisPoints: 333, onlyOnUnit: true }).discountCents).toBe(400);
  });

  it('caps a fixed discount at its base and prefers it to a percentage', () => {
    expect(priceCard(priceList, family, { cents: 20_000, onlyOnUnit: true })).toMatchObject({ discountCents: PITCH_UNIT, totalCents: PITCH_SUBTOTAL - PITCH_UNIT });
    // The tourist tax is still owed when everything else is given away.
    expect(priceCard(priceList, family, { cents: 50_000, onlyOnUnit: false })).toMatchObject({ discountCents: PITCH_SUBTOTAL - PITCH_TAX, totalCents: PITCH_TAX });
    expect(priceCard(priceList, family, { cents: 5000, basisPoints: 1000, onlyOnUnit: false })).toMatchObject({ discountCents: 5000, totalCents: 30_000 });
  });

  it('refuses unknown ids with an Italian message', () => {
    expect(priceError({ typologyId: 'XX' }).message).toBe('La tipologia «XX» non è nel listino «Listino test».');
    expect(priceError({ people: [{ personTypeId: 'AD', count: 1 }, { personTypeId: 'NONNO', count: 1 }] }).message).toBe('Il tipo di ospite «NONNO» non è nel listino.');
    expect(priceError({ vehicles: [{ id: 'BARCA', quantity: 1 }] }).message).toBe('Il mezzo «BARCA» non è nel listino.');
    expect(priceError({ services: [{ id: 'SAUNA', quantity: 1 }] }).message).toBe('Il servizio «SAUNA» non è nel listino.');
    expect(priceError({ typologyId: 'XX' }).kind).toBe('bad_request');
  });

  it('refuses dates that are not a stay', () => {
    const notAfter = 'La data di partenza deve essere successiva a quella di arrivo.';
    expect(priceError({ arrival: '2027-07-10', departure: '2027-07-10' }).message).toBe(notAfter);
    expect(priceError({ arrival: '2027-07-10', departure: '2027-07-03' }).message).toBe(notAfter);
    expect(priceError({ arrival: '2027-02-30', departure: '2027-07-03' }).message).toBe('Le date del soggiorno non sono valide.');
    expect(priceError({ arrival: '10/07/2027' }).message).toBe('Le date del soggiorno non sono valide.');
  });

  it('names the out-of-season dates', () => {
    expect(priceError({ arrival: '2027-09-29', departure: '2027-10-03' }).message).toBe('Le date dal 01/10/2027 al 03/10/2027 sono fuori stagione.');
    expect(priceError({ arrival: '2027-04-28', departure: '2027-05-04' }).message).toBe('Le date dal 28/04/2027 al 01/05/2027 sono fuori stagione.');
  });

  it('refuses a season the typology has no price for', () => {
    expect(priceError({ typologyId: 'BG' }).message).toBe('Il listino non ha un prezzo per «Bungalow» in alta stagione.');
  });

  it('refuses more people than the typology holds, infants included', () => {
    const error = priceError({ people: [{ personTypeId: 'AD', count: 2 }, { personTypeId: 'BA', count: 2 }, { personTypeId: 'NE', count: 1 }] });
    expect(error.message).toBe('«Piazzola» ospita al massimo 4 persone.');
  });

  it('needs at least one adult', () => {
    expect(priceError({ people: [{ personTypeId: 'BA', count: 2 }] }).message).toBe('Serve almeno un adulto.');
    expect(priceError({ people: [{ personTypeId: 'AD', count: 0 }, { personTypeId: 'BA', count: 1 }] }).message).toBe('Serve almeno un adulto.');
  });

  it('refuses negative or fractional quantities and impossible discounts', () => {
    expect(priceError({ vehicles: [{ id: 'AUTO', quantity: -1 }] }).message).toBe('Le quantità devono essere numeri interi non negativi.');
    expect(priceError({ people: [{ personTypeId: 'AD', count: 1.5 }] }).message).toBe('Le quantità devono essere numeri interi non negativi.');
    const badDiscount = 'Lo sconto non è valido: indica una percentuale tra 0 e 100 o un importo non negativo.';
    expect(priceError({}, { basisPoints: 10_001, onlyOnUnit: false }).message).toBe(badDiscount);
    expect(priceError({}, { cents: -100, onlyOnUnit: false }).message).toBe(badDiscount);
  });
});

describe('offerDiscount', () => {
  const longStay: Offer = {
    id: 'LUNGA',
    name: 'Settimana lunga',
    description: '',
    discount: { basisPoints: 500 },
    onlyOnUnit: true,
    validFrom: '2027-06-01',
    validTo: '2027-07-31',
    typologyIds: ['PZ', 'MH'],
    minNights: 5,
  };

  it('gives the offer discount when the stay qualifies, and it prices like any discount', () => {
    const check = offerDiscount(longStay, family);
    expect(check).toEqual({ applies: true, discount: { basisPoints: 500, onlyOnUnit: true } });
    if (check.applies) expect(priceCard(priceList, family, check.discount).discountCents).toBe(600);
    expect(offerDiscount({ ...longStay, discount: { cents: 5000 }, onlyOnUnit: false }, family)).toEqual({ applies: true, discount: { cents: 5000, onlyOnUnit: false } });
  });

  it('counts nights, not the departure day, against the validity', () => {
    expect(offerDiscount({ ...longStay, validTo: '2027-07-02' }, family).applies).toBe(true);
    expect(offerDiscount({ ...longStay, validTo: '2027-07-01' }, family)).toEqual({ applies: false, reason: 'L\'offerta «Settimana lunga» vale per le notti dal 01/06/2027 al 01/07/2027.' });
    expect(offerDiscount({ ...longStay, validFrom: '2027-06-29' }, family).applies).toBe(false);
  });

  it('explains why it does not apply', () => {
    expect(offerDiscount(longStay, { ...family, typologyId: 'BG' })).toEqual({ applies: false, reason: 'L\'offerta «Settimana lunga» non vale per questa tipologia.' });
    expect(offerDiscount({ ...longStay, typologyIds: null }, { ...family, typologyId: 'BG' }).applies).toBe(true);
    expect(offerDiscount({ ...longStay, minNights: 7 }, family)).toEqual({ applies: false, reason: 'L\'offerta «Settimana lunga» richiede almeno 7 notti.' });
    expect(offerDiscount(longStay, { ...family, departure: family.arrival })).toEqual({ applies: false, reason: 'La data di partenza deve essere successiva a quella di arrivo.' });
  });
});

/**
 * Which price lines a discount is taken from, line kind by line kind: under the campsite's
 * scontoSoloSuUnita (or the card's own switch) on and off, for a discount typed on the card and
 * for every kind of offer. The tourist tax is the municipality's and is never discounted; the
 * switch decides guests, vehicles, extras and cleaning; an offer on the accommodation only
 * narrows it to the accommodation whatever the switch says.
 */
describe('what a discount is taken from', () => {
  /** Every kind of line the pitch of `family` has, each with its own amount. */
  const KINDS = [
    { line: 'Piazzola – bassa stagione', kind: 'unit', onlyOnUnit: true, onEverything: true },
    { line: 'Piazzola – alta stagione', kind: 'unit', onlyOnUnit: true, onEverything: true },
    { line: 'Adulto × 5 notti', kind: 'person', onlyOnUnit: false, onEverything: true },
    { line: 'Bambino × 5 notti', kind: 'person', onlyOnUnit: false, onEverything: true },
    { line: 'Auto × 5 notti', kind: 'vehicle', onlyOnUnit: false, onEverything: true },
    { line: 'Cane × 5 notti', kind: 'service', onlyOnUnit: false, onEverything: true },
    { line: 'Pulizia finale', kind: 'service', onlyOnUnit: false, onEverything: true },
    { line: 'Imposta di soggiorno', kind: 'tax', onlyOnUnit: false, onEverything: false },
  ] as const;

  const offer = (id: string, discount: Offer['discount'], onlyOnUnit: boolean): Offer => ({
    id,
    name: id,
    description: '',
    discount,
    onlyOnUnit,
    validFrom: '2027-05-01',
    validTo: '2027-09-30',
    typologyIds: null,
    minNights: 1,
  });
  const OFFERS = [
    offer('PERCENTUALE-TOTALE', { basisPoints: 1000 }, false),
    offer('PERCENTUALE-ALLOGGIO', { basisPoints: 1000 }, true),
    offer('FISSO-TOTALE', { cents: 1_000_000 }, false),
    offer('FISSO-ALLOGGIO', { cents: 1_000_000 }, true),
  ];

  /** A percentage takes 10% of its base; a fixed amount larger than any stay takes the whole base. */
  const SOURCES: { name: string; choice: Omit<DiscountChoice, 'discountOnlyOnUnit'>; share: (base: number) => number; offerOnUnit: boolean }[] = [
    { name: '10% typed on the card', choice: { discountBasisPoints: 1000, discountCents: 0 }, share: (base) => Math.round(base / 10), offerOnUnit: false },
    { name: 'a fixed amount typed on the card', choice: { discountBasisPoints: 0, discountCents: 1_000_000 }, share: (base) => base, offerOnUnit: false },
    ...OFFERS.map((o) => ({
      name: `the offer ${o.id}`,
      choice: { offerId: o.id, discountBasisPoints: 0, discountCents: 0 },
      share: 'basisPoints' in o.discount ? (base: number) => Math.round(base / 10) : (base: number) => base,
      offerOnUnit: o.onlyOnUnit,
    })),
  ];

  const lines = priceCard(priceList, family).lines;
  const amountOf = (label: string) => lines.find((line) => line.label === label)!.totalCents;

  it('the pitch of the table has one line of every kind, each with an amount', () => {
    expect(lines.map((line) => line.label)).toEqual(KINDS.map((row) => row.line));
    for (const row of KINDS) expect(amountOf(row.line), row.line).toBeGreaterThan(0);
  });

  for (const source of SOURCES) {
    for (const setting of [true, false]) {
      for (const from of ['the campsite', 'the card'] as const) {
        it(`${source.name}, «Sconto solo sull’alloggio» ${setting ? 'on' : 'off'} from ${from}`, () => {
          const choice: DiscountChoice = { ...source.choice, ...(from === 'the card' ? { discountOnlyOnUnit: setting } : {}) };
          // The card's switch wins over the campsite's: the campsite here says the opposite.
          const campsiteDefault = from === 'the card' ? !setting : setting;
          const { discount } = cardDiscount({ ...family, ...choice }, OFFERS, campsiteDefault);
          const onlyOnUnit = setting || source.offerOnUnit;
          expect(discount.onlyOnUnit).toBe(onlyOnUnit);
          const base = KINDS.filter((row) => (onlyOnUnit ? row.onlyOnUnit : row.onEverything)).reduce((sum, row) => sum + amountOf(row.line), 0);
          const priced = priceCard(priceList, family, discount);
          expect(priced.discountCents).toBe(source.share(base));
          expect(priced.totalCents).toBe(priced.subtotalCents - source.share(base));
          // Whatever is given away, the tourist tax is still owed in full.
          expect(priced.totalCents).toBeGreaterThanOrEqual(amountOf('Imposta di soggiorno'));
        });
      }
    }
  }

  it('refuses an offer that is gone or that the stay does not meet, in Italian', () => {
    const card = { ...family, discountBasisPoints: 0, discountCents: 0 };
    expect(() => cardDiscount({ ...card, offerId: 'NON-ESISTE' }, OFFERS, false)).toThrow('L’offerta scelta non esiste più: scegline un’altra.');
    expect(() => cardDiscount({ ...card, offerId: 'PERCENTUALE-TOTALE' }, [{ ...OFFERS[0]!, minNights: 7 }], false)).toThrow('L\'offerta «PERCENTUALE-TOTALE» richiede almeno 7 notti.');
  });
});
