import { env } from '@/lib/env';
import type { ClientInfo } from './service';

/**
 * The caller's address. Behind our own proxy (TRUST_PROXY=1) it is the right-most
 * X-Forwarded-For entry, the one that proxy appended. Without it the header is the client's to
 * write (Next.js fills it from the socket only when the client sent none), so the address is
 * unknown: null, and the limits by address do not apply.
 */
export function clientInfo(headers: Headers, trustProxy = env().TRUST_PROXY): ClientInfo {
  const userAgent = headers.get('user-agent');
  if (!trustProxy) return { ip: null, userAgent };
  const forwarded = headers.get('x-forwarded-for');
  const ip = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1) ?? headers.get('x-real-ip');
  return { ip: ip ?? null, userAgent };
}

/**
 * The host and protocol the client asked for: X-Forwarded-Host/-Proto only behind our own proxy
 * (TRUST_PROXY=1), else the Host header and the protocol the server itself saw.
 */
export function requestHost(headers: Headers, fallbackProto: string, trustProxy = env().TRUST_PROXY): { host: string | null; proto: string } {
  const forwardedHost = trustProxy ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const forwardedProto = trustProxy ? headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  return { host: forwardedHost || headers.get('host'), proto: forwardedProto || fallbackProto };
}
