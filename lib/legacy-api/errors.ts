import { classifyError } from '@/lib/error-classification';

type ErrorBody = { error: string; [key: string]: unknown };

export function errorResponse(status: number, body: ErrorBody, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

/** The one place where anything thrown becomes an answer; nothing internal leaves the server. */
export function toErrorResponse(error: unknown): Response {
  const known = classifyError(error);
  if (known) return errorResponse(known.status, { error: known.message, ...(known.issues ? { issues: known.issues } : {}), ...known.details });
  console.error('Errore non gestito nella API legacy', error);
  return errorResponse(500, { error: 'Errore interno del server. Riprova tra poco.' });
}
