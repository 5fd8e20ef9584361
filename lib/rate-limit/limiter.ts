import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DbOrTx } from '@/db/client';
import { getRedis } from '@/lib/redis/client';
import { consumeOn, peekOn, redisLimiter, type LimitRule, type LimitState } from './core';
import { databaseLimiter } from './database-store';

export { minutesLeft, secondsLeft, type LimitRule, type LimitState } from './core';

export type Limiter = {
  readonly rule: LimitRule;
  /** Counts one hit (or `points`) of the key and answers whether it was within the limit. */
  consume(db: DbOrTx, key: string, points?: number): Promise<LimitState>;
  /** The key's current window without counting, or null when it has none. */
  peek(db: DbOrTx, key: string): Promise<LimitState | null>;
  /** Gives a hit back (an attempt that turned out legitimate). */
  reward(db: DbOrTx, key: string, points?: number): Promise<void>;
  /** Forgets the key: a new window starts at its next hit. */
  clear(db: DbOrTx, key: string): Promise<void>;
};

/**
 * A rate limit every server process shares: counted in Redis when REDIS_URL is set, else in the
 * database's table rate_limits (rate-limiter-flexible over either). `name` keeps the keys of
 * different limits apart; two limiters with the same name count the same keys, as two
 * processes do. The database store works on the handle the caller passes (a test's database,
 * or a transaction), so every call takes `db`; with Redis it is not used.
 */
export function limiter(name: string, rule: LimitRule): Limiter {
  let redisStore: Promise<RateLimiterAbstract> | undefined;
  const databaseStores = new WeakMap<DbOrTx, RateLimiterAbstract>();

  function store(db: DbOrTx): Promise<RateLimiterAbstract> | RateLimiterAbstract {
    const redis = getRedis();
    if (redis) {
      redisStore ??= redis.then((client) => redisLimiter(client, name, rule));
      return redisStore;
    }
    let found = databaseStores.get(db);
    if (!found) {
      found = databaseLimiter(db, name, rule);
      databaseStores.set(db, found);
    }
    return found;
  }

  return {
    rule,
    consume: async (db, key, points = 1) => consumeOn(await store(db), key, rule, points),
    peek: async (db, key) => peekOn(await store(db), key, rule),
    reward: async (db, key, points = 1) => {
      await (await store(db)).reward(key, points);
    },
    clear: async (db, key) => {
      await (await store(db)).delete(key);
    },
  };
}
