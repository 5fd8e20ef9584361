import { describe, expect, it } from 'vitest';
import { isoWeekOf, isoWeeksIn, sameWeekIn } from '@/lib/quotes/same-week';

describe('isoWeekOf', () => {
  it('numbers weeks from the one that holds 4 January, Monday first', () => {
    expect(isoWeekOf('2025-07-12')).toEqual({ isoYear: 2025, week: 28, weekday: 6 });
    expect(isoWeekOf('2026-07-11')).toEqual({ isoYear: 2026, week: 28, weekday: 6 });
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeekOf('2027-01-01')).toEqual({ isoYear: 2026, week: 53, weekday: 5 });
    // 29 December 2025 is the Monday of week 1 of 2026.
    expect(isoWeekOf('2025-12-29')).toEqual({ isoYear: 2026, week: 1, weekday: 1 });
  });

  it('knows the years with 53 weeks', () => {
    expect(isoWeeksIn(2020)).toBe(53);
    expect(isoWeeksIn(2026)).toBe(53);
    expect(isoWeeksIn(2025)).toBe(52);
    expect(isoWeeksIn(2027)).toBe(52);
  });
});

describe('sameWeekIn', () => {
  it('keeps the ISO week, the weekday and the nights', () => {
    expect(sameWeekIn({ arrival: '2025-07-12', departure: '2025-07-19' }, 2026)).toEqual({ arrival: '2026-07-11', departure: '2026-07-18', week: 28, weekday: 6 });
    expect(sameWeekIn({ arrival: '2026-07-11', departure: '2026-07-25' }, 2027)).toEqual({ arrival: '2027-07-17', departure: '2027-07-31', week: 28, weekday: 6 });
  });

  it('crosses a leap day without losing the weekday or a night', () => {
    // Thursday 29 February 2024, week 9, four nights.
    const moved = sameWeekIn({ arrival: '2024-02-29', departure: '2024-03-04' }, 2025);
    expect(moved).toEqual({ arrival: '2025-02-27', departure: '2025-03-03', week: 9, weekday: 4 });
    // And into a leap year: the stay over 28 February keeps its four nights.
    expect(sameWeekIn({ arrival: '2027-02-25', departure: '2027-03-01' }, 2028)).toEqual({ arrival: '2028-02-24', departure: '2028-02-28', week: 8, weekday: 4 });
  });

  it('moves week 53 to week 52 in a year that has none, and keeps it where it exists', () => {
    // Thursday 31 December 2020 is in week 53.
    expect(sameWeekIn({ arrival: '2020-12-31', departure: '2021-01-03' }, 2021)).toEqual({ arrival: '2021-12-30', departure: '2022-01-02', week: 52, weekday: 4 });
    expect(sameWeekIn({ arrival: '2020-12-31', departure: '2021-01-03' }, 2026)).toEqual({ arrival: '2026-12-31', departure: '2027-01-03', week: 53, weekday: 4 });
  });

  it('keeps a late-December arrival whose week belongs to the next ISO year in late December', () => {
    // Tuesday 30 December 2025 is in week 1 of 2026.
    expect(sameWeekIn({ arrival: '2025-12-30', departure: '2026-01-02' }, 2026)).toEqual({ arrival: '2026-12-29', departure: '2027-01-01', week: 53, weekday: 2 });
  });
});
