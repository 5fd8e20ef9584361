import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/vocabulary/quote-progress';
import { CONVERTED, REACHED_GUEST, WON, WON_LUCEE } from './definitions';
import { contactsHref, mailsHref, quotesHref } from './links';
import { addDays, addMonths, comparisonRanges, endOfMonth, seasonOf, seasonRange, startOfMonth, today, type Comparison, type DayRange } from './periods';
import { resultRows } from '@/db/result-rows';

/** Every figure is read from the aggregates only (lib/dashboard/refresh.ts), scoped to the unit of work's campsite. */
export type Figure = { value: number; href: string };

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => resultRows<T>(await db.execute(query));

export async function refreshedAt(ctx: CampsiteCtx): Promise<Date | null> {
  const { db, campsiteId } = ctx;
  const [row] = await rows<{ at: string | Date }>(db, sql`select refreshed_at as at from dashboard_refreshes where camping_id = ${campsiteId}`);
  return row ? new Date(row.at) : null;
}

export async function mailsSent(ctx: CampsiteCtx, now: Date) {
  const { db, campsiteId } = ctx;
  const thisMonth = startOfMonth(today(now));
  const lastMonth = addMonths(thisMonth, -1);
  const [row] = await rows<{ current: number; previous: number }>(
    db,
    sql`select coalesce(sum(count) filter (where day >= ${thisMonth}::date), 0)::int as current,
      coalesce(sum(count) filter (where day < ${thisMonth}::date), 0)::int as previous
    from dashboard_count_days where camping_id = ${campsiteId} and kind = 'email' and day >= ${lastMonth}::date and day <= ${today(now)}::date`,
  );
  return {
    thisMonth: { value: row.current, href: mailsHref({ from: thisMonth, to: today(now) }) },
    lastMonth: { value: row.previous, href: mailsHref({ from: lastMonth, to: addDays(thisMonth, -1) }) },
  };
}

/** Quotes by progress and their values in cents, over every quote of the campsite. */
export async function quoteTotals(ctx: CampsiteCtx) {
  const { db, campsiteId } = ctx;
  const found = await rows<{ progress: QuoteProgress; quotes: number; max_cents: number; accepted_cents: number }>(
    db,
    sql`select progress, sum(quotes)::int as quotes, sum(max_card_cents)::float8 as max_cents, sum(accepted_card_cents)::float8 as accepted_cents
    from dashboard_quote_days where camping_id = ${campsiteId} group by progress`,
  );
  const by = new Map(found.map((row) => [row.progress, row]));
  const sum = (progress: readonly QuoteProgress[], pick: (row: (typeof found)[number]) => number) =>
    progress.reduce((total, value) => total + (by.has(value) ? pick(by.get(value)!) : 0), 0);
  const byProgress = Object.fromEntries(
    QUOTE_PROGRESS.map((progress) => [progress, { value: by.get(progress)?.quotes ?? 0, href: quotesHref([progress]) }]),
  ) as Record<QuoteProgress, Figure>;
  return {
    total: { value: sum(QUOTE_PROGRESS, (row) => row.quotes), href: quotesHref() },
    byProgress,
    value: {
      proposedCents: { value: sum(REACHED_GUEST, (row) => row.max_cents), href: quotesHref(REACHED_GUEST) },
      acceptedCents: { value: sum(WON, (row) => row.accepted_cents), href: quotesHref(WON) },
      convertedCents: { value: sum(CONVERTED, (row) => row.accepted_cents), href: quotesHref(CONVERTED) },
    },
  };
}

export type ConversionSide = { range: DayRange; reached: Figure; won: Figure; rate: number | null };

async function conversionOf(db: DbOrTx, campsiteId: string, range: DayRange, won: readonly QuoteProgress[]): Promise<ConversionSide> {
  const [row] = await rows<{ reached: number; won: number }>(
    db,
    sql`select coalesce(sum(quotes) filter (where progress in (${list(REACHED_GUEST)})), 0)::int as reached,
      coalesce(sum(quotes) filter (where progress in (${list(won)})), 0)::int as won
    from dashboard_quote_days where camping_id = ${campsiteId} and day between ${range.from}::date and ${range.to}::date`,
  );
  return {
    range,
    reached: { value: row.reached, href: quotesHref(REACHED_GUEST, range) },
    won: { value: row.won, href: quotesHref(won, range) },
    rate: row.reached ? row.won / row.reached : null,
  };
}

/** Conversion of the quotes created in the period to date, against the same days a year earlier. */
export async function conversion(ctx: CampsiteCtx, comparison: Comparison, now: Date, lucee = false) {
  const { db, campsiteId } = ctx;
  const ranges = comparisonRanges(comparison, today(now));
  const won = lucee ? WON_LUCEE : WON;
  const [current, previous] = await Promise.all([conversionOf(db, campsiteId, ranges.current, won), conversionOf(db, campsiteId, ranges.previous, won)]);
  return { comparison, lucee, current, previous };
}

