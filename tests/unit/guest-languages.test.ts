import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPT_IN_TEXTS } from '@/emails/newsletter-confirmation';
import { MAIL_TEXTS } from '@/emails/texts';
import { formatGuestDate, formatGuestMoney } from '@/lib/i18n/guest-format';
import { GUEST_LOCALES, guestLocaleOf, LANGUAGE_ID_OF, linkLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { languageLinks } from '@/lib/requests/form-options';

type Messages = { [key: string]: string | Messages };

const read = (path: string): Messages => JSON.parse(readFileSync(new URL(`../../messages/${path}`, import.meta.url), 'utf8')) as Messages;

/** Every text of a dictionary by its dotted key. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

/** The arguments a message uses ({campsite}, {count, plural…}), which the page fills in. */
const argumentsOf = (text: string) => [...new Set([...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((match) => match[1]))].sort();

/** The common guest texts: Italian's live in it/guest.json (the staff's it.json holds the rest), the others' in <locale>.json. */
const common = (locale: GuestLocale) => (locale === 'it' ? { guest: read('it/guest.json') } : read(`${locale}.json`));
const PAGES = ['guest-form', 'guest-quote', 'guest-unsubscribe', 'guest-newsletter', 'survey'] as const;

describe('guest dictionaries', () => {
  const dictionaries = [...PAGES.map((page) => ({ name: page, of: (locale: GuestLocale) => read(`${locale}/${page}.json`) })), { name: 'guest', of: common }];

  for (const dictionary of dictionaries) {
    const italian = flatten(dictionary.of('it'));
    for (const locale of GUEST_LOCALES.filter((other) => other !== 'it')) {
      it(`${locale}/${dictionary.name}: the Italian keys exactly, none empty, the same arguments`, () => {
        const texts = flatten(dictionary.of(locale));
        expect([...texts.keys()].sort()).toEqual([...italian.keys()].sort());
        for (const [key, text] of texts) {
          expect(text.trim(), `${locale} ${key}`).not.toBe('');
          expect(argumentsOf(text), `${locale} ${key}`).toEqual(argumentsOf(italian.get(key) ?? ''));
        }
      });
    }
  }

  it('the system mails have every text in every guest language', () => {
    for (const table of [MAIL_TEXTS, OPT_IN_TEXTS] as Record<GuestLocale, Record<string, unknown>>[]) {
      expect(Object.keys(table).sort()).toEqual([...GUEST_LOCALES].sort());
      for (const locale of GUEST_LOCALES) {
        expect(Object.keys(table[locale]).sort()).toEqual(Object.keys(table.it).sort());
        for (const [key, value] of Object.entries(table[locale])) {
          const text = typeof value === 'function' ? String((value as (arg: string) => string)('X')) : String(value);
          expect(text.trim(), `${locale} ${key}`).not.toBe('');
        }
      }
    }
    expect(MAIL_TEXTS.nl.openQuote).toBe('Offerte openen');
    expect(MAIL_TEXTS.fr.quoteSubject('Camping Lago')).toBe('Votre devis - Camping Lago');
  });
});

describe('the guest’s language', () => {
  it('a contact’s language: Italian, German, Dutch and French have their pages, every other language reads English', () => {
    expect(guestLocaleOf(1)).toBe('it');
    expect(guestLocaleOf(3)).toBe('de');
    expect(guestLocaleOf(5)).toBe('nl');
    expect(guestLocaleOf(4)).toBe('fr');
    expect(guestLocaleOf(2)).toBe('en');
    // Spanish, Ukrainian, none.
    expect(guestLocaleOf(6)).toBe('en');
    expect(guestLocaleOf(7)).toBe('en');
    expect(guestLocaleOf(null)).toBe('en');
    for (const locale of GUEST_LOCALES) expect(guestLocaleOf(LANGUAGE_ID_OF[locale])).toBe(locale);
  });

  it('an old link keeps its numbers (1 Italian, 3 German, anything else English); a code names its language', () => {
    expect([1, 3, 2, 4, 5, 6].map((id) => linkLocaleOf(id))).toEqual(['it', 'de', 'en', 'en', 'en', 'en']);
    expect(['1', '3', '4', '5'].map((segment) => linkLocaleOf(segment))).toEqual(['it', 'de', 'en', 'en']);
    expect(['nl', 'fr', 'de', 'xx', '', null, undefined].map((segment) => linkLocaleOf(segment))).toEqual(['nl', 'fr', 'de', 'en', 'en', 'en', 'en']);
  });

  it('the language switch offers all five languages, named in themselves, the campsite’s first; each link opens its language', () => {
    const campsite = [
      { id: 3, name: 'Deutsch', code: 'de', phonePrefix: '+49' },
      { id: 1, name: 'Italiano', code: 'it', phonePrefix: '+39' },
    ];
    const links = languageLinks(campsite);
    expect(links.map((link) => link.name)).toEqual(['Deutsch', 'Italiano', 'English', 'Nederlands', 'Français']);
    for (const link of links) expect(linkLocaleOf(link.segment)).toBe(link.locale);
    expect(links.map((link) => link.segment)).toEqual(['3', '1', '2', 'nl', 'fr']);
  });

  it('dates and money as a Dutch or French guest writes them', () => {
    expect(formatGuestDate('2027-07-10', 'nl')).toBe('10-07-2027');
    expect(formatGuestDate('2027-07-10', 'fr')).toBe('10/07/2027');
    expect(formatGuestMoney(123456, 'nl').replace(/\s/g, ' ')).toBe('€ 1.234,56');
    expect(formatGuestMoney(123456, 'fr').replace(/\s/g, ' ')).toBe('1 234,56 €');
  });
});
