import { TIME_ZONE } from '@/lib/format';
import type { GuestLocale } from './locales';

const REGION: Record<GuestLocale, string> = { it: 'it-IT', de: 'de-DE', en: 'en-GB' };

/** A calendar day ('yyyy-mm-dd') or an instant, as the guest's language writes dates. */
export function formatGuestDate(value: string, locale: GuestLocale): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat(REGION[locale], { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

export function formatGuestMoney(cents: number, locale: GuestLocale): string {
  return new Intl.NumberFormat(REGION[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
