import { createClient, type RedisClientType } from '@redis/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/ops/logger.mjs';

export type RedisClient = RedisClientType;

const globalForRedis = globalThis as unknown as { crmRedis?: Promise<RedisClient> };

/** The process's one Redis connection, or null when REDIS_URL is not set. */
export function getRedis(): Promise<RedisClient> | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  let connection = globalForRedis.crmRedis;
  if (!connection) {
    const client: RedisClient = createClient({ url });
    // A dropped connection reconnects by itself; say so in the log instead of crashing the process.
    client.on('error', (error: unknown) => logger.error({ err: error }, 'Redis non raggiungibile'));
    connection = client.connect().then(() => client);
    globalForRedis.crmRedis = connection;
  }
  return connection;
}
