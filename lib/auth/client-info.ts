import { env } from '@/lib/env';
import type { ClientInfo } from './service';

const PEER_HEADER = 'x-crm-peer';

/**
 * The address on the other end of the socket, as server.mjs stamped it on the request with this
 * process's secret (CRM_PEER_STAMP): a client cannot forge it. A server started otherwise (plain
 * `next start`, the tests' dispatcher) has no stamp and knows no address.
 */
function peerAddress(headers: Headers): string | null {
  const stamp = process.env.CRM_PEER_STAMP;
  const value = headers.get(PEER_HEADER);
  if (!stamp || !value?.startsWith(`${stamp} `)) return null;
  // IPv4 clients of a dual-stack socket arrive as ::ffff:1.2.3.4.
  return value.slice(stamp.length + 1).replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') || null;
}

/**
 * The caller's address. Behind our own proxy (TRUST_PROXY=1) it is the right-most
 * X-Forwarded-For entry, the one that proxy appended; else the socket's (server.mjs), whatever
 * X-Forwarded-For the client wrote. Null only when the server was not started by server.mjs.
 */
export function clientInfo(headers: Headers, trustProxy = env().TRUST_PROXY): ClientInfo {
  const userAgent = headers.get('user-agent');
  if (!trustProxy) return { ip: peerAddress(headers), userAgent };
  const forwarded = headers.get('x-forwarded-for');
  const ip = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1) ?? headers.get('x-real-ip') ?? peerAddress(headers);
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
