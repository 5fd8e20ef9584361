import { DEMO_CATALOGUES } from '../../lib/booking-platform/demo-catalogue';
import { demoPriceList } from '../../lib/booking-platform/demo-platform';
import type { GuestLocale } from '../../lib/i18n/locales';

/**
 * Italian words a German or English guest must not read: every word of the demo catalogue's
 * Italian names and of the offers, the nights of the Italian dictionary; less the words the other
 * language writes the same ("Bungalow", "Classic").
 */
export function italianWords(language: Exclude<GuestLocale, 'it'>): string[] {
  const list = demoPriceList(DEMO_CATALOGUES['lago-azzurro']);
  const items = [...list.typologies, ...list.seasons, ...list.people, ...list.vehicles, ...list.services];
  const words = (text: string) => text.split(/[^\p{L}]+/u).filter((word) => word.length >= 4);
  const theirs = new Set(items.flatMap((item) => words(item.names?.[language] ?? '')).map((word) => word.toLowerCase()));
  const offers = DEMO_CATALOGUES['lago-azzurro'].offers.flatMap((offer) => words(offer.name));
  const italian = [...items.flatMap((item) => words(item.name)), ...offers, 'notte', 'notti', 'Adulto', 'Bambino', 'Pulizia', 'stagione', 'Cane', 'Offerta', 'Proposta', 'Totale'];
  return [...new Set(italian)].filter((word) => !theirs.has(word.toLowerCase()));
}

/** The words of `words` that `text` contains as whole words. */
export const italianIn = (text: string, words: string[]) => words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu').test(text));
