import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { campsites, productUpdates, productUpdateTargets, productUpdateViews, users } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { requireOperator } from '@/lib/auth/roles';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { sanitizeHtml } from '@/lib/html/sanitize';
import { decodeCursor, exactTimestamp, toPage, type Page } from '@/lib/pagination';
import type { NewUpdate } from './validation';
import { hasVisibleText } from '@/lib/html/text';

export type ProductUpdate = { id: string; title: string; html: string; audience: 'all' | 'selected'; createdAt: Date };
export type HistoryEntry = ProductUpdate & { viewed: boolean };
export type ManagedUpdate = ProductUpdate & { targets: { id: string; name: string }[] };

export const UPDATE_PAGE_SIZE = 20;
/** The operator's target picker lists every campsite; far more than the provider will ever have. */
export const UPDATABLE_CAMPSITES_MAX = 2000;

const columns = { id: productUpdates.id, title: productUpdates.title, html: productUpdates.html, audience: productUpdates.audience, createdAt: productUpdates.createdAt };

/** An update reaches a campsite when it goes to all of them or names that one. */
const reaches = (campsiteId: string) =>
  sql`(${productUpdates.audience} = 'all' or exists (select 1 from ${productUpdateTargets} where ${productUpdateTargets.updateId} = ${productUpdates.id} and ${productUpdateTargets.campingId} = ${campsiteId}))`;

const viewedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${productUpdateViews} where ${productUpdateViews.updateId} = ${productUpdates.id} and ${productUpdateViews.userId} = ${userId})`;

const newestFirst = [desc(productUpdates.createdAt), desc(productUpdates.id)];

function keysetBefore(cursor: string | undefined) {
  const before = decodeCursor(cursor, 2);
  return before ? sql`(${productUpdates.createdAt}, ${productUpdates.id}) < (${String(before[0])}::timestamptz, ${String(before[1])})` : undefined;
}

/**
 * The popup's update: the newest one reaching the caller's campsite that the caller has not
 * closed. Updates posted before the account existed go straight to the history: a new user
 * starts with the product as it is, not with a pile of old news.
 */
export async function latestUnseenUpdate(ctx: StaffCtx): Promise<ProductUpdate | null> {
  const [row] = await ctx.db
    .select(columns)
    .from(productUpdates)
    .where(
      and(
        reaches(ctx.campsiteId),
        sql`not ${viewedBy(ctx.tenant.userId)}`,
        sql`${productUpdates.createdAt} >= (select ${users.createdAt} from ${users} where ${users.id} = ${ctx.tenant.userId})`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
}

/** Closing the popup: once per user; an update that does not reach the campsite is a 404. */
export async function markUpdateViewed(ctx: StaffCtx, updateId: string): Promise<void> {
  const [found] = await ctx.db.select({ id: productUpdates.id }).from(productUpdates).where(and(eq(productUpdates.id, updateId), reaches(ctx.campsiteId)));
  if (!found) throw new AppError('not_found', 'Novità non trovata.');
  await ctx.db.insert(productUpdateViews).values({ campingId: ctx.campsiteId, updateId, userId: ctx.tenant.userId }).onConflictDoNothing();
}

/** Every update that reached the campsite, newest first, with whether the caller has seen it. */
export async function listUpdateHistory(ctx: StaffCtx, options: { cursor?: string } = {}): Promise<Page<HistoryEntry>> {
  const rows = await ctx.db
    .select({ ...columns, viewed: viewedBy(ctx.tenant.userId), at: exactTimestamp(productUpdates.createdAt) })
    .from(productUpdates)
    .where(and(reaches(ctx.campsiteId), keysetBefore(options.cursor)))
    .orderBy(...newestFirst)
    .limit(UPDATE_PAGE_SIZE + 1);
  const page = toPage(rows, UPDATE_PAGE_SIZE, (row) => [row.at, row.id]);
  return { ...page, items: page.items.map(({ at: _at, ...entry }) => entry) };
}

/** The operator's list: every update with the campsites it names. */
export async function listAllUpdates(ctx: StaffCtx, options: { cursor?: string } = {}): Promise<Page<ManagedUpdate>> {
  requireOperator(ctx.tenant);
  const rows = await ctx.db
    .select({ ...columns, at: exactTimestamp(productUpdates.createdAt) })
    .from(productUpdates)
    .where(keysetBefore(options.cursor))
    .orderBy(...newestFirst)
    .limit(UPDATE_PAGE_SIZE + 1);
  const page = toPage(rows, UPDATE_PAGE_SIZE, (row) => [row.at, row.id]);
  const ids = page.items.map((row) => row.id);
  const targets = ids.length
    ? await ctx.db
        .select({ updateId: productUpdateTargets.updateId, id: campsites.id, name: campsites.name })
        .from(productUpdateTargets)
        .innerJoin(campsites, eq(campsites.id, productUpdateTargets.campingId))
        .where(inArray(productUpdateTargets.updateId, ids))
        .orderBy(asc(campsites.name))
    : [];
  const items = page.items.map(({ at: _at, ...row }) => ({ ...row, targets: targets.filter((target) => target.updateId === row.id).map(({ id, name }) => ({ id, name })) }));
  return { items, nextCursor: page.nextCursor };
}

/** The campsites an update can be sent to (/getUpdatableCampings): all of them, by name. */
export async function updatableCampsites(ctx: StaffCtx): Promise<{ id: string; name: string }[]> {
  requireOperator(ctx.tenant);
  return ctx.db.select({ id: campsites.id, name: campsites.name }).from(campsites).orderBy(asc(campsites.name), asc(campsites.id)).limit(UPDATABLE_CAMPSITES_MAX);
}

/** Posts an update: HTML sanitized on the way in, targets checked, audited in the operator's campsite. */
export async function createUpdate(ctx: StaffCtx, input: NewUpdate): Promise<ManagedUpdate> {
  requireOperator(ctx.tenant);
  const html = sanitizeHtml(input.testo).trim();
  if (!hasVisibleText(html)) throw new AppError('bad_request', 'Scrivi il testo della novità');
  return ctx.db.transaction(async (tx) => {
    const targets = input.audience === 'selected' ? await tx.select({ id: campsites.id, name: campsites.name }).from(campsites).where(inArray(campsites.id, input.campings)).orderBy(asc(campsites.name)) : [];
    if (targets.length !== (input.audience === 'selected' ? input.campings.length : 0)) throw new AppError('not_found', 'Uno dei campeggi scelti non esiste più: ricarica la pagina.');
    const [row] = await tx.insert(productUpdates).values({ title: input.titolo, html, audience: input.audience, authorUserId: ctx.tenant.userId }).returning(columns);
    if (targets.length > 0) await tx.insert(productUpdateTargets).values(targets.map((target) => ({ campingId: target.id, updateId: row.id })));
    const audience = input.audience === 'all' ? 'tutti i campeggi' : targets.map((target) => target.name).join(', ');
    await recordAudit({ ...ctx, db: tx }, {
      campsiteId: ctx.campsiteId,
      action: 'update.create',
      entityId: row.id,
      summary: `Novità «${row.title}» pubblicata per ${audience}`,
      after: { title: row.title, audience: row.audience, campsites: targets.map((target) => target.name) },
    });
    return { ...row, targets };
  });
}

export async function deleteUpdate(ctx: StaffCtx, updateId: string): Promise<ProductUpdate> {
  requireOperator(ctx.tenant);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(productUpdates).where(eq(productUpdates.id, updateId)).returning(columns);
    if (!row) throw new AppError('not_found', 'Novità non trovata.');
    await recordAudit({ ...ctx, db: tx }, { campsiteId: ctx.campsiteId, action: 'update.delete', entityId: row.id, summary: `Novità «${row.title}» eliminata`, before: { title: row.title, audience: row.audience } });
    return row;
  });
}
