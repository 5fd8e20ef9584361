import { addDays, romeDay } from '@/lib/format';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';

export { addDays };

/** Today in Europe/Rome, 'YYYY-MM-DD'. */
export const romeToday = (now: Date = new Date()): string => romeDay(now);

export type StayDates = { arrival: string | null; departure: string | null };

/**
 * The day each enabled mail of a stay is due, by the campsite's settings. The one rule shared by
 * the sending job (a mail is due on or after its day, while the stay is still ahead or just over)
 * and by the staff's «Prossimi invii» list.
 */
export function dueDays(stay: StayDates, settings: StayMailSettings): Partial<Record<StayMessageKind, string>> {
  const due: Partial<Record<StayMessageKind, string>> = {};
  if (stay.arrival && settings.preArrival.enabled) {
    due.pre_arrival = addDays(stay.arrival, -settings.preArrival.daysBefore);
    // The day-before mail adds nothing when the first one already goes out the day before.
    if (settings.preArrival.dayBefore && settings.preArrival.daysBefore > 1) due.day_before = addDays(stay.arrival, -1);
  }
  if (stay.departure && settings.postStay.enabled) due.post_stay = addDays(stay.departure, settings.postStay.daysAfter);
  return due;
}

/**
 * Whether a mail due on `dueOn` may still go out on `today`: a pre-arrival mail only before the
 * arrival (a stay booked three days ahead gets the 7-days-before mail at once, not after it
 * started); a post-stay mail within 14 days of its day, so a campsite that turns the setting on
 * does not mail last summer's guests.
 */
export function stillTimely(kind: StayMessageKind, dueOn: string, stay: StayDates, today: string): boolean {
  if (today < dueOn) return false;
  if (kind === 'post_stay') return today <= addDays(dueOn, 14);
  return stay.arrival !== null && today < stay.arrival;
}
