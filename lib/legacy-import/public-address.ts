import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { LegacyImportError } from './client';

/** Addresses inside a server's own networks: loopback, private, link-local, shared, unspecified, multicast. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address lies in a network of the server's own (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Refuses an old CRM whose host resolves to any internal address, before the first call: the
 * operator's screen must not make the server read its own network. Checked at the start (a host
 * that changes its answer later is not caught here; the client refuses redirects for it).
 */
export async function assertPublicHost(baseUrl: string): Promise<void> {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch (error) {
    throw new LegacyImportError(`Il vecchio CRM (${host}) non è raggiungibile: questo nome non si trova, controlla l’indirizzo.`, { cause: error });
  }
  const internal = addresses.find(isInternalAddress);
  if (internal) {
    throw new LegacyImportError(
      `Indirizzo del vecchio CRM non valido per questa schermata: «${host}» porta a una rete interna del server (${internal}). Per un vecchio CRM nella rete interna usa il comando npm run import:legacy sul server.`,
    );
  }
}
