import { getDb } from '@/db/client';
import { clientInfo } from '@/lib/auth/client-info';
import { GUEST_LOCALES, type GuestLocale } from '@/lib/i18n/locales';
import { missLimiter } from '@/lib/rate-limit/misses';
import { confirmSubscription, inspectConfirmation, type ConfirmOutcome, type ConfirmState } from './consent';

/** The browser's first guest language, for a link that names none (an unknown token); Italian otherwise. */
export function localeFromAcceptLanguage(header: string | null): GuestLocale {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    const found = GUEST_LOCALES.find((locale) => locale === code);
    if (found) return found;
  }
  return 'it';
}

export type ConfirmPageData = ConfirmOutcome & { locale: GuestLocale; blocked: boolean };

/**
 * What the confirmation page shows. A render only reads (a mail scanner opening the link confirms
 * nothing, nor counts as a miss); an address that has missed too often is told to wait.
 */
export async function loadConfirmPage(token: string, headers: Headers): Promise<ConfirmPageData> {
  const db = getDb();
  const { ip } = clientInfo(headers);
  const state = ip ? await missLimiter.peek(db, ip) : null;
  const fallback = localeFromAcceptLanguage(headers.get('accept-language'));
  if (state && !state.allowed) return { state: 'unknown', campsiteName: null, email: null, locale: fallback, blocked: true };
  const outcome = await inspectConfirmation(db, token);
  return { ...outcome, locale: outcome.locale ?? fallback, blocked: false };
}

export type ConfirmActionState = { state: ConfirmState | 'rate_limited' | 'error' } | null;

/** The guest's click: confirms, counting an unknown token as a miss of the caller's address. */
export async function confirmFromPage(token: string, headers: Headers): Promise<ConfirmActionState> {
  const db = getDb();
  const client = clientInfo(headers);
  if (client.ip) {
    const state = await missLimiter.peek(db, client.ip);
    if (state && !state.allowed) return { state: 'rate_limited' };
  }
  const outcome = await confirmSubscription(db, typeof token === 'string' ? token : '', client);
  if (outcome.state === 'unknown' && client.ip) await missLimiter.consume(db, client.ip);
  return { state: outcome.state };
}
