const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const hours = (count: number) => count * HOUR;
export const days = (count: number) => count * DAY;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

/** A moment between two dates; `to` earlier than `from` collapses to `from`. */
export function between(from: Date, to: Date, fraction: number): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(from.getTime() + Math.floor(span * fraction));
}

export function later(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

export function earlier(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/**
 * The start of the current month with a two-hour margin, so a date after it is in the
 * current month in Rome too (the dashboard counts months in Europe/Rome). Never after now.
 */
export function currentMonthStart(now: Date): Date {
  return earlier(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 2)), now);
}

/** Calendar dates ('YYYY-MM-DD'), computed in UTC so no time zone shifts a day. */
export function parseIsoDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

export function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDaysToIsoDate(value: string, count: number): string {
  return formatIsoDate(addMs(parseIsoDate(value), days(count)));
}

export function nightsBetween(arrival: string, departure: string): number {
  return Math.round((parseIsoDate(departure).getTime() - parseIsoDate(arrival).getTime()) / DAY);
}

/** 'dd/mm/yyyy' for Italian and English texts, 'dd.mm.yyyy' for German. */
export function formatGuestDate(value: string, languageId: number): string {
  const [year, month, day] = value.split('-');
  return languageId === 3 ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
}
