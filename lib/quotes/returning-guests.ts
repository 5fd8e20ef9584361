import { sql, type SQL } from "drizzle-orm";
import { resultRows } from "@/db/result-rows";
import { resourceLabel } from "@/lib/booking-platform/resource-label";
import type { CampsiteCtx } from "@/lib/context/unit-of-work";
import { nightsOf } from "./same-week";

/**
 * Returning guests: a contact who booked ('convertito') a stay in an earlier season (calendar year
 * of the stay) than the request or quote at hand. Computed at read time, never stored: one query
 * for a whole page of quotes, every lookup by index (quotes_contact_idx for the guest's other
 * quotes, quote_cards (quote_id, idx) and quote_requests (quote_id) for their dates).
 */

export type LastStayParty = {
  personTypeId: string;
  label: string;
  count: number;
};

export type LastStay = {
  /** The booked quote of that stay. */
  quoteId: string;
  contactId: string;
  /** The season (calendar year) of the stay. */
  year: number;
  arrival: string | null;
  departure: string | null;
  nights: number | null;
  typologyId: string | null;
  typologyName: string;
  /** The pitch or unit as the booking platform reported it (quotes.resources), when it did. */
  resources: { id: string | null; label: string }[];
  people: LastStayParty[];
  vehicles: { id: string; quantity: number }[];
  services: { id: string; quantity: number }[];
};

const rome = (column: string) =>
  sql.raw(`(${column} at time zone 'Europe/Rome')::date`);

/**
 * The stay date of a quote at hand: its accepted offer's arrival, else its request's, else its
 * earliest offer's, else the day it was made. Needs the quote as alias `alias`.
 */
export function stayDateOf(alias: string, campsiteId: string): SQL {
  const q = sql.raw(alias);
  return sql`coalesce(
    (select c.arrival from quote_cards c where c.quote_id = ${q}.id and c.camping_id = ${campsiteId} and c.idx = ${q}.accepted_card_idx),
    (select r.arrival from quote_requests r where r.quote_id = ${q}.id and r.camping_id = ${campsiteId}),
    (select min(c.arrival) from quote_cards c where c.quote_id = ${q}.id and c.camping_id = ${campsiteId}),
    ${rome(`${alias}.created_at`)})`;
}

/**
 * The guest's most recent booked stay in a season before `season` (an SQL int expression),
 * as a lateral subquery over the booked quote `b` and its accepted card `c` (card 1 when the
 * booking named none). A booking without dates counts from the day the quote was made.
 */
function lastBookedStay(
  contactId: SQL,
  season: SQL,
  campsiteId: string,
  excludeQuote: SQL | null,
): SQL {
  const stay = sql`coalesce(c.arrival, ${rome("b.created_at")})`;
  return sql`(
    select b.id as booked_id, b.contact_id, b.resources, extract(year from ${stay})::int as year,
      c.arrival::text as arrival, c.departure::text as departure, c.typology_id, coalesce(c.typology_name, '') as typology_name,
      coalesce(c.people, '[]'::jsonb) as people, coalesce(c.vehicles, '[]'::jsonb) as vehicles, coalesce(c.services, '[]'::jsonb) as services
    from quotes b
    left join quote_cards c on c.quote_id = b.id and c.camping_id = ${campsiteId} and c.idx = coalesce(b.accepted_card_idx, 0)
    where b.contact_id = ${contactId} and b.camping_id = ${campsiteId} and b.progress = 'convertito'
      ${excludeQuote ? sql`and b.id <> ${excludeQuote}` : sql``}
      and extract(year from ${stay}) < (${season})::int
    order by ${stay} desc, b.id desc
    limit 1
  )`;
}

/** SQL that is true when the quote `alias` comes from a returning guest (for the dashboard's counts). */
export function isReturningSql(alias: string, campsiteId: string): SQL {
  const q = sql.raw(alias);
  return sql`exists ${lastBookedStay(sql`${q}.contact_id`, sql`extract(year from ${stayDateOf(alias, campsiteId)})`, campsiteId, sql`${q}.id`)}`;
}

type Row = {
  key: string;
  booked_id: string;
  contact_id: string;
  resources: unknown;
  year: number;
  arrival: string | null;
  departure: string | null;
  typology_id: string | null;
  typology_name: string;
  people: unknown;
  vehicles: unknown;
  services: unknown;
};

// A jsonb column read through a raw query may come back parsed or as its text, by driver.
const rawArray = (value: unknown): unknown[] => {
  const parsed =
    typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed : [];
};
const asArray = (value: unknown) =>
  rawArray(value).filter(
    (item): item is Record<string, unknown> =>
      Boolean(item) && typeof item === "object",
  );
const count = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;

function toLastStay(row: Row): LastStay {
  const items = (value: unknown) =>
    asArray(value)
      .map((item) => ({
        id: String(item.id ?? ""),
        quantity: count(item.quantity),
      }))
      .filter((item) => item.id && item.quantity > 0);
  return {
    quoteId: row.booked_id,
    contactId: row.contact_id,
    year: Number(row.year),
    arrival: row.arrival,
    departure: row.departure,
    nights:
      row.arrival && row.departure
        ? nightsOf(row.arrival, row.departure)
        : null,
    typologyId: row.typology_id,
    typologyName: row.typology_name,
    resources: rawArray(row.resources)
      .map(resourceLabel)
      .filter((resource) => resource !== null),
    people: asArray(row.people)
      .map((person) => ({
        personTypeId: String(person.personTypeId ?? ""),
        label: String(person.label ?? person.personTypeId ?? ""),
        count: count(person.count),
      }))
      .filter((person) => person.personTypeId && person.count > 0),
    vehicles: items(row.vehicles),
    services: items(row.services),
  };
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The last stay of the guest of each quote in `quoteIds` who is a returning guest for that
 * quote; quotes of first-time guests (and ids of other campsites) are simply absent.
 */
export async function lastStaysForQuotes(
  ctx: CampsiteCtx,
  params: { quoteIds: readonly string[] },
): Promise<Map<string, LastStay>> {
  const { db, campsiteId } = ctx;
  const quoteIds = [...new Set(params.quoteIds)].slice(0, 200);
  if (quoteIds.length === 0) return new Map();
  const found = resultRows<Row>(
    await db.execute(sql`
      select q.id as key, s.*
      from quotes q
      cross join lateral ${lastBookedStay(sql`q.contact_id`, sql`extract(year from ${stayDateOf("q", campsiteId)})`, campsiteId, sql`q.id`)} s
      where q.camping_id = ${campsiteId} and q.id in (${list(quoteIds)})`),
  );
  return new Map(found.map((row) => [row.key, toLastStay(row)]));
}

/** A guest's last booked stay in a season before `beforeYear` (the contact page's question). */
export async function lastStayOfContact(
  ctx: CampsiteCtx,
  params: { contactId: string; beforeYear: number },
): Promise<LastStay | null> {
  const { contactId, beforeYear } = params;
  const campsiteId = ctx.campsiteId;
  const [row] = resultRows<Row>(
    await ctx.db.execute(
      sql`select ${contactId}::text as key, s.* from ${lastBookedStay(sql`${contactId}`, sql`${beforeYear}`, campsiteId, null)} s`,
    ),
  );
  return row ? toLastStay(row) : null;
}

/** 'Adulto × 2, Bambino (3-11 anni) × 1' */
export const partyText = (people: LastStayParty[]) =>
  people.map((person) => `${person.label} × ${person.count}`).join(", ");
