import { TIME_ZONE } from '@/lib/format';

// 'sv-SE' writes 'YYYY-MM-DD HH:mm:ss', the pickers' own value format.
const romeClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const romeHour = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const romeDayMonth = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });

/** An instant as Rome's wall clock, 'YYYY-MM-DD HH:mm:ss': the same on the server and in any browser. */
export function toRomeClock(value: Date | string): string {
  return romeClock.format(new Date(value)).replace('T', ' ');
}

const asUtc = (clock: string) => {
  const [date, time = '00:00:00'] = clock.trim().split(/[ T]/);
  const [y, m, d] = date.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  return Date.UTC(y, m - 1, d, hh, mm, ss);
};

/** Rome's wall clock back to an instant (the offset measured twice, for the nights the clocks change). */
export function fromRomeClock(clock: string): Date {
  const wanted = asUtc(clock);
  let guess = wanted;
  for (let i = 0; i < 2; i++) guess = wanted - (asUtc(toRomeClock(new Date(guess))) - guess);
  return new Date(guess);
}

/** A bucket's label: 'dd/mm' for a day key, 'HH:mm' (Rome) for a five-minute instant. */
export function bucketLabel(at: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(at) ? romeDayMonth.format(new Date(`${at}T00:00:00Z`)) : romeHour.format(new Date(at));
}
