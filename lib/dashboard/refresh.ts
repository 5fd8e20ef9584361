import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { dashboardChanges } from '@/db/schema';
import { effectiveProgressSql } from '@/lib/quotes/expiry';
import { NOT_COUNTED_AS_SENT_KINDS, REACHED_GUEST, SENT_MAIL_STATUSES, WON } from './definitions';
import { resultRows } from '@/db/result-rows';
import { logger } from '@/lib/ops/logger.mjs';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const romeDay = (column: string) => sql.raw(`(${column} at time zone 'Europe/Rome')::date`);

/**
 * Rebuilds one campsite's aggregates from the base tables in one transaction: readers see the
 * old figures or the new ones, never half. A quote past its validity counts as 'scaduto', as the
 * list shows it. The advisory lock makes two instances refreshing the same campsite take turns.
 */
export async function refreshCampsite(db: DbOrTx, campsiteId: string, now = new Date()): Promise<Date> {
  await db.delete(dashboardChanges).where(eq(dashboardChanges.campingId, campsiteId));
  await rebuildOrMarkAgain(db, campsiteId, now);
  return now;
}

async function rebuildOrMarkAgain(db: DbOrTx, campsiteId: string, now: Date): Promise<void> {
  try {
    await rebuild(db, campsiteId, now);
  } catch (error) {
    // Marked again so that the next run retries it.
    await db.insert(dashboardChanges).values({ campingId: campsiteId }).onConflictDoNothing();
    throw error;
  }
}

