import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { PriceLine } from '@/db/schema';
import { priceListAnswer } from '@/lib/booking-platform/http-answers';
import { DEMO_CATALOGUES } from '@/lib/booking-platform/demo-catalogue';
import { demoPriceList } from '@/lib/booking-platform/demo-platform';
import type { PriceList } from '@/lib/booking-platform/types';
import { guestLineText, guestPriceLine } from '@/lib/public-quotes/guest-lines';
import { labelNames, nameIn, type LabelTable } from '@/lib/i18n/label-names';
import { NO_DISCOUNT, priceCard, type CardInput } from '@/lib/booking-platform/pricing';
import de from '@/messages/de/guest-quote.json';
import en from '@/messages/en/guest-quote.json';
import italian from '@/messages/it/guest-quote.json';

const DICTIONARIES = { it: italian, de, en };

/** Every kind of line: pitch by season, guests, a vehicle, a per-night and a per-stay service. */
const stay: CardInput = {
  typologyId: 'LA-PZ-STD',
  arrival: '2027-06-29',
  departure: '2027-07-02',
  people: [
    { personTypeId: 'LA-ADULTO', count: 2 },
    { personTypeId: 'LA-BAMBINO', count: 1 },
  ],
  vehicles: [{ id: 'LA-AUTO', quantity: 1 }],
  services: [
    { id: 'LA-CANE', quantity: 1 },
    { id: 'LA-CORRENTE', quantity: 1 },
    { id: 'LA-PULIZIA', quantity: 1 },
  ],
};

/** The lines as the guest page writes them in a language, with that language's dictionary. */
function guestText(lines: PriceLine[], locale: keyof typeof DICTIONARIES): string[] {
  const t = createTranslator({ locale, messages: DICTIONARIES[locale] });
  return lines.map((line) => (line.kind === 'tax' ? t('touristTax') : guestLineText(guestPriceLine(line, locale), (count) => t('nights', { count }))));
}

// Built from the Italian catalogue and dictionary; words the other language shares are left out.
const ITALIAN_WORDS = ['notte', 'notti', 'Adulto', 'Bambino', 'anni', 'Pulizia', 'finale', 'stagione', 'media', 'alta', 'Cane', 'Allacciamento', 'elettrico', 'Piazzola', 'Imposta'];
const containsWord = (text: string, word: string) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu').test(text);

describe('the words of a priced card for the guest', () => {
  const priceList = demoPriceList(DEMO_CATALOGUES['lago-azzurro']);
  const { lines } = priceCard(priceList, stay, NO_DISCOUNT);

  it('has no Italian word in a German or English card', () => {
    for (const [locale, words] of [
      ['de', [...ITALIAN_WORDS, 'Auto']],
      ['en', ITALIAN_WORDS],
    ] as const) {
      const text = guestText(lines, locale).join('\n');
      expect(text, locale).not.toSatisfy((shown: string) => words.some((word) => containsWord(shown, word)));
    }
    expect(guestText(lines, 'de')).toEqual([
      'Stellplatz Standard – Zwischensaison',
      'Stellplatz Standard – Hauptsaison',
      'Erwachsener × 3 Nächte',
      'Kind (3–11 Jahre) × 3 Nächte',
      'Pkw × 3 Nächte',
      'Hund × 3 Nächte',
      'Stromanschluss × 3 Nächte',
      'Endreinigung',
      'Kurtaxe',
    ]);
    expect(guestText(lines, 'en')).toContain('Adult × 3 nights');
  });

  it('reads in Italian as the staff priced it, and a line stored before the names existed still shows', () => {
    expect(guestText(lines, 'it').slice(0, 3)).toEqual(lines.slice(0, 3).map((line) => line.label));
    const old: PriceLine = { kind: 'vehicle', label: 'Auto × 3 notti', quantity: 3, unitCents: 500, totalCents: 1500 };
    expect(guestText([old], 'de')).toEqual(['Auto × 3 notti']);
  });

  it('keeps the words it was priced with when the catalogue or the table change later', () => {
    const table: LabelTable = new Map([['Cane', { nl: 'Hond' }]]);
    const priced = priceCard(priceList, stay, NO_DISCOUNT, table);
    const before = guestText(structuredClone(priced.lines), 'de');
    const renamed: PriceList = { ...priceList, vehicles: priceList.vehicles.map((vehicle) => ({ ...vehicle, names: { de: 'Personenwagen' } })) };
    const repriced = priceCard(renamed, stay, NO_DISCOUNT, new Map([['Pulizia finale', { de: 'Schlussreinigung' }]]));
    expect(guestText(repriced.lines, 'de')).toContain('Personenwagen × 3 Nächte');
    expect(guestText(priced.lines, 'de')).toEqual(before);
  });
});

