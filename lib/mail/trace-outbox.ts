import { and, eq, inArray, sql } from 'drizzle-orm';
import { mailOutbox, mailTraces, type OutboxStatus } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { INTERNAL_MAIL_KINDS } from './mail-status';

// Found through the (camping_id, mail_trace_id) index: one probe per trace of the page.
const sameMail = sql`${mailOutbox.campingId} = ${mailTraces.campingId} and ${mailOutbox.mailTraceId} = ${mailTraces.id}`;

/** The status of the outbox row that delivers a trace, or null when the trace was only recorded. */
export const traceOutboxStatus = sql<OutboxStatus | null>`(select ${mailOutbox.status} from ${mailOutbox} where ${sameMail} limit 1)`;

/** True for a trace the guest did receive or was meant to: not a notice to the campsite itself. */
export const traceIsToGuest = sql<boolean>`not exists (select 1 from ${mailOutbox} where ${sameMail} and ${mailOutbox.kind} in (${sql.join(
  INTERNAL_MAIL_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}))`;

/** The outbox status of each of these traces that has an outbox row (a page of a list, at most a hundred). */
export async function outboxStatusByTrace(ctx: CampsiteCtx, traceIds: string[]): Promise<Map<string, OutboxStatus>> {
  if (traceIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ traceId: mailOutbox.mailTraceId, status: mailOutbox.status })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.campingId, ctx.campsiteId), inArray(mailOutbox.mailTraceId, traceIds)));
  return new Map(rows.flatMap((row) => (row.traceId ? [[row.traceId, row.status] as const] : [])));
}
