export const TIME_ZONE = 'Europe/Rome';

const romeDate = new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Rome's calendar day of an instant, 'YYYY-MM-DD': the day the campsite lives in, whatever the server's zone. */
export const romeDay = (at: Date = new Date()): string => romeDate.format(at);

/** 'YYYY-MM-DD' plus n calendar days (no time zone: a calendar day is the same everywhere). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const dateFormat = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** dd/mm/yyyy in Europe/Rome; an invalid date shows 01/01/1970 as the legacy product did (spec section 9). */
export function formatDate(value: Date | string | null | undefined): string {
  const date = value instanceof Date ? value : new Date(value ?? 0);
  return dateFormat.format(Number.isNaN(date.getTime()) ? new Date(0) : date);
}

export function formatDateTime(value: Date): string {
  return dateTimeFormat.format(value);
}

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 });
const number = new Intl.NumberFormat('it-IT');

export function formatPercent(value: number): string {
  return percent.format(value);
}

export function formatNumber(value: number): string {
  return number.format(value);
}

const money = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** Integer cents as euros, Italian style: 1.234,50 €. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

const timeFormat = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** A mail list's date: HH:mm for today, dd/mm/yyyy before, both in Europe/Rome. */
export function formatTimeOrDate(value: Date, now: Date = new Date()): string {
  return formatDate(value) === formatDate(now) ? timeFormat.format(value) : formatDate(value);
}

/** A file's size as the staff read it: KB up to a megabyte, then MB with one decimal. */
export const formatFileSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Milliseconds as Italian seconds: «1 secondo», «0,3 secondi», «15 secondi». */
export const formatSeconds = (ms: number) => (ms === 1000 ? '1 secondo' : `${formatNumber(ms / 1000)} secondi`);
