import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { auditLog } from '@/db/schema';
import { requireAdmin } from '@/lib/auth/roles';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { exactTimestamp } from '@/lib/pagination';
import type { AuditAction } from './actions';
import type { AuditSnapshot } from './fields';

export type AuditEntry = typeof auditLog.$inferSelect;
export type AuditInput<A extends AuditAction = AuditAction> = {
  /** The campsite whose admins may read the entry (the one changed, or the actor's for a deleted campsite). */
  campsiteId: string;
  action: A;
  entityId?: string | null;
  summary: string;
  /** Only the fields the registry (./fields.ts) lists for the action's entity: each has a label and a formatter. */
  before?: AuditSnapshot<A> | null;
  after?: AuditSnapshot<A> | null;
};

/** Only the keys whose value changed, so an entry says what was done and not the whole record. */
export function changedKeys<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])) as Partial<T>, after: Object.fromEntries(keys.map((key) => [key, after[key]])) as Partial<T> };
}

/**
 * Written in the caller's transaction: no change without its entry, no entry without its change.
 * The campsite is the input's: the operator's entries may belong to another campsite.
 */
export async function recordAudit<A extends AuditAction>(ctx: StaffCtx, input: AuditInput<A>): Promise<void> {
  await ctx.db.insert(auditLog).values({
    campingId: input.campsiteId,
    actorUserId: ctx.tenant.userId,
    actorEmail: ctx.tenant.email,
    action: input.action,
    entityId: input.entityId ?? null,
    summary: input.summary,
    before: input.before ?? null,
    after: input.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 30;

/** The campsite's log, newest first, paged by (created_at, id); admins of that campsite only. */
export async function listAudit(ctx: StaffCtx, options: { before?: { createdAt: string; id: string } } = {}): Promise<(AuditEntry & { cursorAt: string })[]> {
  requireAdmin(ctx.tenant);
  const cursor = options.before ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${options.before.createdAt}::timestamptz, ${options.before.id})` : undefined;
  // cursorAt keeps the microseconds a Date would round away, so the next page skips no entry.
  return ctx.db
    .select({ ...getTableColumns(auditLog), cursorAt: exactTimestamp(auditLog.createdAt) })
    .from(auditLog)
    .where(and(eq(auditLog.campingId, ctx.campsiteId), cursor))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
}
