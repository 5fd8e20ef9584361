import { eq, sql } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import { resultRows } from '@/db/result-rows';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, toPage, type Page } from '@/lib/pagination';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';
import { addDays, romeToday } from './schedule';
import { stayMailsOf } from './settings';

/** The horizons the «Prossimi invii» page offers, in days from today. */
export const UPCOMING_HORIZONS = [7, 14, 30] as const;
export type UpcomingHorizon = (typeof UPCOMING_HORIZONS)[number];
export const DEFAULT_HORIZON: UpcomingHorizon = 14;

export type UpcomingStayMail = {
  quoteId: string;
  contactId: string;
  guestName: string;
  guestEmail: string | null;
  kind: StayMessageKind;
  /** The day the settings make it due ('YYYY-MM-DD'). */
  dueOn: string;
  /** The day the job sends it: its due day, or today for one already due and still timely. */
  sendOn: string;
  arrival: string | null;
  departure: string | null;
  typologyName: string;
  languageName: string | null;
};

type Row = {
  quote_id: string;
  contact_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  kind: StayMessageKind;
  due_on: string;
  send_on: string;
  arrival: string | null;
  departure: string | null;
  typology_name: string;
  language_name: string | null;
};

export async function stayMailSettingsOf(ctx: CampsiteCtx): Promise<StayMailSettings> {
  const [row] = await ctx.db.select({ stayMails: campsites.stayMails }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  return stayMailsOf(row?.stayMails);
}

/** Whether any automatic stay mail is on: the empty list then says so and links to the settings. */
export const anyStayMailOn = (settings: StayMailSettings) => settings.preArrival.enabled || settings.postStay.enabled;

/**
 * The due days of every enabled kind, for the stays `stays` (the SQL of schedule.ts's dueDays:
 * the integration test holds the two equal), with the timeliness of stillTimely.
 */
function dueSql(settings: StayMailSettings, today: string) {
  const { preArrival, postStay } = settings;
  const parts = [];
  if (preArrival.enabled) {
    parts.push(sql`select s.*, 'pre_arrival'::text as kind, s.arrival - ${preArrival.daysBefore}::int as due_on from stays s where s.arrival is not null`);
    if (preArrival.dayBefore && preArrival.daysBefore > 1) {
      parts.push(sql`select s.*, 'day_before'::text as kind, s.arrival - 1 as due_on from stays s where s.arrival is not null`);
    }
  }
  if (postStay.enabled) {
    parts.push(sql`select s.*, 'post_stay'::text as kind, s.departure + ${postStay.daysAfter}::int as due_on from stays s where s.departure is not null`);
  }
  if (parts.length === 0) return null;
  const timely = sql`(d.due_on >= ${today}::date
    or (d.kind = 'post_stay' and ${today}::date <= d.due_on + 14)
    or (d.kind <> 'post_stay' and ${today}::date < d.arrival))`;
  return { union: sql.join(parts, sql` union all `), timely };
}

export type UpcomingInput = {
  /** Mails the job sends from today up to today + days. */
  days: number;
  contactId?: string;
  cursor?: string | null;
  limit?: number;
  /** Europe/Rome's today unless a test drives the clock. */
  today?: string;
};

/**
 * The automatic stay mails still to go, computed at read time (a GET never writes): the campsite's
 * converted stays, their accepted offer's dates (the first offer when the booking named none),
 * each enabled kind's due day by the settings, minus the kinds the ledger already holds (sent or
 * skipped). Keyset paged by (send day, quote id in byte order, kind); bounded by the quotes_camping_progress index.
 */
export async function listUpcomingStayMails(ctx: CampsiteCtx, input: UpcomingInput): Promise<Page<UpcomingStayMail>> {
  const settings = await stayMailSettingsOf(ctx);
  const today = input.today ?? romeToday();
  const limit = Math.min(input.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const due = dueSql(settings, today);
  if (!due) return { items: [], nextCursor: null };
  const after = decodeCursor(input.cursor, 3);
  const cid = ctx.campsiteId;
  const rows = resultRows<Row>(
    await ctx.db.execute(sql`
      with stays as (
        select q.id as quote_id, q.contact_id, coalesce(q.language_id, ct.language_id) as language_id,
          c.arrival, c.departure, coalesce(c.typology_name, '') as typology_name, ct.first_name, ct.last_name, ct.email
        from quotes q
        join contacts ct on ct.id = q.contact_id and ct.camping_id = ${cid}
        left join quote_cards c on c.quote_id = q.id and c.camping_id = ${cid} and c.idx = coalesce(q.accepted_card_idx, 0)
        where q.camping_id = ${cid} and q.progress = 'convertito'
          ${input.contactId ? sql`and q.contact_id = ${input.contactId}` : sql``}
      ), due as (${due.union}), listed as (
        select d.*, greatest(d.due_on, ${today}::date) as send_on from due d
        where d.due_on <= ${addDays(today, input.days)}::date and ${due.timely}
          and not exists (select 1 from stay_messages m where m.camping_id = ${cid} and m.quote_id = d.quote_id and m.kind = d.kind)
      )
      select l.quote_id, l.contact_id, l.first_name, l.last_name, l.email, l.kind, l.due_on::text as due_on, l.send_on::text as send_on,
        l.arrival::text as arrival, l.departure::text as departure, l.typology_name, lg.name as language_name
      from listed l left join languages lg on lg.id = l.language_id
      ${after ? sql`where (l.send_on, l.quote_id collate "C", l.kind) > (${after[0]}::date, ${after[1]}::text, ${after[2]}::text)` : sql``}
      order by l.send_on, l.quote_id collate "C", l.kind
      limit ${limit + 1}`),
  );
  const page = toPage(rows, limit, (row) => [row.send_on, row.quote_id, row.kind]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      quoteId: row.quote_id,
      contactId: row.contact_id,
      guestName: contactDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      guestEmail: row.email,
      kind: row.kind,
      dueOn: row.due_on,
      sendOn: row.send_on,
      arrival: row.arrival,
      departure: row.departure,
      typologyName: row.typology_name,
      languageName: row.language_name,
    })),
  };
}