async function rebuild(db: DbOrTx, campsiteId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dashboard:' || ${campsiteId}))`);
    // The returning guests' grouping hashes every quote of the campsite: at 600k quotes the
    // default 4 MB spilled it to disk and doubled the rebuild.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`delete from dashboard_quote_days where camping_id = ${campsiteId}`);
    await tx.execute(sql`delete from dashboard_nation_days where camping_id = ${campsiteId}`);
    await tx.execute(sql`delete from dashboard_count_days where camping_id = ${campsiteId}`);
    await tx.execute(sql`delete from dashboard_returning_days where camping_id = ${campsiteId}`);
    // One pass over the cards gives each quote its values and the dates its stay is read from
    // (lib/quotes/returning-guests.ts): the stay year of the quote at hand and, for a booking, the
    // year of its booked stay.
    await tx.execute(sql`
      create temporary table dashboard_quote_rows on commit drop as
      select q.id, ${romeDay('q.created_at')} as day, coalesce(ct.nation_id, 0) as nation_id,
        ${effectiveProgressSql(now, { progress: sql.raw('q.progress'), validUntil: sql.raw('q.valid_until') })} as progress,
        q.progress as stored_progress, q.contact_id, c.max_cents, c.accepted_cents,
        extract(year from coalesce(c.accepted_arrival, r.arrival, c.first_arrival, ${romeDay('q.created_at')}))::int as stay_year,
        case when q.progress = 'convertito' then extract(year from coalesce(c.booked_arrival, ${romeDay('q.created_at')}))::int end as booked_year
      from quotes q
      left join contacts ct on ct.id = q.contact_id
      left join quote_requests r on r.quote_id = q.id and r.camping_id = ${campsiteId}
      left join (
        select c.quote_id, max(c.total_cents) as max_cents, max(c.total_cents) filter (where c.idx = q2.accepted_card_idx) as accepted_cents,
          min(c.arrival) as first_arrival, max(c.arrival) filter (where c.idx = q2.accepted_card_idx) as accepted_arrival,
          max(c.arrival) filter (where c.idx = coalesce(q2.accepted_card_idx, 0)) as booked_arrival
        from quote_cards c join quotes q2 on q2.id = c.quote_id and q2.camping_id = ${campsiteId}
        where c.camping_id = ${campsiteId}
        group by c.quote_id
      ) c on c.quote_id = q.id
      where q.camping_id = ${campsiteId}`);
    // A new temporary table has no statistics: without them the planner sorted 600k rows to join.
    await tx.execute(sql`analyze dashboard_quote_rows`);
    await tx.execute(sql`
      insert into dashboard_quote_days (camping_id, day, progress, quotes, max_card_cents, accepted_card_cents)
      select ${campsiteId}, day, progress, count(*), coalesce(sum(max_cents), 0), coalesce(sum(accepted_cents), 0)
      from dashboard_quote_rows group by day, progress`);
    // A guest is returning for a quote when another of their bookings is of an earlier season: the
    // season of their earliest booking answers it, except for that booking itself when it is the
    // only one of that season (then their next booked season does). Each guest's last quote of each
    // group marks the day that counts them. Hash aggregates only: sorting 600k rows by guest cost
    // seconds more.
    await tx.execute(sql`
      insert into dashboard_returning_days (camping_id, day, is_returning, quotes, won, last_guests)
      with earliest as (
        select contact_id, min(booked_year) as first_year from dashboard_quote_rows where booked_year is not null group by contact_id
      ), bookings as (
        select r.contact_id, e.first_year, count(*) filter (where r.booked_year = e.first_year) as at_first,
          min(r.booked_year) filter (where r.booked_year > e.first_year) as second_year
        from dashboard_quote_rows r join earliest e on e.contact_id = r.contact_id
        where r.booked_year is not null group by r.contact_id, e.first_year
      ), flagged as (
        select r.day, r.stored_progress, r.contact_id,
          coalesce(case when r.booked_year = b.first_year and b.at_first = 1 then b.second_year else b.first_year end < r.stay_year, false) as is_returning
        from dashboard_quote_rows r left join bookings b on b.contact_id = r.contact_id
      )
      select ${campsiteId}, day, is_returning, sum(quotes), sum(won), sum(last_guests)
      from (
        select day, is_returning, count(*) as quotes, count(*) filter (where stored_progress in (${list(WON)})) as won, 0 as last_guests
        from flagged group by day, is_returning
        union all
        select last_day, is_returning, 0, 0, count(*)
        from (select max(day) as last_day, is_returning from flagged group by contact_id, is_returning) guests
        group by last_day, is_returning
      ) days
      group by day, is_returning`);
    await tx.execute(sql`
      insert into dashboard_nation_days (camping_id, day, nation_id, reached, won)
      select ${campsiteId}, day, nation_id, count(*) filter (where progress in (${list(REACHED_GUEST)})), count(*) filter (where progress in (${list(WON)}))
      from dashboard_quote_rows group by day, nation_id`);
    await tx.execute(sql`
      insert into dashboard_count_days (camping_id, kind, day, nation_id, count)
      select ${campsiteId}, 'contatti', ${romeDay('created_at')}, coalesce(nation_id, 0), count(*)
      from contacts where camping_id = ${campsiteId} group by 3, 4
      union all
      select ${campsiteId}, 'richieste', ${romeDay('created_at')}, 0, count(*)
      from quote_requests where camping_id = ${campsiteId} group by 3
      union all
      select ${campsiteId}, 'email', ${romeDay('sent_at')}, 0, count(*)
      from mail_outbox where camping_id = ${campsiteId} and status in (${list(SENT_MAIL_STATUSES)}) and kind not in (${list(NOT_COUNTED_AS_SENT_KINDS)})
        and sent_at is not null group by 3`);
    await tx.execute(sql`
      insert into dashboard_refreshes (camping_id, refreshed_at) values (${campsiteId}, ${at}::timestamptz)
      on conflict (camping_id) do update set refreshed_at = excluded.refreshed_at`);
  });
}

/**
 * The job: rebuilds only the campsites marked as changed. Deleting the mark claims it, so two
 * server instances never rebuild the same campsite for the same change; a change committed
 * during a rebuild marks the campsite again for the next run.
 */
export async function refreshChangedCampsites(db: DbOrTx, limit = 20, now = new Date()): Promise<string[]> {
  const claimed = await db.execute(sql`
    delete from dashboard_changes where camping_id in (
      select camping_id from dashboard_changes order by changed_at limit ${limit} for update skip locked
    ) returning camping_id`);
  const rows = resultRows<{ camping_id: string }>(claimed);
  const done: string[] = [];
  for (const { camping_id: campsiteId } of rows) {
    try {
      await rebuildOrMarkAgain(db, campsiteId, now);
      done.push(campsiteId);
    } catch (error) {
      logger.error({ err: error }, `Aggiornamento della dashboard non riuscito per il campeggio ${campsiteId}`);
    }
  }
  return done;
}
