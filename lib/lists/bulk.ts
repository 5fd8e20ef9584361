import { and, count, sql } from 'drizzle-orm';
import { contacts } from '@/db/schema';
import { resultRows } from '@/db/result-rows';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decodeCursor, encodeCursor } from '@/lib/pagination';
import { memberFilterCondition } from './filters';
import { countMembers } from '@/lib/newsletter/audience';
import { getListRow } from './service';
import type { MemberFilter } from './validation';

/** Contacts read and added per call: one INSERT … SELECT each, so the page can show progress. */
export const BULK_CHUNK = 5000;

export type FilterPreview = { matching: number; withEmail: number };

/** How many contacts the filter selects (exact), and how many of them have an address. */
export async function previewFilter({ db, campsiteId }: CampsiteCtx, { filter }: { filter: MemberFilter }): Promise<FilterPreview> {
  const [row] = await db
    .select({ matching: count(), withEmail: count(sql`nullif(trim(${contacts.email}), '')`) })
    .from(contacts)
    .where(memberFilterCondition(campsiteId, filter));
  return { matching: Number(row?.matching ?? 0), withEmail: Number(row?.withEmail ?? 0) };
}

export type ChunkOutcome = {
  /** New members from this chunk. */
  added: number;
  /** Contacts of the filter read in this chunk (the progress). */
  scanned: number;
  /** Where the next chunk starts; null when the filtered result has been walked to its end. */
  nextCursor: string | null;
  memberCount: number;
};

/**
 * Adds one chunk of the filtered contacts: a keyset walk over (created_at, id) — the
 * contacts_camping_created_idx index — and one INSERT … SELECT … ON CONFLICT DO NOTHING, so a
 * chunk sent twice adds nothing twice and members already there keep their date and state.
 */
export async function addFilteredChunk(
  ctx: CampsiteCtx,
  { listId, filter, cursor, chunkSize = BULK_CHUNK }: { listId: string; filter: MemberFilter; cursor?: string | null; chunkSize?: number },
): Promise<ChunkOutcome> {
  const { db, campsiteId } = ctx;
  await getListRow(ctx, { listId });
  const position = decodeCursor(cursor, 2);
  const where = and(
    memberFilterCondition(campsiteId, filter),
    position ? sql`(${contacts.createdAt}, ${contacts.id}) > (${String(position[0])}::timestamptz, ${String(position[1])}::text)` : undefined,
  );
  const size = Math.min(Math.max(1, Math.floor(chunkSize)), BULK_CHUNK);
  const [row] = resultRows<{ added: number; scanned: number; last_at: string | null; last_id: string | null }>(
    await db.execute(sql`
      with batch as (
        select ${contacts.id} as id, ${contacts.createdAt} as created_at from ${contacts}
        where ${where}
        order by ${contacts.createdAt}, ${contacts.id}
        limit ${size}
      ), added as (
        insert into list_memberships (camping_id, list_id, contact_id)
        select ${campsiteId}, ${listId}, id from batch
        on conflict do nothing
        returning 1
      ), last as (
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_at, id as last_id
        from batch order by created_at desc, id desc limit 1
      )
      select (select count(*) from added)::int as added, (select count(*) from batch)::int as scanned, last.last_at, last.last_id
      from (select 1) one left join last on true`),
  );
  const scanned = Number(row?.scanned ?? 0);
  return {
    added: Number(row?.added ?? 0),
    scanned,
    nextCursor: scanned === size && row?.last_at && row.last_id ? encodeCursor([row.last_at, row.last_id]) : null,
    memberCount: await countMembers(ctx, { listId }),
  };
}

/** The whole filtered result, chunk after chunk (tests, scripts); the page calls addFilteredChunk itself to show progress. */
export async function addFiltered(
  ctx: CampsiteCtx,
  params: { listId: string; filter: MemberFilter; chunkSize?: number; onChunk?: (outcome: ChunkOutcome) => void },
): Promise<{ added: number; scanned: number; chunks: number; memberCount: number }> {
  let cursor: string | null = null;
  let added = 0;
  let scanned = 0;
  let chunks = 0;
  let memberCount = 0;
  do {
    const outcome = await addFilteredChunk(ctx, { ...params, cursor });
    params.onChunk?.(outcome);
    added += outcome.added;
    scanned += outcome.scanned;
    memberCount = outcome.memberCount;
    chunks += 1;
    cursor = outcome.nextCursor;
  } while (cursor);
  return { added, scanned, chunks, memberCount };
}
