// The route pattern of a path as Next's build knows it (/visualizzaPreventivo/[idCliente]/…), so
// that logs and metrics name the route, never the raw path with a guest's keys in it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A matcher over the build's routes-manifest.json: static routes first, then the dynamic ones in Next's order. */
export function routeMatcher(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const statics = new Map((manifest.staticRoutes ?? []).map((route) => [route.page, route.page]));
  const dynamics = (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  return (url) => {
    let pathname = (url ?? '/').split('?', 1)[0];
    if (pathname.startsWith('/_next/')) return pathname.startsWith('/_next/image') ? '/_next/image' : '/_next/static';
    if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
    try {
      pathname = decodeURI(pathname);
    } catch {
      return 'unmatched';
    }
    const known = statics.get(pathname);
    if (known) return known;
    for (const route of dynamics) if (route.regex.test(pathname)) return route.page;
    return 'unmatched';
  };
}
