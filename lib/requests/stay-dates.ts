import { parseItalianDate } from '@/lib/date-filter';
import type { GuestLocale } from '@/lib/i18n/locales';

const DAY_MS = 86_400_000;

/** A calendar day as 'yyyy-mm-dd' (the form's value) or 'dd/mm/yyyy' (typed, or a legacy client), else null. */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!iso) return parseItalianDate(text);
  return parseItalianDate(`${iso[3]}/${iso[2]}/${iso[1]}`);
}

export function nightsBetween(arrival: string, departure: string): number {
  return Math.round((Date.parse(`${departure}T00:00:00Z`) - Date.parse(`${arrival}T00:00:00Z`)) / DAY_MS);
}

/** Calendar days the way the guest reads them: 12 July 2027, 12. Juli 2027, 12 luglio 2027. */
export function formatStayDate(isoDate: string, locale: GuestLocale): string {
  const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(`${isoDate}T12:00:00Z`));
}
