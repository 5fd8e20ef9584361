import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { dashboardChanges } from '@/db/schema';
import { effectiveProgressSql } from '@/lib/quotes/expiry';
import { NOT_COUNTED_AS_SENT_KINDS, REACHED_GUEST, SENT_MAIL_STATUSES, WON } from './definitions';
import { resultRows } from '@/db/result-rows';

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
    await tx.execute(sql`delete from dashboard_quote_days where camping_id = ${campsiteId}`);
    await tx.execute(sql`delete from dashboard_nation_days where camping_id = ${campsiteId}`);
    await tx.execute(sql`delete from dashboard_count_days where camping_id = ${campsiteId}`);
    await tx.execute(sql`
      create temporary table dashboard_quote_rows on commit drop as
      select q.id, ${romeDay('q.created_at')} as day, coalesce(ct.nation_id, 0) as nation_id,
        ${effectiveProgressSql(now, { progress: sql.raw('q.progress'), validUntil: sql.raw('q.valid_until') })} as progress,
        q.accepted_card_idx
      from quotes q
      left join contacts ct on ct.id = q.contact_id
      where q.camping_id = ${campsiteId}`);
    await tx.execute(sql`
      insert into dashboard_quote_days (camping_id, day, progress, quotes, max_card_cents, accepted_card_cents)
      select ${campsiteId}, r.day, r.progress, count(*), coalesce(sum(c.max_cents), 0), coalesce(sum(c.accepted_cents), 0)
      from dashboard_quote_rows r
      left join (
        select c.quote_id, max(c.total_cents) as max_cents, max(c.total_cents) filter (where c.idx = r2.accepted_card_idx) as accepted_cents
        from quote_cards c join dashboard_quote_rows r2 on r2.id = c.quote_id
        where c.camping_id = ${campsiteId}
        group by c.quote_id
      ) c on c.quote_id = r.id
      group by r.day, r.progress`);
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
      console.error(`Aggiornamento della dashboard non riuscito per il campeggio ${campsiteId}`, error);
    }
  }
  return done;
}
