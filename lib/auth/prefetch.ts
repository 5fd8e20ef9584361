/**
 * Next.js prefetches the pages that links point to. A prefetch must never change state:
 * no logout, no redirect into one.
 */
export function isPrefetch(headers: Headers): boolean {
  if (headers.get('next-router-prefetch') === '1') return true;
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose') ?? '';
  return purpose.includes('prefetch');
}
