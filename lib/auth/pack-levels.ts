import { FULL_PACK_LEVEL } from '@/lib/tenant';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Spec section 6: on localhost every user counts as level 10, but only outside production. */
export function effectivePackLevel(stored: number, hostname: string | undefined, production: boolean): number {
  if (!production && hostname && LOCAL_HOSTS.has(hostname.toLowerCase())) return FULL_PACK_LEVEL;
  return stored;
}

export function hasFullPack(packLevel: number): boolean {
  return packLevel >= FULL_PACK_LEVEL;
}
