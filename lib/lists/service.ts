import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { sendableMember } from '@/lib/newsletter/audience';
import type { ListInput, ListPatch } from './validation';

export type ListRow = typeof mailingLists.$inferSelect;
/** A list with its exact member count and how many of them a newsletter would reach now. */
export type ListSummary = ListRow & { memberCount: number; sendableCount: number };

export const LIST_NOT_FOUND = 'Lista non trovata.';
/** Like templates, a campsite keeps a bounded number of lists, so the overview needs no paging. */
export const MAX_LISTS_PER_CAMPSITE = 500;

type Scope = { campsiteId: string };
type ListScope = Scope & { listId: string };

const notFound = () => new AppError('not_found', LIST_NOT_FOUND);
const ofCampsite = ({ campsiteId, listId }: ListScope) => and(eq(mailingLists.id, listId), eq(mailingLists.campingId, campsiteId));

/** The list of the campsite, or not_found (another campsite's id is simply not found). */
export async function getListRow(db: DbOrTx, scope: ListScope): Promise<ListRow> {
  const [row] = await db.select().from(mailingLists).where(ofCampsite(scope));
  if (!row) throw notFound();
  return row;
}

/** Members and receivable members of each of the campsite's lists, by list id. */
async function countsOf(db: DbOrTx, campsiteId: string, listId?: string) {
  const scope = and(eq(listMemberships.campingId, campsiteId), listId ? eq(listMemberships.listId, listId) : undefined);
  const [members, sendable] = await Promise.all([
    db.select({ listId: listMemberships.listId, total: count() }).from(listMemberships).where(scope).groupBy(listMemberships.listId),
    db
      .select({ listId: listMemberships.listId, total: count(sql`distinct lower(trim(${contacts.email}))`) })
      .from(listMemberships)
      .innerJoin(contacts, and(eq(contacts.id, listMemberships.contactId), eq(contacts.campingId, campsiteId)))
      .where(and(scope, sendableMember))
      .groupBy(listMemberships.listId),
  ]);
  const byList = new Map<string, { memberCount: number; sendableCount: number }>();
  for (const row of members) byList.set(row.listId, { memberCount: Number(row.total), sendableCount: 0 });
  for (const row of sendable) byList.set(row.listId, { memberCount: byList.get(row.listId)?.memberCount ?? 0, sendableCount: Number(row.total) });
  return byList;
}

/** The campsite's lists, newest first, with their counts. */
export async function listLists(db: DbOrTx, { campsiteId }: Scope): Promise<ListSummary[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(mailingLists)
      .where(eq(mailingLists.campingId, campsiteId))
      .orderBy(desc(mailingLists.createdAt), desc(mailingLists.id))
      .limit(MAX_LISTS_PER_CAMPSITE),
    countsOf(db, campsiteId),
  ]);
  return rows.map((row) => ({ ...row, ...(counts.get(row.id) ?? { memberCount: 0, sendableCount: 0 }) }));
}

export async function getList(db: DbOrTx, scope: ListScope): Promise<ListSummary> {
  const row = await getListRow(db, scope);
  const counts = await countsOf(db, scope.campsiteId, row.id);
  return { ...row, ...(counts.get(row.id) ?? { memberCount: 0, sendableCount: 0 }) };
}

export async function createList(db: DbOrTx, { campsiteId, input, providerListId }: Scope & { input: ListInput; providerListId?: string | null }): Promise<ListRow> {
  return db.transaction(async (tx) => {
    // Two creations at once take turns, so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || ':lists'))`);
    const [{ total }] = await tx.select({ total: count() }).from(mailingLists).where(eq(mailingLists.campingId, campsiteId));
    if (Number(total) >= MAX_LISTS_PER_CAMPSITE) {
      throw new AppError('conflict', `Il campeggio ha già ${MAX_LISTS_PER_CAMPSITE} liste: eliminane qualcuna prima di crearne altre.`);
    }
    const [created] = await tx
      .insert(mailingLists)
      .values({ campingId: campsiteId, name: input.name, description: input.description, providerListId: providerListId ?? null })
      .returning();
    return created;
  });
}

/** Renames and/or changes the description; __v goes up by one. */
export async function updateList(db: DbOrTx, scope: ListScope & { patch: ListPatch }): Promise<ListRow> {
  const changes = {
    ...(scope.patch.name !== undefined ? { name: scope.patch.name } : {}),
    ...(scope.patch.description !== undefined ? { description: scope.patch.description ?? '' } : {}),
  };
  const [updated] = await db
    .update(mailingLists)
    .set({ ...changes, version: sql`${mailingLists.version} + 1` })
    .where(ofCampsite(scope))
    .returning();
  if (!updated) throw notFound();
  return updated;
}

/** Deletes the list and its memberships (foreign key cascade); the contacts stay. */
export async function deleteList(db: DbOrTx, scope: ListScope): Promise<ListRow> {
  const [deleted] = await db.delete(mailingLists).where(ofCampsite(scope)).returning();
  if (!deleted) throw notFound();
  return deleted;
}
