import { describe, expect, it } from 'vitest';
import { addDays, dueDays, romeToday, stillTimely } from '@/lib/stays/schedule';
import { DEFAULT_STAY_MAILS, stayMailSettingsSchema, stayMailsOf } from '@/lib/stays/settings';

const on = {
  preArrival: { enabled: true, daysBefore: 7, templateId: null, dayBefore: true, dayBeforeTemplateId: null },
  postStay: { enabled: true, daysAfter: 2, templateId: null, reviewUrl: 'https://g.page/r/lago' },
};

describe('a stay’s mail days', () => {
  it('counts calendar days across months and the clock change', () => {
    expect(addDays('2026-03-27', 3)).toBe('2026-03-30');
    expect(addDays('2026-08-03', -7)).toBe('2026-07-27');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('is off by default: no mail is due for a campsite that never turned them on', () => {
    expect(dueDays({ arrival: '2026-08-10', departure: '2026-08-17' }, stayMailsOf(null))).toEqual({});
    expect(stayMailsOf(null)).toEqual(DEFAULT_STAY_MAILS);
  });

  it('gives each enabled kind its day', () => {
    expect(dueDays({ arrival: '2026-08-10', departure: '2026-08-17' }, on)).toEqual({ pre_arrival: '2026-08-03', day_before: '2026-08-09', post_stay: '2026-08-19' });
    expect(dueDays({ arrival: '2026-08-10', departure: '2026-08-17' }, { ...on, preArrival: { ...on.preArrival, daysBefore: 1 } })).toEqual({ pre_arrival: '2026-08-09', post_stay: '2026-08-19' });
  });

  it('sends a pre-arrival mail late only before the arrival, a thank-you within 14 days', () => {
    const stay = { arrival: '2026-08-10', departure: '2026-08-17' };
    expect(stillTimely('pre_arrival', '2026-08-03', stay, '2026-08-02')).toBe(false);
    expect(stillTimely('pre_arrival', '2026-08-03', stay, '2026-08-08')).toBe(true);
    expect(stillTimely('pre_arrival', '2026-08-03', stay, '2026-08-10')).toBe(false);
    expect(stillTimely('post_stay', '2026-08-19', stay, '2026-09-02')).toBe(true);
    expect(stillTimely('post_stay', '2026-08-19', stay, '2026-09-03')).toBe(false);
  });

  it('reads today in Rome, not in UTC', () => {
    expect(romeToday(new Date('2026-07-31T22:30:00Z'))).toBe('2026-08-01');
  });

  it('refuses a thank-you without a review link, in Italian', () => {
    const result = stayMailSettingsSchema.safeParse({ ...on, postStay: { ...on.postStay, reviewUrl: '' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['postStay', 'reviewUrl'] });
    expect(stayMailSettingsSchema.safeParse({ ...on, preArrival: { ...on.preArrival, daysBefore: 0 } }).error?.issues[0].message).toMatch(/almeno 1 giorno/);
  });
});
