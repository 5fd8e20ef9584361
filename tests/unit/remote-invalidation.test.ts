import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/internal/revalidate/route';
import { REVALIDATE_PATH, invalidateOutsideRequest, isValidRevalidation, signRevalidation } from '@/lib/cache/remote-invalidation';
import { cacheTags } from '@/lib/cache/tags';

const SECRET = process.env.AUTH_SECRET!;

function revalidateRequest(body: string, headers: Record<string, string>) {
  return new Request(`http://localhost${REVALIDATE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

describe('signed revalidation calls', () => {
  const body = JSON.stringify({ tags: [cacheTags.quote('q1')] });

  it('accepts its own signature and refuses a changed body, another secret or an old call', () => {
    const headers = new Headers(signRevalidation(SECRET, body));
    expect(isValidRevalidation(SECRET, headers, body)).toBe(true);
    expect(isValidRevalidation(SECRET, headers, body.replace('q1', 'q2'))).toBe(false);
    expect(isValidRevalidation(`${SECRET}x`, headers, body)).toBe(false);
    const old = new Headers(signRevalidation(SECRET, body, Date.now() - 6 * 60 * 1000));
    expect(isValidRevalidation(SECRET, old, body)).toBe(false);
  });

  it('the route answers 401 without a valid signature, 400 for a tag it does not know, 413 past its size', async () => {
    expect((await POST(revalidateRequest(body, {}))).status).toBe(401);
    const forged = { ...signRevalidation(SECRET, body), 'x-crm-signature': 'a'.repeat(64) };
    expect((await POST(revalidateRequest(body, forged))).status).toBe(401);
    const unknownTag = JSON.stringify({ tags: ['_N_T_/layout'] });
    const refused = await POST(revalidateRequest(unknownTag, signRevalidation(SECRET, unknownTag)));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'Elenco di tag non valido.' });
    const huge = JSON.stringify({ tags: [cacheTags.quote('x'.repeat(70_000))] });
    expect((await POST(revalidateRequest(huge, signRevalidation(SECRET, huge)))).status).toBe(413);
  });
});

describe('invalidateOutsideRequest', () => {
  const received: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the tags, signed, in calls of at most 200 that the route would accept', async () => {
    received.length = 0;
    const tags = Array.from({ length: 450 }, (_, index) => cacheTags.quote(`q${index}`));
    await invalidateOutsideRequest(tags, baseUrl);
    expect(received.map((call) => call.path)).toEqual([REVALIDATE_PATH, REVALIDATE_PATH, REVALIDATE_PATH]);
    expect(received.flatMap((call) => JSON.parse(call.body).tags)).toEqual(tags);
    for (const call of received) {
      const headers = new Headers(Object.entries(call.headers).map(([name, value]): [string, string] => [name, String(value)]));
      expect(isValidRevalidation(SECRET, headers, call.body)).toBe(true);
    }
  });

  it('sends nothing for no tags, and a server that refuses does not fail the job', async () => {
    received.length = 0;
    await invalidateOutsideRequest([], baseUrl);
    expect(received).toHaveLength(0);
    status = 500;
    await expect(invalidateOutsideRequest([cacheTags.quote('q1')], baseUrl)).resolves.toBeUndefined();
    expect(received).toHaveLength(1);
    status = 200;
  });
});
