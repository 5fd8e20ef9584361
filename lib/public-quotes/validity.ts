import { romeIsoDate } from '@/lib/date-filter';
import { validityPassed } from '@/lib/quotes/expiry';
import type { GuestQuoteState } from './view';

/** How long an offer still holds, in Europe/Rome calendar days: 0 is "expires today". */
export type Validity = { kind: 'days'; count: number } | { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'expired' };

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

/**
 * A quote is valid until the end of its last day in Rome (lib/quotes/service.ts stores it so):
 * counted in calendar days, so at 23:00 the last day still reads "today", never "0 days".
 */
export function validityOf(validUntil: string | Date, now = new Date()): Validity {
  const until = typeof validUntil === 'string' ? new Date(validUntil) : validUntil;
  if (validityPassed(until, now)) return { kind: 'expired' };
  const days = dayNumber(romeIsoDate(until)) - dayNumber(romeIsoDate(now));
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'tomorrow' };
  return { kind: 'days', count: days };
}

/**
 * The guest's state at render time: the cached view may be an hour old, the clock is not, so an
 * open quote whose validity has just passed reads as expired, as the accept button already does.
 */
export function guestStateNow(quote: { state: GuestQuoteState; validUntil: string | null }, now = new Date()): GuestQuoteState {
  return quote.state === 'open' && validityPassed(quote.validUntil, now) ? 'expired' : quote.state;
}
