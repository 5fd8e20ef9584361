import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLegacy } from '@/lib/legacy-import/client';
import type { LegacyPage } from '@/lib/legacy-import/kind';
import { streamPages } from '@/lib/legacy-import/stream-pages';

type Element = { _id: string; date_creation: string };

/** `count` records newest first; every third pair shares its creation millisecond, as bulk inserts do. */
const records = (count: number): Element[] =>
  Array.from({ length: count }, (_, i) => ({ _id: `q${String(count - i).padStart(3, '0')}`, date_creation: new Date(Date.UTC(2026, 0, 1) + Math.floor((count - i) / 2) * 1000).toISOString() }));

/** An old CRM whose /getQuote/all sends `list()`, one element every `gapMs`; its first answer may fall silent for `stall.ms` after `stall.after` elements. */
async function slowOldCrm(list: () => Element[], gapMs: number, stall?: { after: number; ms: number }) {
  let streams = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.url === '/api/users/login') return response.end(JSON.stringify({ token: 't', user: { _id: 'u1', camping: 'c1', email: 'staff@vecchio.example' } }));
      streams++;
      const items = list();
      let i = 0;
      let silentUntil = 0;
      const stalls = streams === 1 && stall;
      response.write('[');
      const timer = setInterval(() => {
        if (response.destroyed) return clearInterval(timer);
        if (stalls && i === stall.after && !silentUntil) silentUntil = Date.now() + stall.ms;
        if (Date.now() < silentUntil) return;
        if (i === items.length) {
          clearInterval(timer);
          return response.end(']');
        }
        response.write((i ? ',' : '') + JSON.stringify(items[i++]));
      }, gapMs);
      response.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, streams: () => streams, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** The pages as the runner takes them; `writeMs`: the time each page's write holds the stream. */
async function collect(pages: AsyncGenerator<LegacyPage>, { stopAfter = Infinity, writeMs = 0 } = {}) {
  const seen: LegacyPage[] = [];
  for await (const page of pages) {
    seen.push(page);
    if (seen.length === stopAfter) break;
    await sleep(writeMs);
  }
  return seen;
}
const ids = (pages: LegacyPage[]) => pages.flatMap((page) => page.items.map((item) => (item as Element)._id));

describe('a quotes stream read in pages', () => {
  it('is never cut for being long: one answer, while writing its pages takes longer than the timeout in all', async () => {
    const all = records(40);
    const old = await slowOldCrm(() => all, 2);
    close = old.close;
    const client = await connectLegacy({ baseUrl: old.url, email: 'staff@vecchio.example', password: 'x', timeoutMs: 400, ratePerSecond: 1000 });
    const pages = await collect(streamPages(client, '/getQuote/all', { cursor: null, page: 0, done: false }, 7), { writeMs: 150 });
    expect(old.streams()).toBe(1);
    expect(ids(pages)).toEqual(all.map((item) => item._id));
  });

  it('is opened again where an answer fell silent longer than the timeout, and brings every record once, in order', async () => {
    const all = records(40);
    const old = await slowOldCrm(() => all, 2, { after: 17, ms: 1500 });
    close = old.close;
    const client = await connectLegacy({ baseUrl: old.url, email: 'staff@vecchio.example', password: 'x', timeoutMs: 400, ratePerSecond: 1000 });
    const pages = await collect(streamPages(client, '/getQuote/all', { cursor: null, page: 0, done: false }, 7));
    expect(old.streams()).toBe(2);
    expect(ids(pages)).toEqual(all.map((item) => item._id));
    expect(pages.map((page) => page.items.length)).toEqual([7, 7, 7, 7, 7, 5]);
    expect(pages.at(-1)?.cursor).toBeNull();
  });

  it('resumes after the last record written even when the old system deleted one before it meanwhile', async () => {
    let list = records(30);
    const old = await slowOldCrm(() => list, 1);
    close = old.close;
    const client = await connectLegacy({ baseUrl: old.url, email: 'staff@vecchio.example', password: 'x', ratePerSecond: 1000 });
    // Killed after two pages; the second ends inside a millisecond shared with the first record of the third.
    const written = await collect(streamPages(client, '/getQuote/all', { cursor: null, page: 0, done: false }, 7), { stopAfter: 2 });
    const checkpoint = { cursor: written[1].cursor, page: 2, done: false };
    const original = list.map((item) => item._id);
    list = list.filter((item) => item._id !== original[3]);
    const rest = await collect(streamPages(client, '/getQuote/all', checkpoint, 7));
    expect(ids(rest)).toEqual(original.slice(14));
  });
});
