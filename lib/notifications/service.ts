import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { preparedRows } from '@/db/client';
import { notifications, type NotificationGroup } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { z } from '@/lib/validation';

/** The panel and the legacy /getNotifications show five at a time (spec section 2). */
export const NOTIFICATION_PAGE_SIZE = 5;
/**
 * The legacy call and the panel page by number (offset over the (camping_id, created_at, id) index,
 * not a keyset cursor): cheap only so deep, and nobody pages 2,000 times through a bell.
 */
export const MAX_NOTIFICATION_PAGE = 2_000;
/** 'Segna come lette' sends the visible ones; a few pages' worth is the most a client may ask. */
export const MAX_IDS_PER_CALL = 100;

/** Groups that wait for the staff to act (a request to answer, an acceptance to book, a guest's question): the tab title warns about them. */
export const ACTION_GROUPS: NotificationGroup[] = ['richiesta', 'accettazione', 'domanda'];

export const pageIndexSchema = z.coerce.number().int().min(0).max(MAX_NOTIFICATION_PAGE);
/** Empty (or what a script sends for a missing id) means 'nothing to mark', not an error (spec section 5). */
export const notificationIdSchema = z
  .string()
  .trim()
  .max(100)
  .transform((id) => (id === 'undefined' || id === 'null' ? '' : id));

const columns = {
  id: notifications.id,
  group: notifications.group,
  title: notifications.title,
  description: notifications.description,
  quoteId: notifications.quoteId,
  contactId: notifications.contactId,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};
export type NotificationRow = Omit<typeof notifications.$inferSelect, 'campingId'>;

export type NotificationStatus = {
  /** Changes whenever the unread set or the newest notification changes; equal stamps mean nothing to fetch. */
  stamp: string;
  unread: number;
  /** Unread notifications of the action groups. */
  outstanding: number;
};

const ownedBy = (campsiteId: string) => eq(notifications.campingId, campsiteId);
const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

/** One page, newest first, with the campsite's total (`count`, as the legacy result names it) and unread count. */
export async function listNotifications(ctx: CampsiteCtx, options: { page?: number; pageSize?: number } = {}) {
  const pageSize = Math.min(Math.max(options.pageSize ?? NOTIFICATION_PAGE_SIZE, 1), MAX_IDS_PER_CALL);
  const page = Math.min(Math.max(options.page ?? 0, 0), MAX_NOTIFICATION_PAGE);
  const notif: NotificationRow[] = await ctx.db
    .select(columns)
    .from(notifications)
    .where(ownedBy(ctx.campsiteId))
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset(page * pageSize);
  // Two counts, each from its own index (the total from (camping_id, created_at, id) alone, the
  // unread from the partial index): one count with a filter on read_at would read every row.
  const all = ctx.db.select({ total: sql<number>`count(*)::int`.as('total') }).from(notifications).where(ownedBy(ctx.campsiteId)).as('a');
  const unread = ctx.db
    .select({ unread: sql<number>`count(*)::int`.as('unread') })
    .from(notifications)
    .where(and(ownedBy(ctx.campsiteId), isNull(notifications.readAt)))
    .as('u');
  const [totals] = await ctx.db.select().from(all).crossJoin(unread);
  return { notif, count: Number(totals?.a.total ?? 0), unread: Number(totals?.u.unread ?? 0), page, pageSize };
}

/** Every notification, newest first, in keyset batches: the legacy 'All' call never holds them all in memory. */
export async function* walkNotifications(ctx: CampsiteCtx, batchSize = 200): AsyncGenerator<NotificationRow> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    // A row comparison, so the (camping_id, created_at, id) index bounds the scan at any depth.
    const position = after ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
    const rows: NotificationRow[] = await ctx.db
      .select(columns)
      .from(notifications)
      .where(and(ownedBy(ctx.campsiteId), position))
      .orderBy(...newestFirst)
      .limit(batchSize);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

// The bell polls every 30 seconds from every open tab: a fixed text, prepared once per connection.
// The newest entry in whole milliseconds, as a Date of it would give (the stamp keeps its form).
const STAMP = `select u.unread, u.outstanding, floor(extract(epoch from n.created_at) * 1000)::float8 as "newestAt", n.id as "newestId"
  from (select count(*)::int as unread, (count(*) filter (where "group" in (${ACTION_GROUPS.map((group) => `'${group}'`).join(', ')})))::int as outstanding
        from notifications where camping_id = $1 and read_at is null) u
  left join (select created_at, id from notifications where camping_id = $1 order by created_at desc, id desc limit 1) n on true`;

/**
 * The polling answer: one statement, two index lookups (the partial unread index and the newest
 * entry of (camping_id, created_at, id)), no list. Reading one marks it read and lowers the count;
 * a new one moves the newest entry; so either way the stamp changes.
 */
export async function notificationStamp(ctx: CampsiteCtx): Promise<NotificationStatus> {
  const [row] = await preparedRows<{ unread: number; outstanding: number; newestAt: number | null; newestId: string | null }>(ctx.db, 'crm_notification_stamp', STAMP, [ctx.campsiteId]);
  const counts = { unread: Number(row?.unread ?? 0), outstanding: Number(row?.outstanding ?? 0) };
  return { stamp: `${counts.unread}.${Number(row?.newestAt ?? 0)}.${row?.newestId ?? ''}`, ...counts };
}

/**
 * Marks one read; an empty id does nothing (spec section 5). An id the campsite does not have is
 * not found, whoever owns it; one already read stays as it was. Returns whether it changed.
 */
export async function markRead(ctx: CampsiteCtx, id: string): Promise<boolean> {
  if (id.trim() === '') return false;
  const changed = await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(ctx.campsiteId), eq(notifications.id, id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (changed.length > 0) return true;
  const [exists] = await ctx.db.select({ id: notifications.id }).from(notifications).where(and(ownedBy(ctx.campsiteId), eq(notifications.id, id))).limit(1);
  if (!exists) throw new AppError('not_found', 'Notifica non trovata.');
  return false;
}

/** The visible ones at once; ids of other campsites or already read are skipped. Returns how many changed. */
export async function markManyRead(ctx: CampsiteCtx, ids: string[]): Promise<number> {
  const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (wanted.length === 0) return 0;
  if (wanted.length > MAX_IDS_PER_CALL) throw new AppError('bad_request', `Al massimo ${MAX_IDS_PER_CALL} notifiche per volta.`);
  const changed = await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(ctx.campsiteId), inArray(notifications.id, wanted), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

export async function markAllRead(ctx: CampsiteCtx): Promise<number> {
  const changed = await ctx.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(ctx.campsiteId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}
