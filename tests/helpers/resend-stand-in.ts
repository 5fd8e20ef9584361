import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A mail Resend accepted, as the stand-in recorded it. */
export type Delivered = { id: string; idempotencyKey: string | null; body: { from: string; to: string[]; subject: string; html: string; reply_to?: string | string[]; headers?: Record<string, string>; attachments?: { filename: string; content: string }[] } };

/** A forced answer for the next request: an error status with Resend's body, a dropped connection, or none at all (a provider that hangs; nothing delivered). */
export type Forced = { status: number; name: string; message: string; retryAfter?: string } | { drop: true } | { hang: true };

/** One call the stand-in took: when it arrived and what it answered. */
export type Call = { at: number; status: number };

/**
 * A local server that speaks Resend's POST /emails: bearer key, validation errors (422), 429 with
 * Retry-After, idempotency keys (a repeated key answers the first id and delivers nothing new).
 * With `ratePerSecond`, it refuses with 429 a call beyond that many in any sliding second, as
 * Resend does per team.
 */
export async function startResendStandIn(apiKey: string, options: { ratePerSecond?: number } = {}) {
  const delivered: Delivered[] = [];
  const byKey = new Map<string, string>();
  const forced: Forced[] = [];
  const calls: Call[] = [];
  let requests = 0;

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      requests++;
      const at = Date.now();
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        calls.push({ at, status });
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(json));
      };
      if (request.method !== 'POST' || request.url !== '/emails') return answer(404, { statusCode: 404, name: 'not_found', message: 'Not found' });
      if (request.headers.authorization !== `Bearer ${apiKey}`) return answer(401, { statusCode: 401, name: 'invalid_api_key', message: 'API key is invalid' });
      let body: Delivered['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(400, { statusCode: 400, name: 'validation_error', message: 'Invalid JSON' });
      }
      if (!body.from || !body.subject || !Array.isArray(body.to) || body.to.length === 0) {
        return answer(422, { statusCode: 422, name: 'validation_error', message: 'Missing `to`, `from` or `subject` field.' });
      }
      const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
      if (options.ratePerSecond) {
        // A sliding second of the calls it took (as the batch stand-in counts).
        const recent = calls.filter((call) => call.at > at - 1000 && call.status !== 429);
        if (recent.length >= options.ratePerSecond) {
          const retryAfter = String(Math.max(1, Math.ceil((recent[0].at + 1000 - at) / 1000)));
          return answer(429, { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' }, { 'retry-after': retryAfter });
        }
      }
      const next = forced.shift();
      if (next && 'hang' in next) return;
      if (next && 'drop' in next) {
        // Resend got the mail but the answer never arrives: the client sees a network error.
        const id = randomUUID();
        delivered.push({ id, idempotencyKey: key, body });
        if (key) byKey.set(key, id);
        calls.push({ at, status: 200 });
        request.socket.destroy();
        return;
      }
      if (next) return answer(next.status, { statusCode: next.status, name: next.name, message: next.message }, next.retryAfter ? { 'retry-after': next.retryAfter } : {});
      if (key && byKey.has(key)) return answer(200, { id: byKey.get(key) });
      const id = randomUUID();
      delivered.push({ id, idempotencyKey: key, body });
      if (key) byKey.set(key, id);
      answer(200, { id });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    delivered,
    calls,
    force: (...answers: Forced[]) => forced.push(...answers),
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
