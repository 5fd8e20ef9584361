// Next.js's incremental cache (ISR pages and unstable_cache data) in Redis, so a tag revalidated on
// one instance is gone for every instance. next.config.ts loads this file only when REDIS_URL is
// set; Next requires it at run time, outside the bundle, hence plain JavaScript.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from '@redis/client';
import { logger } from '../ops/logger.mjs';

// Pages cached by one build reference that build's scripts: a new deployment starts a cache of its own.
function buildId() {
  try {
    return readFileSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'sviluppo';
  }
}

const shared = globalThis;

CacheHandler.onCreation(() => {
  // One Redis connection per process, however many times Next creates the handler.
  if (shared.crmCacheConfig) return shared.crmCacheConfig;
  // The build renders its pages without Redis: their cache lives in the build output.
  if (process.env.NEXT_PHASE === 'phase-production-build' || !process.env.REDIS_URL) {
    return { handlers: [createLruHandler()] };
  }
  shared.crmCacheConfig = (async () => {
    const client = createClient({ url: process.env.REDIS_URL, pingInterval: 10_000 });
    client.on('error', (error) => logger.error({ err: error }, 'Cache Redis non raggiungibile'));
    try {
      await client.connect();
    } catch (error) {
      // Without the shared cache this instance would serve pages the others have dropped: fail,
      // and let the next request try again.
      shared.crmCacheConfig = undefined;
      throw error;
    }
    const prefix = `crm:next:${buildId()}:`;
    return { handlers: [createRedisHandler({ client, keyPrefix: prefix, timeoutMs: 2_000 })] };
  })();
  return shared.crmCacheConfig;
});

export default CacheHandler;
