import { createHash } from 'node:crypto';

// Kept by the browser only to be revalidated: an unchanged answer comes back as 304, no body.
const REVALIDATE = { 'Cache-Control': 'private, no-cache' };

/** A strong validator of the body: the same JSON always gives the same tag. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * If-None-Match compares weakly (RFC 9110 13.1.2): a proxy may hand the tag back as W/"…" or
 * merge several into a list, and `*` matches any current answer.
 */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The body as JSON with its ETag, or 304 when the request already holds the same (its If-None-Match). */
export function revalidatedJson(request: Request, body: unknown): Response {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: { ...REVALIDATE, ETag: etag } });
  return new Response(json, { headers: { ...REVALIDATE, ETag: etag, 'content-type': 'application/json' } });
}
