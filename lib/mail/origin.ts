import { requestHost } from '@/lib/auth/client-info';
import { appUrl, publicBaseUrl } from '@/lib/env';

/**
 * For entry points (server actions, pages): the base of the links in mails, APP_URL or else the
 * host this request came to (X-Forwarded-Host/-Proto only with TRUST_PROXY=1). Services take it
 * as an argument and never read headers themselves.
 */
export async function publicOrigin(): Promise<string> {
  if (!process.env.NEXT_RUNTIME) return appUrl();
  const { headers } = await import('next/headers');
  const list = await headers();
  const plainHost = list.get('host') ?? '';
  const { host, proto } = requestHost(list, plainHost.startsWith('localhost') || plainHost.startsWith('127.0.0.1') ? 'http' : 'https');
  if (!host) return publicBaseUrl(null);
  return publicBaseUrl(`${proto}://${host}`);
}
