import { and, count, desc, eq, sql } from 'drizzle-orm';
import { contacts, listMemberships, mailingLists } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { sendableMember } from '@/lib/newsletter/audience';
import type { ListInput, ListPatch } from './validation';

export type ListRow = typeof mailingLists.$inferSelect;
/** A list with its exact member count and how many of them a newsletter would reach now. */
export type ListSummary = ListRow & { memberCount: number; sendableCount: number };

export const LIST_NOT_FOUND = 'Lista non trovata.';
/** Like templates, a campsite keeps a bounded number of lists, so the overview needs no paging. */
export const MAX_LISTS_PER_CAMPSITE = 500;

type ListRef = { listId: string };

const notFound = () => new AppError('not_found', LIST_NOT_FOUND);
const ofCampsite = (campsiteId: string, listId: string) => and(eq(mailingLists.id, listId), eq(mailingLists.campingId, campsiteId));

/** The list of the campsite, or not_found (another campsite's id is simply not found). */
export async function getListRow(ctx: CampsiteCtx, { listId }: ListRef): Promise<ListRow> {
  const [row] = await ctx.db.select().from(mailingLists).where(ofCampsite(ctx.campsiteId, listId));
  if (!row) throw notFound();
  return row;
}

/** Members and receivable members of each of the campsite's lists, by list id. */
async function countsOf({ db, campsiteId }: CampsiteCtx, listId?: string) {
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
export async function listLists(ctx: CampsiteCtx): Promise<ListSummary[]> {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select()
      .from(mailingLists)
      .where(eq(mailingLists.campingId, ctx.campsiteId))
      .orderBy(desc(mailingLists.createdAt), desc(mailingLists.id))
      .limit(MAX_LISTS_PER_CAMPSITE),
    countsOf(ctx),
  ]);
  return rows.map((row) => ({ ...row, ...(counts.get(row.id) ?? { memberCount: 0, sendableCount: 0 }) }));
}

export async function getList(ctx: CampsiteCtx, ref: ListRef): Promise<ListSummary> {
  const row = await getListRow(ctx, ref);
  const counts = await countsOf(ctx, row.id);
  return { ...row, ...(counts.get(row.id) ?? { memberCount: 0, sendableCount: 0 }) };
}

export async function createList(ctx: CampsiteCtx, { input, providerListId }: { input: ListInput; providerListId?: string | null }): Promise<ListRow> {
  const { campsiteId } = ctx;
  return ctx.db.transaction(async (tx) => {
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
export async function updateList(ctx: CampsiteCtx, { listId, patch }: ListRef & { patch: ListPatch }): Promise<ListRow> {
  const changes = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.description !== undefined ? { description: patch.description ?? '' } : {}),
  };
  const [updated] = await ctx.db
    .update(mailingLists)
    .set({ ...changes, version: sql`${mailingLists.version} + 1` })
    .where(ofCampsite(ctx.campsiteId, listId))
    .returning();
  if (!updated) throw notFound();
  return updated;
}

/** Deletes the list and its memberships (foreign key cascade); the contacts stay. */
export async function deleteList(ctx: CampsiteCtx, { listId }: ListRef): Promise<ListRow> {
  const [deleted] = await ctx.db.delete(mailingLists).where(ofCampsite(ctx.campsiteId, listId)).returning();
  if (!deleted) throw notFound();
  return deleted;
}
