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

type GroupRow = { is_returning: boolean; guests: number; quotes: number; won: number };

/**
 * Returning guests against first-time guests among the quotes (requests included) created in the
 * period to date, and the conversion of each: accepted or booked over all of them. Read from the
 * aggregates (dashboard_returning_days) like every other figure; the rebuild flags every quote,
 * so a booking that makes a guest returning for their later quotes changes them at the next run.
 */
export async function returningConversion(ctx: CampsiteCtx, comparison: Comparison, now: Date): Promise<ReturningFigures> {
  const { current: range } = comparisonRanges(comparison, today(now));
  const found = (await fromAggregates(ctx, range)) ?? (await live(ctx, range));
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

/**
 * A guest counts on the day of their last quote of the group, so summing days counts each guest
 * once, but only while no quote of the group is newer than the period's end (a period to date,
 * as the dashboard's are). Null when one is: the caller computes that period live.
 */
async function fromAggregates(ctx: CampsiteCtx, range: DayRange): Promise<GroupRow[] | null> {
  const rows = resultRows<GroupRow & { later: boolean }>(
    await ctx.db.execute(sql`
      select is_returning,
        coalesce(sum(last_guests) filter (where day >= ${range.from}::date and day <= ${range.to}::date), 0)::int as guests,
        coalesce(sum(quotes) filter (where day >= ${range.from}::date and day <= ${range.to}::date), 0)::int as quotes,
        coalesce(sum(won) filter (where day >= ${range.from}::date and day <= ${range.to}::date), 0)::int as won,
        bool_or(day > ${range.to}::date) as later
      from dashboard_returning_days
      where camping_id = ${ctx.campsiteId} and day >= ${range.from}::date
      group by is_returning`),
  );
  return rows.some((row) => row.later) ? null : rows;
}

/** The definition itself, quote by quote (the /preventivi?ospiti= list computes it the same way). */
async function live(ctx: CampsiteCtx, range: DayRange): Promise<GroupRow[]> {
  return resultRows<GroupRow>(
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
}
