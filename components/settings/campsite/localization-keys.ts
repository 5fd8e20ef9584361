import deForm from '@/messages/de/guest-form.json';
import deQuote from '@/messages/de/guest-quote.json';
import enForm from '@/messages/en/guest-form.json';
import enQuote from '@/messages/en/guest-quote.json';
import frForm from '@/messages/fr/guest-form.json';
import frQuote from '@/messages/fr/guest-quote.json';
import itForm from '@/messages/it/guest-form.json';
import itQuote from '@/messages/it/guest-quote.json';
import nlForm from '@/messages/nl/guest-form.json';
import nlQuote from '@/messages/nl/guest-quote.json';
import type { GuestLocale } from '@/lib/i18n/locales';

/**
 * One guest-page text the Localizzazione tab lets a campsite reword: its key (stored, never
 * shown), the group that says where it appears (a label under campsiteSettings.localization.groups),
 * and the page's own words in each language, which the tab shows instead of the key.
 */
export type LocalizableText = { key: string; group: string; texts: Record<GuestLocale, string> };

type Messages = Record<string, unknown>;
const PAGES: { prefix: string; byLocale: Record<GuestLocale, Messages> }[] = [
  { prefix: 'guestForm', byLocale: { it: itForm, de: deForm, en: enForm, nl: nlForm, fr: frForm } },
  { prefix: 'guestQuote', byLocale: { it: itQuote, de: deQuote, en: enQuote, nl: nlQuote, fr: frQuote } },
];

const at = (messages: Messages, path: string[]): string | undefined => {
  let node: unknown = messages;
  for (const part of path) node = node && typeof node === 'object' ? (node as Messages)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

function paths(messages: Messages, prefix: string[] = []): string[][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[...prefix, key]] : value && typeof value === 'object' ? paths(value as Messages, [...prefix, key]) : [],
  );
}

/**
 * Every text of the contact form and of the quote page, in the Italian page's order. A text at the
 * top of a page belongs to its group `page` («testi della pagina»); any other to its section.
 * A language that lacks a text reads the English one, as the guest pages do.
 */
export function localizableTexts(): LocalizableText[] {
  return PAGES.flatMap(({ prefix, byLocale }) =>
    paths(byLocale.it).map((path) => {
      const english = at(byLocale.en, path) ?? at(byLocale.it, path) ?? '';
      const texts = Object.fromEntries((Object.keys(byLocale) as GuestLocale[]).map((locale) => [locale, at(byLocale[locale], path) ?? english])) as Record<GuestLocale, string>;
      return { key: [prefix, ...path].join('.'), group: `${prefix}.${path.length > 1 ? path[0] : 'page'}`, texts };
    }),
  );
}
