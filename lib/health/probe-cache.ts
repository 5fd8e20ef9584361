/**
 * A probe's answer kept for a moment, on globalThis (a Next build bundles a module several times):
 * a balancer polling every second from several places costs one query a second, not one a poll,
 * and callers arriving while a probe runs share it.
 */
const CACHE = Symbol.for('crm.ops.probeCache');

type Entry = { at: number; value: Promise<unknown> };

export function cachedProbe<T>(key: string, maxAgeMs: number, probe: () => Promise<T>): Promise<T> {
  const holder = globalThis as unknown as { [CACHE]?: Map<string, Entry> };
  const cache = (holder[CACHE] ??= new Map());
  const now = Date.now();
  const entry = cache.get(key);
  if (entry && now - entry.at < maxAgeMs) return entry.value as Promise<T>;
  const value = probe();
  cache.set(key, { at: now, value });
  return value;
}
