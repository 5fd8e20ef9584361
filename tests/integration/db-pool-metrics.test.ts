import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { countPoolUse } from '@/lib/ops/db-pool-use.mjs';
import { metrics } from '@/lib/ops/metrics-registry.mjs';
import { parseMetrics, sampleSum } from '../helpers/prometheus';

/**
 * crm_db_pool_in_use and crm_db_pool_max as /api/metrics serializes them (the process's one
 * registry): a pool counted like db/client.ts counts its two, held by open transactions and
 * running queries, and given back when each ends, also when it fails. PostgreSQL only: PGlite has
 * no pool, so no sample.
 */
const url = process.env.DATABASE_URL;
const POOL = 'prova';

async function gauges() {
  const samples = parseMetrics(await metrics.registry.metrics());
  return { inUse: sampleSum(samples, 'crm_db_pool_in_use', { pool: POOL }), max: sampleSum(samples, 'crm_db_pool_max', { pool: POOL }) };
}

describe.skipIf(!url)('the database pool gauge', () => {
  const raw = postgres(url ?? '', { max: 4, onnotice: () => {} });
  // A label of its own, so the count is this test's alone whatever else the process opened.
  const { client, release } = countPoolUse(raw, POOL as 'app');
  afterAll(async () => {
    release();
    await raw.end();
  });

  it('counts open transactions and running queries, and gives them back, failures included', async () => {
    expect(await gauges()).toEqual({ inUse: 0, max: 4 });
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const transactions = [1, 2].map(() => client.begin(async (sql) => {
      await sql`select 1`;
      await held;
    }));
    const slow = client.unsafe('select pg_sleep(0.3)');
    await expect.poll(async () => (await gauges()).inUse).toBe(3);
    await slow;
    await expect.poll(async () => (await gauges()).inUse).toBe(2);
    open();
    await Promise.all(transactions);
    expect((await gauges()).inUse).toBe(0);

    await expect(client.begin(async (sql) => sql`select * from no_such_table`)).rejects.toThrow();
    await expect(client.unsafe('select * from no_such_table')).rejects.toThrow();
    expect(await gauges()).toEqual({ inUse: 0, max: 4 });
  });
});
