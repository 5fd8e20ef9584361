/**
 * "The same week of this year's calendar": a stay moved to another year keeps its ISO week number
 * and its weekday (Saturday 12/07/2025, week 28, becomes Saturday 11/07/2026), so a guest who
 * always comes for the second week of July gets the second week of July again, on the same
 * changeover day, and the same number of nights. Pure, calendar dates 'YYYY-MM-DD' in UTC.
 */

const DAY_MS = 86_400_000;

const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const toIso = (day: number) =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1 = Monday … 7 = Sunday. */
const isoWeekday = (day: number) =>
  ((new Date(day * DAY_MS).getUTCDay() + 6) % 7) + 1;

/** The Monday of ISO week 1: the week that holds 4 January. */
function firstMonday(isoYear: number): number {
  const fourth = Date.UTC(isoYear, 0, 4) / DAY_MS;
  return fourth - (isoWeekday(fourth) - 1);
}

/** 52, or 53 for the years that start on a Thursday (and leap years that start on a Wednesday). */
export function isoWeeksIn(isoYear: number): number {
  return (firstMonday(isoYear + 1) - firstMonday(isoYear)) / 7;
}

/** The ISO year, week number and weekday of a calendar date. */
export function isoWeekOf(iso: string): {
  isoYear: number;
  week: number;
  weekday: number;
} {
  const day = toDay(iso);
  const weekday = isoWeekday(day);
  // The week's Thursday decides its year.
  const thursday = day + 4 - weekday;
  const isoYear = new Date(thursday * DAY_MS).getUTCFullYear();
  return {
    isoYear,
    week: Math.floor((thursday - firstMonday(isoYear)) / 7) + 1,
    weekday,
  };
}

/**
 * The stay `arrival`–`departure` moved to `targetYear`: same ISO week and weekday, same nights.
 * A week 53 goes to week 52 in a year that has none. Around New Year, where an ISO week and the
 * calendar year part ways, the week could land outside the target year: there the same weekday
 * nearest to the same calendar day is taken instead (Tuesday 30/12/2025 → Tuesday 29/12/2026).
 */
export function sameWeekIn(
  stay: { arrival: string; departure: string },
  targetYear: number,
): { arrival: string; departure: string; week: number; weekday: number } {
  const { isoYear, week, weekday } = isoWeekOf(stay.arrival);
  const calendarYear = Number(stay.arrival.slice(0, 4));
  const targetIsoYear = targetYear + (isoYear - calendarYear);
  const targetWeek = Math.min(week, isoWeeksIn(targetIsoYear));
  let arrival =
    firstMonday(targetIsoYear) + (targetWeek - 1) * 7 + (weekday - 1);
  if (new Date(arrival * DAY_MS).getUTCFullYear() !== targetYear) {
    const sameDay =
      Date.UTC(
        targetYear,
        Number(stay.arrival.slice(5, 7)) - 1,
        Number(stay.arrival.slice(8, 10)),
      ) / DAY_MS;
    const shift = (((weekday - isoWeekday(sameDay)) % 7) + 7) % 7;
    arrival = sameDay + (shift > 3 ? shift - 7 : shift);
  }
  const nights = toDay(stay.departure) - toDay(stay.arrival);
  return {
    arrival: toIso(arrival),
    departure: toIso(arrival + nights),
    week: isoWeekOf(toIso(arrival)).week,
    weekday,
  };
}

/** Nights between two calendar dates. */
export const nightsOf = (arrival: string, departure: string) =>
  toDay(departure) - toDay(arrival);
