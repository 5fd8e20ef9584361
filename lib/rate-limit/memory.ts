/**
 * A per-process fixed-window counter for the proxy, which cannot reach the database. It guards
 * the cached guest pages, whose misses never reach server code that could count them.
 */
export function createMemoryLimiter({ max, windowMs, maxKeys = 50_000 }: { max: number; windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return function hit(key: string, now = Date.now()): boolean {
    const current = windows.get(key);
    if (!current || now - current.start >= windowMs) {
      if (windows.size >= maxKeys) windows.clear();
      windows.set(key, { start: now, count: 1 });
      return false;
    }
    current.count += 1;
    return current.count > max;
  };
}
