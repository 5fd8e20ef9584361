import { AsyncResource } from 'node:async_hooks';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClient } from '@/lib/redis/client';

/**
 * Shared by every limiter, whatever its store; imports no database so that proxy.ts can use it.
 * A rule: `points` hits per window of `durationSeconds`, the window opening at the first hit;
 * with `blockSeconds`, the hit past the limit blocks the key that long.
 */
export type LimitRule = { points: number; durationSeconds: number; blockSeconds?: number };

/** What one hit (or a look) found: whether it was within the limit and when the window ends. */
export type LimitState = { allowed: boolean; limit: number; remaining: number; consumed: number; msBeforeNext: number };

/** Keys of every limiter in Redis start with this, then the limiter's name. */
export const REDIS_KEY_PREFIX = 'crm:limite';

export function stateOf(res: RateLimiterRes, rule: LimitRule, allowed = res.consumedPoints <= rule.points): LimitState {
  return {
    allowed,
    limit: rule.points,
    remaining: Math.max(rule.points - res.consumedPoints, 0),
    consumed: res.consumedPoints,
    msBeforeNext: Math.max(res.msBeforeNext, 0),
  };
}

/** The seconds, then the minutes, a refused caller waits (never 0: "riprova tra 0 minuti" helps nobody). */
export const secondsLeft = (state: LimitState) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));
export const minutesLeft = (state: LimitState) => Math.max(1, Math.ceil(state.msBeforeNext / 60_000));

function options(name: string, rule: LimitRule) {
  return { keyPrefix: name, points: rule.points, duration: rule.durationSeconds, blockDuration: rule.blockSeconds ?? 0 };
}

export function memoryLimiter(name: string, rule: LimitRule): RateLimiterMemory {
  return new RateLimiterMemory(options(name, rule));
}

/**
 * A Redis limiter over our @redis/client v5 connection (`useRedisPackage`: the node-redis call
 * style, not ioredis'). While Redis cannot be reached, this process counts alone in memory
 * rather than failing every request.
 */
export function redisLimiter(client: RedisClient, name: string, rule: LimitRule, prefix = REDIS_KEY_PREFIX): RateLimiterRedis {
  return new RateLimiterRedis({
    ...options(`${prefix}:${name}`, rule),
    storeClient: client,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memoryLimiter(name, rule),
  });
}

/**
 * Runs a store call in the context this module was loaded in, not the request's. A memory store
 * (proxy.ts without Redis, or Redis's stand-in while it is down) sets a timer per key for the
 * whole window, and a timer keeps the async context it was made in: each distinct guest address
 * kept its request alive (URL, headers, abort signal…) for 10 minutes. A heap snapshot after
 * 19,000 cached views from as many addresses held 154 MB of such objects; 14 MB once outside.
 */
const outsideRequest = AsyncResource.bind(<T>(run: () => T): T => run());

/**
 * One hit: resolves with the state whether or not it was over the limit. The library rejects
 * with a RateLimiterRes when over, with an Error when the store failed (that one is thrown).
 */
export async function consumeOn(store: RateLimiterAbstract, key: string, rule: LimitRule, points = 1): Promise<LimitState> {
  try {
    return stateOf(await outsideRequest(() => store.consume(key, points)), rule, true);
  } catch (error) {
    if (error instanceof RateLimiterRes) return stateOf(error, rule, false);
    throw error;
  }
}

export async function peekOn(store: RateLimiterAbstract, key: string, rule: LimitRule): Promise<LimitState | null> {
  const res = await store.get(key);
  return res ? stateOf(res, rule) : null;
}
