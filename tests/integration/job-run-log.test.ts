import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { openDatabase, type DatabaseHandle } from '@/db/client';
import { createBoss } from '@/lib/jobs/boss';
import { logger } from '@/lib/ops/logger.mjs';

// Every worker of the process's pg-boss logs one line per run: queue, job id, campsite, duration
// and outcome (docs/deploy.md, «Log e metriche»), whoever wrote the worker.
let handle: DatabaseHandle;
let boss: PgBoss;

beforeAll(async () => {
  handle = openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { pgliteDir: 'memory://' });
  boss = createBoss(handle);
  boss.on('error', () => {});
  await boss.start();
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true, timeout: 1_000 });
  await handle.close();
});

async function until(done: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('the log line of a job run', () => {
  it('names the queue, the job, its campsite, the duration and the outcome, with the stack of a failure', async () => {
    const info = vi.spyOn(logger, 'info');
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const queue = `prova.log.${Math.random().toString(36).slice(2, 8)}`;
    await boss.createQueue(queue, { retryLimit: 0 });
    await boss.work<{ campsiteId: string; fail: boolean }>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job.data.fail) throw new Error('lavoro non riuscito per anna@example.it');
    });
    const okId = await boss.send(queue, { campsiteId: 'camp-ok', fail: false });
    const failedId = await boss.send(queue, { campsiteId: 'camp-ko', fail: true });
    const runLines = () => [...info.mock.calls, ...error.mock.calls].filter((call) => call[1] === 'lavoro').map((call) => call[0] as Record<string, unknown>);
    await until(() => runLines().length >= 2);

    expect(runLines().find((line) => line.jobId === okId)).toEqual({ queue, jobId: okId, campsiteId: 'camp-ok', durationMs: expect.any(Number), outcome: 'ok' });
    const failed = runLines().find((line) => line.jobId === failedId);
    expect(failed).toMatchObject({ queue, jobId: failedId, campsiteId: 'camp-ko', outcome: 'failed' });
    expect(String((failed?.err as Error).stack)).toContain('job-run-log.test.ts');
    vi.restoreAllMocks();
  });
});