describe('where a label’s names come from', () => {
  const table: LabelTable = new Map([['Cane', { de: 'Hündchen', nl: 'Hond' }]]);

  it('takes the platform’s name first, the campsite’s table where the platform has none, else Italian', () => {
    expect(labelNames('Cane', { de: 'Hund', en: 'Dog' }, table)).toEqual({ it: 'Cane', de: 'Hund', en: 'Dog', nl: 'Hond' });
    expect(labelNames('Gatto', undefined, table)).toEqual({ it: 'Gatto' });
    const t = createTranslator({ locale: 'de', messages: de });
    const line: PriceLine = { kind: 'service', label: 'Gatto', quantity: 1, unitCents: 100, totalCents: 100, names: labelNames('Gatto', undefined, table) };
    expect(guestText([line], 'de')).toEqual(['Gatto']);
    expect(t('nights', { count: 1 })).toBe('1 Nacht');
  });

  it('gives every demo item a German, English, Dutch and French name', () => {
    for (const catalogue of Object.values(DEMO_CATALOGUES)) {
      const list = demoPriceList(catalogue);
      for (const item of [...list.typologies, ...list.seasons, ...list.people, ...list.vehicles, ...list.services]) {
        expect(Object.keys(item.names ?? {}).sort(), item.name).toEqual(['de', 'en', 'fr', 'nl']);
      }
    }
  });

  it('reads the platform’s names by language code and drops codes no guest page speaks', () => {
    const answer = priceListAnswer.parse({
      id: 'L',
      nome: 'Listino',
      validoDal: '2027-04-01',
      validoAl: '2027-09-30',
      stagioni: [{ id: 'alta', nome: 'alta stagione', nomi: { de: 'Hauptsaison', xx: 'Hoch', en: ' ' }, periodi: [{ dal: '2027-07-01', al: '2027-08-31' }] }],
      tipologie: [],
      tipiPersona: [],
      mezzi: [{ idMezzo: 'A', nome: 'Auto', prezzoNotteCentesimi: 500 }],
      servizi: [],
      tassaSoggiornoCentesimi: 0,
    });
    expect(answer.seasons[0]?.names).toEqual({ de: 'Hauptsaison' });
    expect(answer.vehicles[0]?.names).toBeUndefined();
  });
});

describe('a name for a guest whose language nobody wrote (issue 27)', () => {
  it('reads English before Italian for a foreign guest; an Italian guest reads Italian', () => {
    const names = { it: 'Piazzola vista lago', en: 'Lake-view pitch' };
    expect(nameIn(names, 'nl', 'x')).toBe('Lake-view pitch');
    expect(nameIn(names, 'de', 'x')).toBe('Lake-view pitch');
    expect(nameIn({ ...names, de: 'Stellplatz mit Seeblick' }, 'de', 'x')).toBe('Stellplatz mit Seeblick');
    expect(nameIn(names, 'it', 'x')).toBe('Piazzola vista lago');
    // Italian stays the last word: a name is never blank.
    expect(nameIn({ it: 'Piazzola vista lago' }, 'nl', 'x')).toBe('Piazzola vista lago');
    expect(nameIn(undefined, 'nl', 'Piazzola')).toBe('Piazzola');
  });
});
