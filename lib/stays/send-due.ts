import { sql, type SQL } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';
import { dueDays, stillTimely } from './schedule';

/** A stay mail the job should send now: the stay (converted quote), the kind, the day it was due. */
export type DueStayMail = { quoteId: string; kind: StayMessageKind; dueOn: string };

/** The kinds in the order a stay gets them, so a pre-arrival mail is queued before its day-before one. */
const ORDER: Record<StayMessageKind, number> = { pre_arrival: 0, day_before: 1, post_stay: 2 };

/** Post-stay mails go up to this many days after their day (schedule.ts stillTimely). */
const POST_STAY_GRACE_DAYS = 14;

type Row = { quote_id: string; kind: StayMessageKind; arrival: string | null; departure: string | null };

/**
 * One kind's candidates: converted stays of this campsite whose accepted offer (card 1 when the
 * booking named none) arrives or left within `window`, with an e-mail to write to and no ledger
 * row of that kind yet. Bounded by the indexes quote_cards (camping_id, arrival | departure).
 */
function candidates(campsiteId: string, kind: StayMessageKind, window: SQL): SQL {
  return sql`(
    select q.id as quote_id, ${kind}::text as kind, c.arrival::text as arrival, c.departure::text as departure
    from quote_cards c
    join quotes q on q.id = c.quote_id and q.camping_id = ${campsiteId} and q.progress = 'convertito' and c.idx = coalesce(q.accepted_card_idx, 0)
    join contacts k on k.id = q.contact_id and k.camping_id = ${campsiteId} and coalesce(k.email, '') <> ''
    where c.camping_id = ${campsiteId} and ${window}
      and not exists (select 1 from stay_messages m where m.quote_id = q.id and m.kind = ${kind}::text)
  )`;
}

/**
 * The stay mails of one campsite due on `today` (Europe/Rome) or due earlier and still timely, at
 * most `limit`, oldest due first. The SQL windows are the schedule's rule written as date ranges
 * (so the indexes bound them); each row is checked again against schedule.ts, the one rule.
 */
export async function dueStayMails(ctx: CampsiteCtx, settings: StayMailSettings, today: string, limit: number): Promise<DueStayMail[]> {
  const day = sql`${today}::date`;
  const parts: SQL[] = [];
  const { preArrival, postStay } = settings;
  if (preArrival.enabled) {
    parts.push(candidates(ctx.campsiteId, 'pre_arrival', sql`c.arrival > ${day} and c.arrival <= ${day} + ${preArrival.daysBefore}::int`));
    if (preArrival.dayBefore) parts.push(candidates(ctx.campsiteId, 'day_before', sql`c.arrival = ${day} + 1`));
  }
  if (postStay.enabled) {
    parts.push(
      candidates(ctx.campsiteId, 'post_stay', sql`c.departure >= ${day} - ${postStay.daysAfter + POST_STAY_GRACE_DAYS}::int and c.departure <= ${day} - ${postStay.daysAfter}::int`),
    );
  }
  if (parts.length === 0 || limit <= 0) return [];
  const rows = resultRows<Row>(await ctx.db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) due limit ${limit}`));
  const due: DueStayMail[] = [];
  for (const row of rows) {
    const dueOn = dueDays(row, settings)[row.kind];
    if (dueOn && stillTimely(row.kind, dueOn, row, today)) due.push({ quoteId: row.quote_id, kind: row.kind, dueOn });
  }
  return due.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.quoteId.localeCompare(b.quoteId) || ORDER[a.kind] - ORDER[b.kind]);
}
