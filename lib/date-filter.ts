import { AppError } from './errors';
import { TIME_ZONE } from './format';

/** 'dd/mm/yyyy' (also d/m/yyyy) to 'yyyy-mm-dd', or null when it is not a real calendar day. */
export function parseItalianDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

/** The instant a calendar day starts in Europe/Rome. */
export function startOfRomeDay(isoDate: string): Date {
  const utcMidnight = new Date(`${isoDate}T00:00:00Z`);
  const name = offsetFormat.formatToParts(utcMidnight).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

export function nextDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A half-open interval [from, to) of instants. */
export type DateRange = { from: Date; to: Date };

function required(text: string, label: string): string {
  const iso = parseItalianDate(text);
  if (!iso) throw new AppError('bad_request', `${label} non valida: usa il formato gg/mm/aaaa.`);
  return iso;
}

/**
 * The table date filter of spec section 5: no dates, every row; only a start, that day;
 * start and end, both days included. An end without a start counts up to that day.
 */
export function tableDateRange(start?: string | null, end?: string | null): DateRange | null {
  const hasStart = Boolean(start?.trim());
  const hasEnd = Boolean(end?.trim());
  if (!hasStart && !hasEnd) return null;
  const first = hasStart ? required(start!, 'Data iniziale') : null;
  const last = hasEnd ? required(end!, 'Data finale') : first!;
  if (first && last < first) throw new AppError('bad_request', 'La data finale precede quella iniziale.');
  return { from: first ? startOfRomeDay(first) : new Date(0), to: startOfRomeDay(nextDay(last)) };
}

/** The last second of a calendar day in Europe/Rome: a validity date lasts the whole day. */
export function endOfRomeDay(isoDate: string): Date {
  return new Date(startOfRomeDay(nextDay(isoDate)).getTime() - 1000);
}

const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day an instant falls on in Europe/Rome, as 'yyyy-mm-dd'. */
export function romeIsoDate(instant: Date): string {
  return isoDayFormat.format(instant);
}
