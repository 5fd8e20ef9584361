/** The languages guest pages speak; staff pages are Italian. */
export const GUEST_LOCALES = ['it', 'de', 'en', 'nl', 'fr'] as const;
export type GuestLocale = (typeof GUEST_LOCALES)[number];

/** Each guest language named in itself, for language switches and selects. */
export const GUEST_LOCALE_NAMES: Record<GuestLocale, string> = { it: 'Italiano', de: 'Deutsch', en: 'English', nl: 'Nederlands', fr: 'Français' };

/** The reference table's language of each guest language (migration 0001: 1 it, 2 en, 3 de, 4 fr, 5 nl). */
export const LANGUAGE_ID_OF: Record<GuestLocale, number> = { it: 1, en: 2, de: 3, fr: 4, nl: 5 };

/** A guest's language (contact, quote, request): Italian, German, Dutch, French; any other English. */
export function guestLocaleOf(languageId: number | null | undefined): GuestLocale {
  return GUEST_LOCALES.find((locale) => LANGUAGE_ID_OF[locale] === languageId) ?? 'en';
}

/**
 * The language an address names (/contattaci/:idCampeggio/:idLingua). Numbers are old links and
 * keep spec section 3 (1 Italian, 3 German, anything else English), as the campsites' sites built
 * them so; a guest language's code ('nl', 'fr'…) opens that language.
 */
export function linkLocaleOf(segment: string | number | null | undefined): GuestLocale {
  if (isGuestLocale(segment)) return segment;
  const id = Number(segment);
  if (id === 1) return 'it';
  if (id === 3) return 'de';
  return 'en';
}

export function isGuestLocale(value: unknown): value is GuestLocale {
  return typeof value === 'string' && (GUEST_LOCALES as readonly string[]).includes(value);
}
