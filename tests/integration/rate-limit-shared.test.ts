import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@redis/client';
import type { Database } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { redisLimiter, consumeOn, peekOn, type LimitRule } from '@/lib/rate-limit/core';
import { limiter } from '@/lib/rate-limit/limiter';
import { useTestDatabase } from '../helpers/db';
import { isReachable, testRedisUrl } from '../helpers/redis';

/**
 * Two limiters with the same name stand for two server processes: what one counts, the other
 * sees. On the database store (this file runs on PGlite or on the PostgreSQL of DATABASE_URL)
 * and on Redis (REDIS_TEST_URL, default 127.0.0.1:6379 database 14; skipped when unreachable).
 */
let db: Database;
beforeAll(async () => {
  db = await useTestDatabase();
});

const rule: LimitRule = { points: 3, durationSeconds: 60 };
const run = randomUUID().slice(0, 8);

describe('the database store (REDIS_URL unset)', () => {
  it('shares one count between two limiters, refuses past the limit, and says how long to wait', async () => {
    const name = `prova-db-${run}`;
    const processA = limiter(name, rule);
    const processB = limiter(name, rule);
    expect(await processA.consume(db, 'chiave')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await processB.consume(db, 'chiave')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await processA.consume(db, 'chiave')).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await processB.consume(db, 'chiave');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, consumed: 4, limit: 3 });
    expect(refused.msBeforeNext).toBeGreaterThan(55_000);
    expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Another key of the same limit, and the same key of another limit, start from zero.
    expect(await processB.consume(db, 'altra')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await limiter(`${name}-altro`, rule).consume(db, 'chiave')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, `${name}:chiave`))).toMatchObject([{ points: 4 }]);
  });

  it('gives a hit back, forgets a key, and blocks for blockSeconds across processes', async () => {
    const name = `prova-db-blocco-${run}`;
    const blocking = { points: 2, durationSeconds: 60, blockSeconds: 600 };
    const processA = limiter(name, blocking);
    const processB = limiter(name, blocking);
    await processA.consume(db, 'k');
    await processA.reward(db, 'k');
    expect(await processB.peek(db, 'k')).toMatchObject({ consumed: 0, allowed: true });
    await processA.consume(db, 'k');
    await processA.consume(db, 'k');
    const over = await processA.consume(db, 'k');
    expect(over.allowed).toBe(false);
    expect(over.msBeforeNext).toBeGreaterThan(590_000);
    const seenByB = await processB.peek(db, 'k');
    expect(seenByB).toMatchObject({ allowed: false });
    expect(seenByB!.msBeforeNext).toBeGreaterThan(590_000);
    await processB.clear(db, 'k');
    expect(await processA.peek(db, 'k')).toBeNull();
    expect(await processA.consume(db, 'k')).toMatchObject({ allowed: true, remaining: 1 });
  });
});

const redisUrl = testRedisUrl;
const redisReachable = await isReachable(redisUrl);

describe.skipIf(!redisReachable)('the Redis store', () => {
  const prefix = `crm-test-${run}`;
  const clients = [createClient({ url: redisUrl }), createClient({ url: redisUrl })];

  beforeAll(async () => {
    await Promise.all(clients.map((client) => client.connect()));
  });

  afterAll(async () => {
    const [client] = clients;
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 100 })) keys.push(...batch);
    if (keys.length > 0) await client.del(keys);
    await Promise.all(clients.map((each) => each.close()));
  });

  it('shares one count between two processes, each with its own connection', async () => {
    const [processA, processB] = clients.map((client) => redisLimiter(client as never, 'prova', rule, prefix));
    expect(await consumeOn(processA, 'chiave', rule)).toMatchObject({ allowed: true, remaining: 2 });
    expect(await consumeOn(processB, 'chiave', rule)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await consumeOn(processA, 'chiave', rule)).toMatchObject({ allowed: true, remaining: 0 });
    const refused = await consumeOn(processB, 'chiave', rule);
    expect(refused).toMatchObject({ allowed: false, consumed: 4 });
    expect(refused.msBeforeNext).toBeGreaterThan(55_000);
    expect(await peekOn(processA, 'chiave', rule)).toMatchObject({ allowed: false, consumed: 4 });
    expect(await clients[0].get(`${prefix}:prova:chiave`)).toBe('4');
    expect(await clients[0].ttl(`${prefix}:prova:chiave`)).toBeGreaterThan(55);
  });

  it('blocks for blockSeconds, seen by the other process; a key cleared starts again', async () => {
    const blocking = { points: 1, durationSeconds: 60, blockSeconds: 300 };
    const [processA, processB] = clients.map((client) => redisLimiter(client as never, 'blocco', blocking, prefix));
    await consumeOn(processA, 'k', blocking);
    expect((await consumeOn(processA, 'k', blocking)).allowed).toBe(false);
    const seenByB = await consumeOn(processB, 'k', blocking);
    expect(seenByB.allowed).toBe(false);
    expect(seenByB.msBeforeNext).toBeGreaterThan(290_000);
    await processB.delete('k');
    expect((await consumeOn(processA, 'k', blocking)).allowed).toBe(true);
  });
});

afterAll(async () => {
  await db.delete(rateLimits).where(like(rateLimits.key, `prova-db-%${run}%`));
});
