import { sql } from 'drizzle-orm';
import { resultRows } from '@/db/result-rows';
import { requireOperator } from '@/lib/auth/roles';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { JOBS_SCHEMA } from '@/lib/jobs/boss';
import { PERIODIC_JOBS } from './periodic-jobs';

export type JobRun = {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  retryCount: number;
  output: Record<string, unknown> | null;
};

export type ScheduledJobOverview = {
  queue: string;
  label: string;
  description: string;
  frequency: string;
  runs: JobRun[];
  /** Runs of the last 24 hours by outcome. */
  lastDay: { completed: number; failed: number; waiting: number };
};

const RECENT_RUNS = 8;

type RunRow = {
  id: string;
  name: string;
  state: JobRun['state'];
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  retry_count: number;
  output: Record<string, unknown> | null;
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The "Attività pianificate" view: each periodic job with its latest runs and the last day's
 * outcomes, read from pg-boss's own tables (the history it keeps for 14 days). Operator only:
 * the jobs serve every campsite.
 */
export async function listScheduledJobs(ctx: StaffCtx): Promise<ScheduledJobOverview[]> {
  requireOperator(ctx.tenant);
  const db = ctx.db;
  const names = PERIODIC_JOBS.map((job) => job.queue);
  const installed = resultRows<{ found: boolean }>(
    await db.execute(sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as found`),
  )[0]?.found;
  let recent: RunRow[] = [];
  let counts: { name: string; state: string; n: number }[] = [];
  if (installed) {
    const job = sql.identifier(JOBS_SCHEMA);
    recent = resultRows<RunRow>(
      await db.execute(sql`
        select r.id, r.name, r.state, r.created_on, r.started_on, r.completed_on, r.retry_count, r.output
        from unnest(${sql.param(names)}::text[]) as q(name)
        cross join lateral (
          select id, name, state, created_on, started_on, completed_on, retry_count, output
          from ${job}.job where name = q.name order by created_on desc limit ${RECENT_RUNS}
        ) r`),
    );
    counts = resultRows(
      await db.execute(sql`
        select name, state, count(*)::int as n from ${job}.job
        where name = any(${sql.param(names)}::text[]) and created_on > now() - interval '1 day'
        group by name, state`),
    );
  }
  return PERIODIC_JOBS.map((job) => {
    const count = (states: string[]) => counts.filter((row) => row.name === job.queue && states.includes(row.state)).reduce((sum, row) => sum + row.n, 0);
    return {
      queue: job.queue,
      label: job.label,
      description: job.description,
      frequency: job.frequency,
      runs: recent
        .filter((row) => row.name === job.queue)
        .map((row) => ({
          id: row.id,
          state: row.state,
          createdOn: new Date(row.created_on),
          startedOn: asDate(row.started_on),
          completedOn: asDate(row.completed_on),
          retryCount: row.retry_count,
          output: row.output,
        })),
      lastDay: { completed: count(['completed']), failed: count(['failed']), waiting: count(['created', 'retry', 'active']) },
    };
  });
}
