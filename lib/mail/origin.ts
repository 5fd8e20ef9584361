import { appUrl, publicBaseUrl } from '@/lib/env';

/**
 * For entry points (server actions, pages): the base of the links in mails, APP_URL or else the
 * host this request came to. Services take it as an argument and never read headers themselves.
 */
export async function publicOrigin(): Promise<string> {
  if (!process.env.NEXT_RUNTIME) return appUrl();
  const { headers } = await import('next/headers');
  const list = await headers();
  const host = list.get('x-forwarded-host') ?? list.get('host');
  if (!host) return publicBaseUrl(null);
  const proto = list.get('x-forwarded-proto') ?? (host.startsWith('localhost') || host.startsWith('127.0.0.1') ? 'http' : 'https');
  return publicBaseUrl(`${proto}://${host}`);
}
