import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BatchEmail = { from: string; to: string[]; subject: string; html: string; headers?: Record<string, string> };
/** One call the stand-in took: when, its key, and whether it delivered (a replayed key delivers nothing). */
export type BatchCall = { at: number; key: string | null; status: number; delivered: number; retryAfter?: string };

/** What a hook wants done with an accepted call: answer it, or drop the connection after delivering. */
export type Interception = 'answer' | 'drop';

type Remembered = { hash: string; ids: string[]; at: number };

/**
 * The most calls that arrived within any sliding second (1,000 ms, as the stand-in's own limit
 * counts), refused ones included: the provider counts every call it receives.
 */
export function busiestSecond(calls: Pick<BatchCall, 'at'>[]): number {
  const times = calls.map((call) => call.at).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last] - times[first] >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * A local server speaking Resend's POST /emails/batch: bearer key, at most 100 mails, a rate per
 * key over any sliding second (429 with Retry-After beyond it), idempotency keys kept 24 hours
 * (the same key and payload answer the first ids and deliver nothing; another payload is a 409).
 * Hooks run when a call is accepted: `beforeAnswer` may drop the connection (delivered, no
 * answer: the client cannot know), `afterAnswer` runs once the answer is written.
 */
export async function startResendBatchStandIn(options: {
  apiKey: string;
  ratePerSecond: number;
  beforeAnswer?: (call: number) => Interception | Promise<Interception>;
  afterAnswer?: (call: number) => void;
}) {
  const delivered: { id: string; key: string | null; email: BatchEmail }[] = [];
  const calls: BatchCall[] = [];
  const acceptedAt: number[] = [];
  const byKey = new Map<string, Remembered>();
  const inFlight = new Set<string>();
  let acceptedCalls = 0;

  const answer = (response: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(json));
  };
  const error = (response: ServerResponse, status: number, name: string, message: string, headers: Record<string, string> = {}) =>
    answer(response, status, { statusCode: status, name, message }, headers);

  async function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    // The moment the whole call arrived, which is what the limit counts.
    const now = Date.now();
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const log = (status: number, count = 0, retryAfter?: string) => calls.push({ at: now, key, status, delivered: count, retryAfter });
    if (request.method !== 'POST' || request.url !== '/emails/batch') {
      log(404);
      return error(response, 404, 'not_found', 'Not found');
    }
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      log(401);
      return error(response, 401, 'invalid_api_key', 'API key is invalid');
    }
    // The sliding second: a call is accepted only if fewer than `ratePerSecond` were in the last 1000 ms.
    const recent = acceptedAt.filter((at) => at > now - 1000);
    if (recent.length >= options.ratePerSecond) {
      const retryAfter = String(Math.max(1, Math.ceil((recent[0] + 1000 - now) / 1000)));
      log(429, 0, retryAfter);
      return error(response, 429, 'rate_limit_exceeded', 'Too many requests. You can only make 2 requests per second.', { 'retry-after': retryAfter });
    }
    let emails: BatchEmail[];
    try {
      emails = JSON.parse(raw);
    } catch {
      log(400);
      return error(response, 400, 'validation_error', 'Invalid JSON');
    }
    if (!Array.isArray(emails) || emails.length === 0 || emails.length > 100 || emails.some((email) => !email.from || !email.subject || !email.to?.length)) {
      log(422);
      return error(response, 422, 'validation_error', 'A batch holds 1 to 100 e-mails, each with from, to and subject.');
    }
    acceptedAt.push(now);
    while (acceptedAt.length > 50) acceptedAt.shift();
    const hash = createHash('sha256').update(raw).digest('hex');
    if (key) {
      const known = byKey.get(key);
      if (known && known.at > now - 24 * 3600 * 1000) {
        if (known.hash !== hash) {
          log(409);
          return error(response, 409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
        }
        log(200);
        return answer(response, 200, { data: known.ids.map((id) => ({ id })) });
      }
      if (inFlight.has(key)) {
        log(409);
        return error(response, 409, 'concurrent_idempotent_requests', 'Same idempotency key used while original request is still in progress.');
      }
      inFlight.add(key);
    }
    const ids = emails.map(() => randomUUID());
    emails.forEach((email, index) => delivered.push({ id: ids[index], key, email }));
    if (key) {
      byKey.set(key, { hash, ids, at: now });
      inFlight.delete(key);
    }
    log(200, emails.length);
    const call = ++acceptedCalls;
    if ((await options.beforeAnswer?.(call)) === 'drop') {
      request.socket.destroy();
      return;
    }
    answer(response, 200, { data: ids.map((id) => ({ id })) });
    options.afterAnswer?.(call);
  }

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => void handle(request, response, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    delivered,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
