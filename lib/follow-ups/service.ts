import { and, asc, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { contacts, followUps, quotes, users } from '@/db/schema';
import { fromRomeClock } from '@/lib/campaigns/rome-time';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { snoozedUntil } from './rome-days';
import { campsiteUser, resolveTarget } from './targets';
import type { NewFollowUp, Snooze } from './validation';

/** A follow-up as the bell, the dashboard and the histories show it. */
export type FollowUpItem = {
  id: string;
  subject: 'quote' | 'request' | 'contact';
  quoteId: string | null;
  contactId: string | null;
  /** The quote's name or the guest's, as the staff know them. */
  label: string;
  note: string;
  dueAt: Date;
  assigneeId: string;
  assigneeName: string;
  suggestion: string | null;
  doneAt: Date | null;
};

/** The bell and the panel show at most this many; nobody has more due at once and still reads them one by one. */
export const DUE_LIMIT = 50;
export const HISTORY_LIMIT = 50;
/** How far ahead the bell receives open follow-ups, so the browser counts each one as its time comes. */
export const BELL_HORIZON_MS = 36 * 3_600_000;

const open = () => and(isNull(followUps.doneAt), isNull(followUps.dismissedAt));

const itemColumns = {
  id: followUps.id,
  subject: followUps.subject,
  quoteId: followUps.quoteId,
  contactId: followUps.contactId,
  quoteName: quotes.name,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  note: followUps.note,
  dueAt: followUps.dueAt,
  assigneeId: followUps.assigneeId,
  assigneeName: users.name,
  suggestion: followUps.suggestion,
  doneAt: followUps.doneAt,
};

type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] | null };

function toItem(row: ItemRow): FollowUpItem {
  const guest = [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || row.email || 'Cliente';
  const quote = row.quoteName && row.quoteName !== 'undefined' ? `«${row.quoteName}» · ${guest}` : guest;
  return {
    id: row.id!,
    subject: row.subject!,
    quoteId: row.quoteId,
    contactId: row.contactId,
    label: row.quoteId ? quote : guest,
    note: row.note ?? '',
    dueAt: row.dueAt!,
    assigneeId: row.assigneeId!,
    assigneeName: row.assigneeName ?? '',
    suggestion: row.suggestion,
    doneAt: row.doneAt,
  };
}

/** Follow-ups with their quote, guest and assignee, walled to the campsite on every table. */
function selectItems(ctx: StaffCtx) {
  return ctx.db
    .select(itemColumns)
    .from(followUps)
    .leftJoin(quotes, and(eq(quotes.id, followUps.quoteId), eq(quotes.campingId, ctx.campsiteId)))
    .leftJoin(contacts, and(eq(contacts.id, followUps.contactId), eq(contacts.campingId, ctx.campsiteId)))
    .leftJoin(users, and(eq(users.id, followUps.assigneeId), eq(users.campingId, ctx.campsiteId)))
    .$dynamic();
}

export async function createFollowUp(ctx: StaffCtx, input: NewFollowUp, now = new Date()): Promise<{ id: string }> {
  const target = await resolveTarget(ctx, input.subject, input.targetId);
  const assigneeId = input.assigneeId ? (await campsiteUser(ctx, input.assigneeId)).id : ctx.tenant.userId;
  const dueAt = fromRomeClock(`${input.date} ${input.time}:00`);
  if (Number.isNaN(dueAt.getTime())) throw new AppError('bad_request', 'Indica una data valida.', { field: 'date' });
  // A minute of grace: «now» typed in the dialog is not already past.
  if (dueAt.getTime() < now.getTime() - 60_000) throw new AppError('bad_request', 'La data e l’ora sono già passate: scegline di future.', { field: 'date' });
  const [row] = await ctx.db
    .insert(followUps)
    .values({ campingId: ctx.campsiteId, subject: input.subject, ...target, assigneeId, createdById: ctx.tenant.userId, dueAt, note: input.note })
    .returning({ id: followUps.id });
  return row;
}

/** An open follow-up of this campsite, locked for the change; done, dismissed or another campsite's is not found. */
async function openFollowUp(ctx: StaffCtx, id: string) {
  const [row] = await ctx.db
    .select({ id: followUps.id, assigneeId: followUps.assigneeId })
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.campingId, ctx.campsiteId), open()))
    .for('update');
  if (!row) throw new AppError('not_found', 'Promemoria non trovato o già fatto.');
  return row;
}

export async function completeFollowUp(ctx: StaffCtx, id: string, now = new Date()): Promise<void> {
  await openFollowUp(ctx, id);
  await ctx.db
    .update(followUps)
    .set({ doneAt: now, doneById: ctx.tenant.userId, updatedAt: now })
    .where(and(eq(followUps.id, id), eq(followUps.campingId, ctx.campsiteId)));
}

export async function snoozeFollowUp(ctx: StaffCtx, input: { id: string; by: Snooze }, now = new Date()): Promise<{ dueAt: Date }> {
  await openFollowUp(ctx, input.id);
  const dueAt = snoozedUntil(now, input.by);
  await ctx.db.update(followUps).set({ dueAt, updatedAt: now }).where(and(eq(followUps.id, input.id), eq(followUps.campingId, ctx.campsiteId)));
  return { dueAt };
}

export async function reassignFollowUp(ctx: StaffCtx, input: { id: string; assigneeId: string }): Promise<void> {
  const user = await campsiteUser(ctx, input.assigneeId);
  await openFollowUp(ctx, input.id);
  await ctx.db
    .update(followUps)
    .set({ assigneeId: user.id, updatedAt: new Date() })
    .where(and(eq(followUps.id, input.id), eq(followUps.campingId, ctx.campsiteId)));
}

/** My open follow-ups due up to `until`, oldest first: the partial index (camping, assignee, due_at) bounds it. */
export async function openFollowUpsFor(ctx: StaffCtx, until: Date, userId = ctx.tenant.userId): Promise<FollowUpItem[]> {
  const rows = await selectItems(ctx)
    .where(and(eq(followUps.campingId, ctx.campsiteId), eq(followUps.assigneeId, userId), open(), lte(followUps.dueAt, until)))
    .orderBy(asc(followUps.dueAt), asc(followUps.id))
    .limit(DUE_LIMIT);
  return rows.map(toItem);
}

/** How many of my follow-ups are due at `now` (the tab title's first paint). */
export async function countDue(ctx: StaffCtx, now = new Date()): Promise<number> {
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(followUps)
    .where(and(eq(followUps.campingId, ctx.campsiteId), eq(followUps.assigneeId, ctx.tenant.userId), open(), lte(followUps.dueAt, now)));
  return Number(row?.count ?? 0);
}

/** Follow-ups matching `which`, open and done, newest first; dismissed suggestions are not history. */
async function history(ctx: StaffCtx, which: SQL): Promise<FollowUpItem[]> {
  const rows = await selectItems(ctx)
    .where(and(eq(followUps.campingId, ctx.campsiteId), which, isNull(followUps.dismissedAt)))
    .orderBy(desc(followUps.createdAt), desc(followUps.id))
    .limit(HISTORY_LIMIT);
  return rows.map(toItem);
}

/** A contact's follow-ups (its quotes' too). */
export const followUpsOfContact = (ctx: StaffCtx, contactId: string) => history(ctx, eq(followUps.contactId, contactId));

/** A quote's follow-ups. */
export const followUpsOfQuote = (ctx: StaffCtx, quoteId: string) => history(ctx, eq(followUps.quoteId, quoteId));
