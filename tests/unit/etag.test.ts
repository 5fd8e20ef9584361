import { describe, expect, it } from 'vitest';
import { revalidatedJson } from '@/lib/http/etag';

const poll = (ifNoneMatch?: string) => new Request('http://localhost/api/internal/mail-unread', { headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });

describe('revalidatedJson', () => {
  it('answers the JSON with an ETag the browser keeps only to revalidate', async () => {
    const response = revalidatedJson(poll(), { unread: 3 });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(await response.json()).toEqual({ unread: 3 });
  });

  it('answers 304 with no body when the poll already holds the same answer', async () => {
    const etag = revalidatedJson(poll(), { unread: 3 }).headers.get('etag')!;
    const response = revalidatedJson(poll(etag), { unread: 3 });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(etag);
    expect(await response.text()).toBe('');
  });

  it('matches the tag handed back weak or inside a list, as proxies do', () => {
    const etag = revalidatedJson(poll(), { unread: 3 }).headers.get('etag')!;
    expect(revalidatedJson(poll(`W/${etag}`), { unread: 3 }).status).toBe(304);
    expect(revalidatedJson(poll(`"older", ${etag}`), { unread: 3 }).status).toBe(304);
    expect(revalidatedJson(poll('*'), { unread: 3 }).status).toBe(304);
  });

  it('answers the new body when the count changed', async () => {
    const etag = revalidatedJson(poll(), { unread: 3 }).headers.get('etag')!;
    const response = revalidatedJson(poll(etag), { unread: 4 });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).not.toBe(etag);
    expect(await response.json()).toEqual({ unread: 4 });
  });
});
