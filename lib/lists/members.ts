import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { contacts, listMemberships } from '@/db/schema';
import { clampLimit, searchCondition } from '@/lib/contacts/search';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import { countMembers } from '@/lib/newsletter/audience';
import { getListRow } from './service';

/** What a member is for a newsletter; all but 'attivo' stay in the list, marked, and get nothing. */
export type MemberState = 'attivo' | 'disiscritto' | 'rimbalzato' | 'spam' | 'senza-email';

export const MEMBER_STATES: MemberState[] = ['attivo', 'disiscritto', 'rimbalzato', 'spam', 'senza-email'];

export type ListMember = {
  contactId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  addedAt: Date;
  state: MemberState;
};

/** The state, computed at read time from the membership and the contact. */
export const memberStateSql: SQL<MemberState> = sql<MemberState>`case
  when coalesce(trim(${contacts.email}), '') = '' then 'senza-email'
  when ${contacts.emailSuppressedReason} = 'complaint' then 'spam'
  when ${contacts.emailSuppressedAt} is not null then 'rimbalzato'
  when ${listMemberships.unsubscribedAt} is not null or ${contacts.newsletterOptOutAt} is not null then 'disiscritto'
  else 'attivo' end`;

export const MEMBER_PAGE_SIZE = 50;

/**
 * Members newest first, by keyset over (added_at, contact_id) — the list_memberships_list_added_idx
 * index read backwards — so every page costs the same and none is skipped or repeated. The exact
 * member count comes with the first page (no cursor); later pages answer total null.
 */
export async function listMembers(
  ctx: CampsiteCtx,
  { listId, cursor, limit }: { listId: string; cursor?: string | null; limit?: number },
): Promise<Page<ListMember> & { total: number | null }> {
  const { db, campsiteId } = ctx;
  await getListRow(ctx, { listId });
  const size = clampLimit(limit ?? MEMBER_PAGE_SIZE, 500);
  const position = decodeCursor(cursor, 2);
  const rows = await db
    .select({
      contactId: listMemberships.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      addedAt: listMemberships.addedAt,
      addedAtExact: exactTimestamp(listMemberships.addedAt),
      state: memberStateSql,
    })
    .from(listMemberships)
    .innerJoin(contacts, and(eq(contacts.id, listMemberships.contactId), eq(contacts.campingId, campsiteId)))
    .where(
      and(
        // The list was checked to be the campsite's above, and the join keeps to its contacts. No
        // camping_id test on the membership here: it tempted the planner, with fresh statistics
        // after a bulk add, to read the whole campsite's memberships instead of this index.
        eq(listMemberships.listId, listId),
        position ? sql`(${listMemberships.addedAt}, ${listMemberships.contactId}) < (${String(position[0])}::timestamptz, ${String(position[1])}::text)` : undefined,
      ),
    )
    .orderBy(sql`${listMemberships.addedAt} desc`, sql`${listMemberships.contactId} desc`)
    .limit(size + 1);
  const page = toPage(rows, size, (row) => [row.addedAtExact, row.contactId]);
  return {
    items: page.items.map(({ addedAtExact: _exact, ...member }) => member),
    nextCursor: page.nextCursor,
    // Counted with the first page only: later pages cost the same at any depth.
    total: position ? null : await countMembers(ctx, { listId }),
  };
}

export type AddOutcome = { added: number; alreadyMembers: number; memberCount: number };

/**
 * Adds contacts of the campsite by id. If any id is not a contact of the campsite, nothing is
 * added and the call answers not_found; members already in the list keep their date and state.
 */
export async function addContacts(ctx: CampsiteCtx, { listId, contactIds }: { listId: string; contactIds: string[] }): Promise<AddOutcome> {
  const { campsiteId } = ctx;
  const ids = [...new Set(contactIds)];
  return ctx.db.transaction(async (tx) => {
    await getListRow({ ...ctx, db: tx }, { listId });
    const found = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.campingId, campsiteId), inArray(contacts.id, ids)));
    if (found.length !== ids.length) {
      throw new AppError('not_found', ids.length === 1 ? 'Cliente non trovato.' : 'Uno o più clienti non esistono in questo campeggio: nessuno è stato aggiunto.');
    }
    const inserted = await tx
      .insert(listMemberships)
      .values(ids.map((contactId) => ({ campingId: campsiteId, listId, contactId })))
      .onConflictDoNothing()
      .returning({ contactId: listMemberships.contactId });
    return { added: inserted.length, alreadyMembers: ids.length - inserted.length, memberCount: await countMembers({ ...ctx, db: tx }, { listId }) };
  });
}

/** Removes one member (the contact stays); not_found when the contact is not in the list. */
export async function removeMember(ctx: CampsiteCtx, { listId, contactId }: { listId: string; contactId: string }): Promise<{ memberCount: number }> {
  const { campsiteId } = ctx;
  await getListRow(ctx, { listId });
  const removed = await ctx.db
    .delete(listMemberships)
    .where(and(eq(listMemberships.listId, listId), eq(listMemberships.campingId, campsiteId), eq(listMemberships.contactId, contactId)))
    .returning({ contactId: listMemberships.contactId });
  if (removed.length === 0) throw new AppError('not_found', 'Il cliente non è nella lista.');
  return { memberCount: await countMembers(ctx, { listId }) };
}

export type ContactChoice = { id: string; firstName: string; lastName: string; email: string | null; inList: boolean };

/** The autocomplete: up to 10 contacts of the campsite matching the words, saying who is already in the list. */
export async function searchContactsForList(
  ctx: CampsiteCtx,
  { listId, search }: { listId: string; search: string },
): Promise<ContactChoice[]> {
  const { db, campsiteId } = ctx;
  await getListRow(ctx, { listId });
  const condition = searchCondition(search);
  if (!condition) return [];
  const rows = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      inList: sql<boolean>`exists (select 1 from list_memberships m where m.list_id = ${listId} and m.contact_id = ${contacts.id})`,
    })
    .from(contacts)
    .where(and(eq(contacts.campingId, campsiteId), condition))
    .orderBy(sql`lower(${contacts.lastName})`, sql`lower(${contacts.firstName})`, contacts.id)
    .limit(10);
  return rows.map((row) => ({ ...row, inList: Boolean(row.inList) }));
}
