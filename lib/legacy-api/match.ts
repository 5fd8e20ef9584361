import { AppError } from '@/lib/errors';
import type { Endpoint } from './endpoint';

type CompiledRoute = { endpoint: Endpoint; pattern: RegExp; names: string[]; staticSegments: number };

const trimSlashes = (path: string) => path.replace(/\/+$/, '') || '/';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError('bad_request', 'Un parametro del percorso non è codificato correttamente.');
  }
}

function compile(endpoint: Endpoint): CompiledRoute {
  const names: string[] = [];
  const segments = trimSlashes(endpoint.path).split('/');
  let source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  if (endpoint.lastParamOptional) source = source.replace(/\/\(\[\^\/\]\+\)$/, '(?:/([^/]+))?');
  return { endpoint, pattern: new RegExp(`^${source}$`), names, staticSegments: segments.length - names.length };
}

export type Match = { endpoint: Endpoint; params: Record<string, string> } | { methodNotAllowed: true } | null;

/** Finds the call for a path; a literal segment wins over a parameter (/getCamping/all before /getCamping/{id}). */
export function createMatcher(endpoints: Endpoint[]) {
  const routes = endpoints.map(compile).sort((a, b) => b.staticSegments - a.staticSegments);
  return (method: string, rawPath: string): Match => {
    const path = trimSlashes(rawPath);
    let pathKnown = false;
    for (const route of routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (route.endpoint.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeSegment(found[index + 1] ?? '');
      });
      return { endpoint: route.endpoint, params };
    }
    return pathKnown ? { methodNotAllowed: true } : null;
  };
}
