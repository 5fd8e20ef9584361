import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { rateLimits } from '@/db/schema';
import { REDIS_KEY_PREFIX } from '@/lib/rate-limit/core';
import { limiter } from '@/lib/rate-limit/limiter';
import { getRedis } from '@/lib/redis/client';
import { useTestDatabase } from '../helpers/db';
import { isReachable, testRedisUrl } from '../helpers/redis';

/**
 * With REDIS_URL set, limiter() counts in Redis and not in the database: set here before the
 * first env() of this file (Redis database 14, keys of this run only; skipped when unreachable).
 */
const redisUrl = testRedisUrl;
process.env.REDIS_URL = redisUrl;

const redisReachable = await isReachable(redisUrl);

const name = `prova-fabbrica-${randomUUID().slice(0, 8)}`;
let db: Database;

describe.skipIf(!redisReachable)('limiter() with REDIS_URL', () => {
  beforeAll(async () => {
    db = await useTestDatabase();
  });

  afterAll(async () => {
    const client = await getRedis()!;
    const keys: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${REDIS_KEY_PREFIX}:${name}:*`, COUNT: 100 })) keys.push(...batch);
    if (keys.length > 0) await client.del(keys);
    await client.close();
    (globalThis as { crmRedis?: unknown }).crmRedis = undefined;
  });

  it('counts in Redis, shared by two limiters, and writes nothing to rate_limits', async () => {
    const rule = { points: 2, durationSeconds: 60 };
    const processA = limiter(name, rule);
    const processB = limiter(name, rule);
    expect(await processA.consume(db, 'k')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await processB.consume(db, 'k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await processA.consume(db, 'k')).toMatchObject({ allowed: false });
    const client = await getRedis()!;
    expect(await client.get(`${REDIS_KEY_PREFIX}:${name}:k`)).toBe('3');
    expect(await db.select().from(rateLimits).where(like(rateLimits.key, `${name}%`))).toEqual([]);
    await processB.reward(db, 'k');
    expect(await processA.peek(db, 'k')).toMatchObject({ consumed: 2 });
    await processB.clear(db, 'k');
    expect(await client.exists(`${REDIS_KEY_PREFIX}:${name}:k`)).toBe(0);
  });
});
