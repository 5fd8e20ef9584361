import { z } from '@/lib/validation';
import type { RealtimeMode } from './stats';

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** 'Day', 'Giorno', 'day' → day; '5-min', '5min', '5 minuti' → 5min. */
export const realtimeModeSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return 'day';
    if (typeof value !== 'string') return value;
    const key = value.trim().toLowerCase().replace(/[\s_-]/g, '');
    if (['day', 'days', 'giorno', 'giorni', 'd'].includes(key)) return 'day';
    if (['5min', '5minuti', '5m', 'fiveminutes', 'minute', 'minutes'].includes(key)) return '5min';
    return value;
  },
  z.enum(['day', '5min'], 'La modalità deve essere «Giorno» (Day) o «5-min».'),
) as unknown as z.ZodType<RealtimeMode>;

/** A date as ISO text or milliseconds since 1970. */
export const instantSchema = z.preprocess(
  (value) => {
    const given = blank(value);
    if (given === undefined) return undefined;
    if (typeof given === 'number') return new Date(given);
    if (typeof given === 'string') return new Date(/^\d{10,}$/.test(given.trim()) ? Number(given) : given);
    return given;
  },
  z.date('Data non valida').refine((date) => !Number.isNaN(date.getTime()), 'Data non valida').optional(),
);

export const legacyRealtimeBody = z.object(
  {
    custCamp: z.string('Campagna (custCamp) non valida').trim().min(1, 'Campagna (custCamp) non valida').max(100, 'Campagna (custCamp) non valida'),
    mode: realtimeModeSchema,
    from: instantSchema,
    to: instantSchema,
  },
  'Il corpo deve essere un oggetto con custCamp',
);

/** The detail page's chart: the same mode and period, from the browser. */
export const realtimeQuerySchema = z.object({
  campaignId: z.string().trim().min(1).max(100),
  mode: realtimeModeSchema,
  from: instantSchema,
  to: instantSchema,
});