type NationRow = { nation_id: number; name: string | null; iso: string | null };

/** Guests (contacts) by nationality, most frequent first; 0 is "not given". */
export async function nationalities(ctx: CampsiteCtx) {
  const { db, campsiteId } = ctx;
  const found = await rows<NationRow & { contacts: number }>(
    db,
    // Summed before the join: one nation looked up per nationality, not one per day.
    sql`select d.nation_id, n.name, n.iso_code as iso, d.contacts
    from (select nation_id, sum(count)::int as contacts from dashboard_count_days
      where camping_id = ${campsiteId} and kind = 'contatti' group by nation_id) d
    left join nations n on n.id = d.nation_id order by d.contacts desc, d.nation_id`,
  );
  return found.map((row) => ({ nationId: row.nation_id, name: row.name, isoCode: row.iso, contacts: { value: row.contacts, href: contactsHref(row.nation_id) } }));
}

/** Conversion by the guest's nationality, over the quotes created in the period to date. */
export async function nationalityConversion(ctx: CampsiteCtx, comparison: Comparison, now: Date) {
  const { db, campsiteId } = ctx;
  const { current } = comparisonRanges(comparison, today(now));
  const found = await rows<NationRow & { reached: number; won: number }>(
    db,
    sql`select d.nation_id, n.name, n.iso_code as iso, d.reached, d.won
    from (select nation_id, sum(reached)::int as reached, sum(won)::int as won from dashboard_nation_days
      where camping_id = ${campsiteId} and day between ${current.from}::date and ${current.to}::date group by nation_id) d
    left join nations n on n.id = d.nation_id order by d.reached desc, d.nation_id`,
  );
  return {
    comparison,
    range: current,
    nations: found
      .filter((row) => row.reached > 0)
      .map((row) => ({
        nationId: row.nation_id,
        name: row.name,
        isoCode: row.iso,
        reached: { value: row.reached, href: quotesHref(REACHED_GUEST, current, { nationId: row.nation_id }) } satisfies Figure,
        won: { value: row.won, href: quotesHref(WON, current, { nationId: row.nation_id }) } satisfies Figure,
        rate: row.won / row.reached,
      })),
  };
}

/** The current season and the two before it, month by month (quotes created, quotes won). */
export async function seasons(ctx: CampsiteCtx, now: Date, count = 3) {
  const { db, campsiteId } = ctx;
  const current = seasonOf(today(now));
  const from = seasonRange(current - count + 1).from;
  const found = await rows<{ month: string; quotes: number; won: number }>(
    db,
    // The month's first day by date arithmetic: date_trunc would turn each of the days into a
    // timestamp with time zone and back, the most of this query's time.
    sql`select to_char(month, 'YYYY-MM-DD') as month, quotes, won from (
      select day - (extract(day from day)::int - 1) as month, sum(quotes)::int as quotes,
        coalesce(sum(quotes) filter (where progress in (${list(WON)})), 0)::int as won
      from dashboard_quote_days where camping_id = ${campsiteId} and day >= ${from}::date and day <= ${today(now)}::date group by 1) months`,
  );
  const byMonth = new Map(found.map((row) => [row.month, row]));
  return Array.from({ length: count }, (_, index) => {
    const season = current - count + 1 + index;
    const range = seasonRange(season);
    const months = Array.from({ length: 12 }, (_, offset) => {
      const month = addMonths(range.from, offset);
      const monthRange = { from: month, to: endOfMonth(month) };
      const row = byMonth.get(month);
      return { month, future: month > today(now), quotes: { value: row?.quotes ?? 0, href: quotesHref([], monthRange) }, won: { value: row?.won ?? 0, href: quotesHref(WON, monthRange) } };
    });
    // The season to date: what its months count (the days to come have no quotes yet).
    const toDate = { from: range.from, to: range.to < today(now) ? range.to : today(now) };
    return {
      season,
      range,
      months,
      quotes: { value: months.reduce((t, m) => t + m.quotes.value, 0), href: quotesHref([], toDate) } satisfies Figure,
      won: { value: months.reduce((t, m) => t + m.won.value, 0), href: quotesHref(WON, toDate) } satisfies Figure,
    };
  });
}

export async function contactsTotal(ctx: CampsiteCtx): Promise<Figure> {
  const { db, campsiteId } = ctx;
  const [row] = await rows<{ total: number }>(db, sql`select coalesce(sum(count), 0)::int as total from dashboard_count_days where camping_id = ${campsiteId} and kind = 'contatti'`);
  return { value: row.total, href: contactsHref() };
}
