import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, toPage, type Page } from '@/lib/pagination';
import type { StayMessageKind, StayMessageStatus } from '@/lib/vocabulary/stay-messages';

/** A stay mail the ledger holds: queued (sent or on its way) or skipped, newest first. */
export type StayLedgerEntry = {
  id: string;
  quoteId: string;
  contactId: string;
  guestName: string;
  kind: StayMessageKind;
  status: StayMessageStatus;
  dueOn: string;
  reason: string | null;
  /** The outgoing mail's page (/mail/uscita/:id) when a mail was queued. */
  outboxId: string | null;
  arrival: string | null;
  departure: string | null;
  typologyName: string;
  createdAt: Date;
};

type Row = {
  id: string;
  quote_id: string;
  contact_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  kind: StayMessageKind;
  status: StayMessageStatus;
  due_on: string;
  reason: string | null;
  outbox_id: string | null;
  arrival: string | null;
  departure: string | null;
  typology_name: string;
  created_at: string | Date;
  cursor_at: string;
};

/**
 * The ledger's rows of the campsite (or of one guest), keyset paged on (created_at, id) by
 * stay_messages_camping_created_idx.
 */
export async function listStayLedger(ctx: CampsiteCtx, input: { contactId?: string; cursor?: string | null; limit?: number } = {}): Promise<Page<StayLedgerEntry>> {
  const limit = Math.min(input.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const after = decodeCursor(input.cursor, 2);
  const cid = ctx.campsiteId;
  const rows = resultRows<Row>(
    await ctx.db.execute(sql`
      select m.id, m.quote_id, q.contact_id, ct.first_name, ct.last_name, ct.email, m.kind, m.status, m.due_on::text as due_on, m.reason, m.outbox_id,
        c.arrival::text as arrival, c.departure::text as departure, coalesce(c.typology_name, '') as typology_name, m.created_at,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
      from stay_messages m
      join quotes q on q.id = m.quote_id and q.camping_id = ${cid}
      join contacts ct on ct.id = q.contact_id and ct.camping_id = ${cid}
      left join quote_cards c on c.quote_id = q.id and c.camping_id = ${cid} and c.idx = coalesce(q.accepted_card_idx, 0)
      where m.camping_id = ${cid}
        ${input.contactId ? sql`and q.contact_id = ${input.contactId}` : sql``}
        ${after ? sql`and (m.created_at, m.id) < (${after[0]}::timestamptz, ${after[1]}::text)` : sql``}
      order by m.created_at desc, m.id desc
      limit ${limit + 1}`),
  );
  const page = toPage(rows, limit, (row) => [row.cursor_at, row.id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      quoteId: row.quote_id,
      contactId: row.contact_id,
      guestName: contactDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      kind: row.kind,
      status: row.status,
      dueOn: row.due_on,
      reason: row.reason,
      outboxId: row.outbox_id,
      arrival: row.arrival,
      departure: row.departure,
      typologyName: row.typology_name,
      createdAt: new Date(row.created_at),
    })),
  };
}
