import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { runSystemWork, type Ctx } from '@/lib/context/unit-of-work';
import { JOBS_SCHEMA } from '@/lib/jobs/boss';
import { metrics } from '@/lib/ops/metrics-registry.mjs';

type QueueRow = { name: string; state: string; count: number };
type AgeRow = { count: number; age: number | null };

/**
 * The gauges read from the database when Prometheus scrapes (GET /api/metrics): the job queues,
 * the mail outbox, the mailboxes' sync lag. Counting queries on indexed columns, a few ms each;
 * a part that fails (pg-boss's schema not created yet) leaves its gauges as they were.
 */
export async function refreshDatabaseGauges(): Promise<void> {
  await runSystemWork('metriche', async (ctx) => {
    await Promise.all([queues(ctx), outbox(ctx), mailboxLag(ctx)].map((part) => part.catch(() => undefined)));
  });
}

async function queues(ctx: Ctx) {
  const rows = resultRows<QueueRow>(
    await ctx.db.execute(
      sql`select name, state::text as state, count(*)::int as count from ${sql.identifier(JOBS_SCHEMA)}.job
          where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    ),
  );
  metrics.queueDepth.reset();
  metrics.queueActive.reset();
  metrics.queueFailed.reset();
  for (const { name, state, count } of rows) {
    if (state === 'active') metrics.queueActive.inc({ queue: name }, count);
    else if (state === 'failed') metrics.queueFailed.inc({ queue: name }, count);
    else metrics.queueDepth.inc({ queue: name }, count);
  }
}

async function outbox(ctx: Ctx) {
  const [row] = resultRows<AgeRow>(
    await ctx.db.execute(
      sql`select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as age
          from mail_outbox where status in ('pending', 'sending')`,
    ),
  );
  metrics.outboxBacklog.set(row?.count ?? 0);
  metrics.outboxOldest.set(row?.age ?? 0);
}

async function mailboxLag(ctx: Ctx) {
  const [row] = resultRows<AgeRow>(
    await ctx.db.execute(sql`select count(*)::int as count, extract(epoch from now() - min(last_sync_at))::float8 as age from mailboxes where status = 'active'`),
  );
  metrics.mailboxLag.set(row?.age ?? 0);
}
