/**
 * The words a guest reads on an offer, in every language a guest page may speak. Pure and
 * without node imports: the pricing runs in the quote editor too.
 */
import { GUEST_LOCALES, type GuestLocale } from './locales';

/** The guest pages' languages: a label is worded in each one a guest may read. */
export const LABEL_LANGUAGES = GUEST_LOCALES;
export type LabelLanguage = GuestLocale;
/** A name per language code; Italian is the source every other one translates. */
export type LabelNames = Partial<Record<LabelLanguage, string>>;

/** The campsite's own translations, by the Italian label (Traduzioni per gli ospiti). */
export type LabelTable = ReadonlyMap<string, LabelNames>;

/** The names of a card as a whole: its accommodation and the offer it applies. */
export type CardLabels = { typology?: LabelNames; offer?: LabelNames };

/**
 * Every language's name of one catalogue label: the platform's own name first, else the
 * campsite's table, else nothing (the guest page falls back to Italian).
 */
export function labelNames(italian: string, own: LabelNames | undefined, table: LabelTable | undefined): LabelNames {
  const translated = table?.get(italian);
  const names: LabelNames = { it: own?.it?.trim() || italian };
  for (const language of LABEL_LANGUAGES) {
    if (language === 'it') continue;
    const name = own?.[language]?.trim() || translated?.[language]?.trim();
    if (name) names[language] = name;
  }
  return names;
}

/** The language a foreign guest reads what nobody wrote in theirs: English, as the guest pages do. */
export const FOREIGN_GUEST_FALLBACK: LabelLanguage = 'en';

/**
 * The name in a language; for a foreign guest without one, the English one; else the Italian one
 * stored with it (the only name there is), else the label as it was saved.
 */
export function nameIn(names: LabelNames | undefined, language: string, fallback: string): string {
  return names?.[language as LabelLanguage] || (language !== 'it' ? names?.[FOREIGN_GUEST_FALLBACK] : undefined) || names?.it || fallback;
}

/** The languages a label still lacks (the settings page highlights them). */
export function missingLanguages(names: LabelNames): LabelLanguage[] {
  return LABEL_LANGUAGES.filter((language) => language !== 'it' && !names[language]);
}
