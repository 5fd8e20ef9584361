import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contacts } from '@/db/schema';
import { searchCondition } from '@/lib/contacts/search';
import { startOfRomeDay, nextDay } from '@/lib/date-filter';
import type { MemberFilter } from './validation';

/** The contact's most recent quote (created_at, id), read through quotes_contact_idx. */
const lastQuote = (campsiteId: string, column: SQL) =>
  sql`(select ${column} from quotes q where q.contact_id = ${contacts.id} and q.camping_id = ${campsiteId}
        order by q.created_at desc, q.id desc limit 1)`;

/** The arrival of the booked card of the contact's latest converted quote. */
const lastStay = (campsiteId: string) =>
  sql`(select max(qc.arrival) from quotes q join quote_cards qc on qc.quote_id = q.id and qc.idx = q.accepted_card_idx
        where q.contact_id = ${contacts.id} and q.camping_id = ${campsiteId} and q.progress = 'convertito')`;

/**
 * The contacts of the campsite that a member filter selects; always bounded by the campsite,
 * whatever the filter says.
 */
export function memberFilterCondition(campsiteId: string, filter: MemberFilter): SQL {
  const stay = filter.lastStayFrom || filter.lastStayTo ? lastStay(campsiteId) : null;
  const quoteAt = filter.lastQuoteFrom || filter.lastQuoteTo ? lastQuote(campsiteId, sql`q.created_at`) : null;
  return and(
    eq(contacts.campingId, campsiteId),
    searchCondition(filter.search),
    filter.languageIds?.length ? inArray(contacts.languageId, filter.languageIds) : undefined,
    filter.nationIds?.length ? inArray(contacts.nationId, filter.nationIds) : undefined,
    filter.tag ? sql`${contacts.tags} @> ${JSON.stringify([filter.tag])}::jsonb` : undefined,
    stay && filter.lastStayFrom ? sql`${stay} >= ${filter.lastStayFrom}::date` : undefined,
    stay && filter.lastStayTo ? sql`${stay} <= ${filter.lastStayTo}::date` : undefined,
    quoteAt && filter.lastQuoteFrom ? sql`${quoteAt} >= ${startOfRomeDay(filter.lastQuoteFrom).toISOString()}::timestamptz` : undefined,
    quoteAt && filter.lastQuoteTo ? sql`${quoteAt} < ${startOfRomeDay(nextDay(filter.lastQuoteTo)).toISOString()}::timestamptz` : undefined,
    filter.lastQuoteProgress?.length
      ? sql`${lastQuote(campsiteId, sql`q.progress`)} in (${sql.join(
          filter.lastQuoteProgress.map((progress) => sql`${progress}`),
          sql`, `,
        )})`
      : undefined,
    filter.withEmail ? sql`coalesce(trim(${contacts.email}), '') <> ''` : undefined,
  )!;
}

/** True when the filter selects something narrower than the whole campsite. */
export function isNarrowing(filter: MemberFilter): boolean {
  return Boolean(
    filter.search?.trim() ||
      filter.languageIds?.length ||
      filter.nationIds?.length ||
      filter.tag ||
      filter.lastStayFrom ||
      filter.lastStayTo ||
      filter.lastQuoteFrom ||
      filter.lastQuoteTo ||
      filter.lastQuoteProgress?.length ||
      filter.withEmail,
  );
}
