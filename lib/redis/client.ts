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

/** Closes the process's Redis connection (graceful shutdown); one still connecting is dropped. */
export async function closeRedis(): Promise<void> {
  const connection = globalForRedis.crmRedis;
  globalForRedis.crmRedis = undefined;
  if (!connection) return;
  const client = await Promise.race([connection, new Promise<null>((resolve) => setTimeout(resolve, 200, null))]).catch(() => null);
  if (client?.isOpen) await client.close();
}
