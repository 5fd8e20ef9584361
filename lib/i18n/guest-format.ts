import { TIME_ZONE } from '@/lib/format';
import { GUEST_LOCALES, type GuestLocale } from './locales';

const REGION: Record<GuestLocale, string> = { it: 'it-IT', de: 'de-DE', en: 'en-GB', nl: 'nl-NL', fr: 'fr-FR' };

// One formatter per language, made once: building an Intl formatter costs far more than using it.
const perLocale = <T>(make: (region: string) => T) =>
  Object.fromEntries(GUEST_LOCALES.map((locale) => [locale, make(REGION[locale])])) as Record<GuestLocale, T>;
const DATES = perLocale((region) => new Intl.DateTimeFormat(region, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }));
const MONEY = perLocale((region) => new Intl.NumberFormat(region, { style: 'currency', currency: 'EUR' }));

/** A calendar day ('yyyy-mm-dd') or an instant, as the guest's language writes dates. */
export function formatGuestDate(value: string, locale: GuestLocale): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return DATES[locale].format(date);
}

export function formatGuestMoney(cents: number, locale: GuestLocale): string {
  return MONEY[locale].format(cents / 100);
}
