import { sql } from 'drizzle-orm';
import { parseItalianDate } from '@/lib/date-filter';
import { AppError } from '@/lib/errors';
import { requestsHref } from './links';
import { addDays, addMonths, daysBetween, startOfMonth, today, type DayRange } from './periods';
import { resultRows } from '@/db/result-rows';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { TOO_MUCH_DATA, type Bucket } from './validation';

/** How many days each grouping may show at once (spec section 9: 100 days by day). */
const MAX_DAYS: Record<Bucket, number> = { giorno: 100, settimana: 2 * 366, mese: 5 * 366 };
const DEFAULT_SPAN: Record<Bucket, (to: string) => string> = {
  giorno: (to) => addDays(to, -29),
  settimana: (to) => addDays(to, -7 * 11),
  mese: (to) => startOfMonth(addMonths(to, -11)),
};

function bucketStart(bucket: Bucket, day: string): string {
  if (bucket === 'giorno') return day;
  if (bucket === 'mese') return startOfMonth(day);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const nextBucket = (bucket: Bucket, start: string) => (bucket === 'giorno' ? addDays(start, 1) : bucket === 'settimana' ? addDays(start, 7) : addMonths(start, 1));

function day(text: string | undefined, label: string): string | null {
  if (!text?.trim()) return null;
  const parsed = parseItalianDate(text);
  if (!parsed) throw new AppError('bad_request', `${label} non valida: usa il formato gg/mm/aaaa.`);
  return parsed;
}

export function requestRange(bucket: Bucket, input: { dal?: string; al?: string }, now: Date): DayRange {
  const to = day(input.al, 'Data finale') ?? today(now);
  const from = day(input.dal, 'Data iniziale') ?? DEFAULT_SPAN[bucket](to);
  if (to < from) throw new AppError('bad_request', 'La data finale precede quella iniziale.');
  if (daysBetween(from, to) + 1 > MAX_DAYS[bucket]) throw new AppError('bad_request', TOO_MUCH_DATA);
  return { from, to };
}

/** Requests received per day, week (from Monday) or month, every bucket present, zeros included. */
export async function requestsOverTime(ctx: CampsiteCtx, bucket: Bucket, input: { dal?: string; al?: string }, now: Date) {
  const range = requestRange(bucket, input, now);
  const unit = bucket === 'giorno' ? 'day' : bucket === 'settimana' ? 'week' : 'month';
  const found = resultRows<{ bucket: string; requests: number }>(
    await ctx.db.execute(sql`select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as bucket, sum(count)::int as requests
      from dashboard_count_days where camping_id = ${ctx.campsiteId} and kind = 'richieste' and day between ${range.from}::date and ${range.to}::date
      group by 1`),
  );
  const byBucket = new Map(found.map((row) => [row.bucket, row.requests]));
  const points: { start: string; requests: number }[] = [];
  for (let start = bucketStart(bucket, range.from); start <= range.to; start = nextBucket(bucket, start)) {
    points.push({ start, requests: byBucket.get(start) ?? 0 });
  }
  return { bucket, range, total: { value: points.reduce((sum, point) => sum + point.requests, 0), href: requestsHref(range) }, points };
}
