import { romeIsoDate } from '@/lib/date-filter';

/** Calendar arithmetic on 'yyyy-mm-dd' days of Europe/Rome (the aggregates' days). */
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const pad = (value: number) => String(value).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export type DayRange = { from: string; to: string };
export type Comparison = 'mese' | 'stagione' | 'anno';

/** The sales season of summer Y runs from 1 October of Y-1 to 30 September of Y. */
export const SEASON_START_MONTH = 10;

export const today = (now: Date) => romeIsoDate(now);

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return iso(year, month, Math.min(d, daysInMonth(year, month)));
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
export const startOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
export const endOfMonth = (day: string) => addDays(addMonths(startOfMonth(day), 1), -1);

/** The summer year of the season a day belongs to. */
export function seasonOf(day: string): number {
  const [y, m] = parts(day);
  return m >= SEASON_START_MONTH ? y + 1 : y;
}

export function seasonRange(season: number): DayRange {
  return { from: iso(season - 1, SEASON_START_MONTH, 1), to: addDays(iso(season, SEASON_START_MONTH, 1), -1) };
}

/** The period to date that contains `day`, and the same days one year earlier. */
export function comparisonRanges(comparison: Comparison, day: string): { current: DayRange; previous: DayRange } {
  const from = comparison === 'mese' ? startOfMonth(day) : comparison === 'anno' ? `${day.slice(0, 4)}-01-01` : seasonRange(seasonOf(day)).from;
  const current = { from, to: day };
  return { current, previous: { from: addMonths(from, -12), to: addMonths(day, -12) } };
}

/** 'yyyy-mm-dd' as the lists' 'dd/mm/yyyy'. */
export const italianDay = (day: string) => day.split('-').reverse().join('/');
