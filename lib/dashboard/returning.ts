import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { isReturningSql } from '@/lib/quotes/returning-guests';
import { WON } from './definitions';
import { quotesHref } from './links';
import { addDays, comparisonRanges, today, type Comparison, type DayRange } from './periods';

type Figure = { value: number; href: string };
/** guests: how many distinct guests made the group's quotes (the row's name, not a figure of its own). */
export type GuestGroup = { guests: number; quotes: Figure; won: Figure; rate: number | null };
export type ReturningFigures = { range: DayRange; returning: GuestGroup; firstTime: GuestGroup };

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/**
 * Returning guests against first-time guests among the quotes (requests included) created in the
 * period to date, and the conversion of each: accepted or booked over all of them. Unlike the
 * other figures it is not in the aggregates (whether a guest is returning depends on their other
 * quotes, which change on their own): it is computed live, bounded by the period through
 * quotes_camping_created_idx, each quote's look-back by quotes_contact_idx.
 */
export async function returningConversion(ctx: CampsiteCtx, comparison: Comparison, now: Date): Promise<ReturningFigures> {
  const { current: range } = comparisonRanges(comparison, today(now));
  const found = resultRows<{ is_returning: boolean; guests: number; quotes: number; won: number }>(
    await ctx.db.execute(sql`
      select is_returning, count(distinct contact_id)::int as guests, count(*)::int as quotes,
        (count(*) filter (where progress in (${list(WON)})))::int as won
      from (
        select q.contact_id, q.progress, ${isReturningSql('q', ctx.campsiteId)} as is_returning
        from quotes q
        where q.camping_id = ${ctx.campsiteId}
          and q.created_at >= (${range.from}::date)::timestamp at time zone 'Europe/Rome'
          and q.created_at < (${addDays(range.to, 1)}::date)::timestamp at time zone 'Europe/Rome'
      ) period
      group by is_returning`),
  );
  const group = (returning: boolean): GuestGroup => {
    const row = found.find((candidate) => Boolean(candidate.is_returning) === returning);
    const quotes = row?.quotes ?? 0;
    const won = row?.won ?? 0;
    const guests = returning ? 'ritorno' : 'nuovi';
    return {
      guests: row?.guests ?? 0,
      quotes: { value: quotes, href: quotesHref([], range, { guests }) },
      won: { value: won, href: quotesHref(WON, range, { guests }) },
      rate: quotes ? won / quotes : null,
    };
  };
  return { range, returning: group(true), firstTime: group(false) };
}
