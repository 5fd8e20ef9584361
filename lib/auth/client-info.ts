import type { ClientInfo } from './service';

/**
 * The caller's address as the nearest proxy saw it: the right-most X-Forwarded-For entry
 * (Next.js fills the header with the socket address when no proxy set it).
 */
export function clientInfo(headers: Headers): ClientInfo {
  const forwarded = headers.get('x-forwarded-for');
  const ip = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1) ?? headers.get('x-real-ip');
  return { ip: ip ?? null, userAgent: headers.get('user-agent') };
}
