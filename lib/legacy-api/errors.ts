import { ZodError } from 'zod';
import { AppError } from '@/lib/errors';
import { fieldIssues } from '@/lib/validation';

type ErrorBody = { error: string; [key: string]: unknown };

export function errorResponse(status: number, body: ErrorBody, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

/** PostgreSQL error codes that mean the input was wrong, not the server. */
const DATABASE_INPUT_ERRORS: Record<string, { status: number; error: string }> = {
  '23505': { status: 409, error: 'Esiste già un elemento con questi dati.' },
  '23503': { status: 400, error: 'Il dato fa riferimento a un elemento che non esiste.' },
  '22P02': { status: 400, error: 'Un valore non è nel formato atteso.' },
  '22007': { status: 400, error: 'Una data non è valida.' },
  '22008': { status: 400, error: 'Una data è fuori dall’intervallo ammesso.' },
  '22003': { status: 400, error: 'Un numero è fuori dall’intervallo ammesso.' },
  '22001': { status: 400, error: 'Un testo è troppo lungo.' },
};

function databaseCode(error: unknown): string | undefined {
  // drizzle wraps the driver's error; PGlite and postgres.js both expose `code`.
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The one place where anything thrown becomes an answer; nothing internal leaves the server. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return errorResponse(error.status, { error: error.message, ...(error.details ?? {}) });
  }
  if (error instanceof ZodError) {
    const issues = fieldIssues(error);
    const first = issues[0];
    const where = first?.path ? ` (${first.path})` : '';
    return errorResponse(400, { error: `Dati non validi${where}: ${first?.message ?? 'controlla i campi'}`, issues });
  }
  const code = databaseCode(error);
  const known = code ? DATABASE_INPUT_ERRORS[code] : undefined;
  if (known) return errorResponse(known.status, { error: known.error });
  console.error('Errore non gestito nella API legacy', error);
  return errorResponse(500, { error: 'Errore interno del server. Riprova tra poco.' });
}
