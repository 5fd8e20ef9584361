import { getDb, type Database } from '@/db/client';
import { clientInfo } from '@/lib/auth/client-info';
import { hasFullPack } from '@/lib/auth/pack-levels';
import { runStreamingUnitOfWork } from '@/lib/context/streamed';
import { staffWho, type Who } from '@/lib/context/unit-of-work';
import { hashSecret, safeEqual } from '@/lib/auth/secrets';
import { resolveSession } from '@/lib/auth/service';
import { env, publicBaseUrl } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { checkContentLength, JSON_BODY_LIMIT, readBodyForm, readBodyText } from '@/lib/http/body-limit';
import { limiter, secondsLeft, type LimitRule, type LimitState } from '@/lib/rate-limit/limiter';
import type { Tenant } from '@/lib/tenant';
import '@/lib/validation';
import type { Endpoint, RequestContext } from './endpoint';
import { errorResponse, toErrorResponse } from '@/lib/http/error-response';
import { createMatcher } from './match';

export const API_PREFIX = '/api';

/** Calls per minute of one bearer token (the booking platform's, or a user's): API_TOKEN_CALLS_PER_MINUTE. */
export const apiTokenLimit = (): LimitRule => ({ points: env().API_TOKEN_CALLS_PER_MINUTE, durationSeconds: 60 });

/** A form upload (/addImage) as a plain object: text fields as strings, files as File objects. */
async function readForm(request: Request, limit: number): Promise<Record<string, FormDataEntryValue>> {
  let form: FormData;
  try {
    form = await readBodyForm(request, limit);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', 'Il corpo multipart/form-data della richiesta non è valido.');
  }
  return Object.fromEntries(form.entries());
}

async function readBody(request: Request, limit: number): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return readForm(request, limit);
  const text = await readBodyText(request, limit);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Il corpo della richiesta non è JSON valido.');
  }
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

async function authenticate(endpoint: Endpoint, base: RequestContext): Promise<{ tenant: Tenant; bearer: string } | null> {
  if (endpoint.auth === 'public') return null;
  if (endpoint.auth === 'platform-key') {
    const expected = env().BOOKING_PLATFORM_API_KEY;
    if (!expected) {
      throw new AppError('unavailable', 'Accesso dalla piattaforma di prenotazione non configurato: manca BOOKING_PLATFORM_API_KEY sul server del CRM.');
    }
    const given = base.request.headers.get('x-api-key');
    if (!given || !safeEqual(given, expected)) throw new AppError('unauthorized', 'Chiave API della piattaforma mancante o non valida.');
    return null;
  }
  const bearer = bearerToken(base.request);
  const hostname = new URL(base.request.url).hostname;
  const tenant = bearer ? await resolveSession(base.db, { bearer }, { hostname, production: env().NODE_ENV === 'production' }) : null;
  if (!bearer || !tenant) throw new AppError('unauthorized', 'Accesso non autorizzato: token mancante, scaduto o non valido.');
  if ((endpoint.packLevel ?? 10) > 0 && !hasFullPack(tenant.packLevel)) {
    throw new AppError('forbidden', 'Il tuo account non ha accesso a questa funzione.');
  }
  if (endpoint.adminOnly && !tenant.isAdmin && !tenant.isOperator) throw new AppError('forbidden', 'Operazione riservata agli amministratori.');
  if (endpoint.operatorOnly && !tenant.isOperator) throw new AppError('forbidden', 'Operazione riservata agli operatori del fornitore.');
  return { tenant, bearer };
}

/** The RateLimit-* headers (IETF draft, delta seconds) of a call counted against its token. */
function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(Math.ceil(state.msBeforeNext / 1000)),
  };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    // A handler's Response with immutable headers: the same answer with ours added.
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Serves the whole legacy contract: finds the call, authenticates, parses the input with the
 * call's zod schemas, runs the handler and maps every failure to one JSON error shape. A body
 * over its limit is refused (413); a bearer token has API_TOKEN_CALLS_PER_MINUTE calls a minute, counted by
 * every instance together, and each of its answers says how many remain.
 */
export function createDispatcher(endpoints: Endpoint[], getDatabase: () => Database = getDb, options: { tokenLimit?: LimitRule } = {}) {
  const match = createMatcher(endpoints);
  // Made at the first call: the route module is also loaded by the build, where the environment is not the server's.
  let perToken: ReturnType<typeof limiter> | undefined;
  const tokenLimiter = () => (perToken ??= limiter('api-token', options.tokenLimit ?? apiTokenLimit()));
  return async function dispatch(request: Request): Promise<Response> {
    let counted: LimitState | null = null;
    const answer = (response: Response) => (counted ? withHeaders(response, rateLimitHeaders(counted)) : response);
    try {
      const url = new URL(request.url);
      const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
      const found = match(request.method, path);
      if (!found) return errorResponse(404, { error: `Chiamata API sconosciuta: ${path}` });
      if ('methodNotAllowed' in found) return errorResponse(405, { error: `Metodo ${request.method} non ammesso per ${path}.` });
      const { endpoint } = found;
      const bodyLimit = endpoint.bodyLimit ?? JSON_BODY_LIMIT;
      checkContentLength(request, bodyLimit);
      const base: RequestContext = { db: getDatabase(), request, client: clientInfo(request.headers), origin: publicBaseUrl(url.origin) };
      const identity = await authenticate(endpoint, base);
      // The booking platform's x-api-key counts like a token (authenticate has checked it).
      const credential = identity?.bearer ?? (endpoint.auth === 'platform-key' ? request.headers.get('x-api-key') : null);
      if (credential) {
        counted = await tokenLimiter().consume(base.db, hashSecret(credential));
        if (!counted.allowed) {
          const seconds = secondsLeft(counted);
          return answer(errorResponse(429, { error: `Troppe richieste: riprova tra ${seconds === 1 ? '1 secondo' : `${seconds} secondi`}.` }, { 'Retry-After': String(seconds) }));
        }
      }
      const params = endpoint.params ? endpoint.params.parse(found.params) : {};
      const body = endpoint.body ? endpoint.body.parse(await readBody(request, bodyLimit)) : {};
      // A campsite's staff act inside their campsite's database scope; the operator manages every
      // campsite, and the public and platform calls find their campsite from the ids they carry.
      const who: Who = identity ? staffWho(identity.tenant) : { kind: 'system', reason: endpoint.auth === 'platform-key' ? 'booking platform' : 'public legacy call' };
      const context = identity ? { ...base, ...identity } : base;
      const result = await runStreamingUnitOfWork(who, (ctx) => endpoint.handler({ ...context, ...ctx } as never, { params, body } as never), base.db);
      if (result instanceof Response) return answer(result);
      return answer(Response.json(result ?? {}, { headers: { 'Cache-Control': 'no-store' } }));
    } catch (error) {
      return answer(toErrorResponse(error));
    }
  };
}
