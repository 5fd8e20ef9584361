import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { getRedis } from '@/lib/redis/client';
import { consumeOn, memoryLimiter, redisLimiter, type LimitRule, type LimitState } from './core';

/**
 * A limiter for proxy.ts, which must not open the database: shared in Redis when REDIS_URL is
 * set; without Redis it counts in this process's memory only, so that with N instances behind
 * a balancer a caller gets up to N times the limit (the embedded demo runs one process).
 */
export function proxyLimiter(name: string, rule: LimitRule): (key: string) => Promise<LimitState> {
  let store: Promise<RateLimiterAbstract> | RateLimiterAbstract | undefined;
  return async (key) => {
    if (!store) {
      const redis = getRedis();
      store = redis ? redis.then((client) => redisLimiter(client, name, rule)) : memoryLimiter(name, rule);
    }
    return consumeOn(await store, key, rule);
  };
}
