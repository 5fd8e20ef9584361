import { appUrl, env } from '@/lib/env';

/**
 * The address guests reach the product at, for links in mails: APP_URL when configured,
 * else the origin of the request being served, else the local default (scheduled jobs).
 */
export async function publicOrigin(): Promise<string> {
  if (env().APP_URL || !process.env.NEXT_RUNTIME) return appUrl();
  try {
    const { headers } = await import('next/headers');
    const list = await headers();
    const host = list.get('x-forwarded-host') ?? list.get('host');
    if (!host) return appUrl();
    const proto = list.get('x-forwarded-proto') ?? (host.startsWith('localhost') || host.startsWith('127.0.0.1') ? 'http' : 'https');
    return `${proto}://${host}`;
  } catch {
    // Outside a request (a scheduled job): no host to read.
    return appUrl();
  }
}
