import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * A node:http request as the WHATWG Request a route handler receives, and its Response streamed
 * back: the legacy API answers its '/all' lists while it reads them, and the importer must see
 * them arrive the same way as from a deployed server. `stamp` marks the socket's address the way
 * server.mjs does (lib/auth/client-info.ts), so the limits by address apply as in production.
 */
export function bridge(handler: FetchHandler, stamp: string) {
  return async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const headers = new Headers();
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i], incoming.rawHeaders[i + 1]);
    headers.set('x-crm-peer', `${stamp} ${incoming.socket.remoteAddress ?? ''}`);
    const method = incoming.method ?? 'GET';
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const aborted = new AbortController();
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) aborted.abort();
    });
    let response: Response;
    try {
      const request = new Request(new URL(incoming.url ?? '/', `http://${headers.get('host') ?? '127.0.0.1'}`), {
        method,
        headers,
        body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
        duplex: 'half',
        signal: aborted.signal,
      } as RequestInit);
      response = await handler(request);
    } catch (error) {
      console.error('legacy source: request failed before an answer', error);
      outgoing.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Errore interno della sorgente di prova.' }));
      return;
    }
    const answerHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') answerHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) answerHeaders['set-cookie'] = cookies;
    outgoing.writeHead(response.status, answerHeaders);
    if (!response.body || method === 'HEAD') {
      outgoing.end();
      return;
    }
    const reader = response.body.getReader();
    aborted.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        // Back-pressure: a slow reader holds the stream, as it holds a deployed server's.
        if (!outgoing.write(value)) await new Promise((resolve) => outgoing.once('drain', resolve));
      }
      outgoing.end();
    } catch (error) {
      if (!aborted.signal.aborted) console.error('legacy source: streamed answer broken', error);
      outgoing.destroy();
    }
  };
}
