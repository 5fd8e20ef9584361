import { classifyError } from '@/lib/error-classification';
import { logger } from '@/lib/ops/logger.mjs';

type ErrorBody = { error: string; [key: string]: unknown };

export function errorResponse(status: number, body: ErrorBody, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

/** The one place where anything thrown becomes an answer; nothing internal leaves the server. */
export function toErrorResponse(error: unknown): Response {
  const known = classifyError(error);
  if (known) {
    // A refusal that knows when to come back (a login's delay) says it the standard way too.
    const retryAfter = known.details?.retryAfterSeconds;
    const headers = known.status === 429 && typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined;
    return errorResponse(known.status, { error: known.message, ...(known.issues ? { issues: known.issues } : {}), ...known.details }, headers);
  }
  logger.error({ err: error }, 'Errore non gestito nella API legacy');
  return errorResponse(500, { error: 'Errore interno del server. Riprova tra poco.' });
}
