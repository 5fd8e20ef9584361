/** The languages guest pages speak; staff pages are Italian. */
export const GUEST_LOCALES = ['it', 'de', 'en'] as const;
export type GuestLocale = (typeof GUEST_LOCALES)[number];

/** Spec section 3: idLingua 1 is Italian, 3 German, anything else English. */
export function guestLocaleOf(languageId: number | null | undefined): GuestLocale {
  if (languageId === 1) return 'it';
  if (languageId === 3) return 'de';
  return 'en';
}

export function isGuestLocale(value: unknown): value is GuestLocale {
  return typeof value === 'string' && (GUEST_LOCALES as readonly string[]).includes(value);
}
