import { fromRomeClock, toRomeClock } from '@/lib/campaigns/rome-time';
import { addDays, romeDay } from '@/lib/format';
import type { Snooze } from './validation';

/** The same Rome wall-clock time `days` calendar days later (a DST night keeps the hour, not 24 h). */
export function romeDaysLater(at: Date, days: number): Date {
  const clock = toRomeClock(at);
  return fromRomeClock(`${addDays(clock.slice(0, 10), days)} ${clock.slice(11)}`);
}

/**
 * When a snoozed follow-up comes back, counted from now (an overdue one is not pushed from its old
 * date, which would leave it overdue): 1 or 3 days later at the same time, or «settimana prossima»,
 * next Monday at 09:00 Rome, when reception starts the week.
 */
export function snoozedUntil(now: Date, by: Snooze): Date {
  if (by === '1g') return romeDaysLater(now, 1);
  if (by === '3g') return romeDaysLater(now, 3);
  const day = romeDay(now);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return fromRomeClock(`${addDays(day, ((8 - weekday) % 7) || 7)} 09:00:00`);
}

/** Whole Rome calendar days from `due` to `now` (0 today, 2 for the day before yesterday). */
export function daysLate(due: Date, now: Date): number {
  return Math.round((Date.parse(`${romeDay(now)}T00:00:00Z`) - Date.parse(`${romeDay(due)}T00:00:00Z`)) / 86_400_000);
}
