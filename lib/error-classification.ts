import { ZodError } from 'zod';
import { AppError } from './errors';
import { fieldIssues, type FieldIssue } from './validation';

/** A failure the user caused and can fix: its status, Italian message and, for bad fields, which ones. */
export type KnownFailure = { status: number; message: string; issues?: FieldIssue[]; details?: Record<string, unknown> };

/** PostgreSQL error codes that mean the input was wrong, not the server. */
const DATABASE_INPUT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'Esiste già un elemento con questi dati.' },
  '23503': { status: 400, message: 'Il dato fa riferimento a un elemento che non esiste.' },
  '22P02': { status: 400, message: 'Un valore non è nel formato atteso.' },
  '22007': { status: 400, message: 'Una data non è valida.' },
  '22008': { status: 400, message: 'Una data è fuori dall’intervallo ammesso.' },
  '22003': { status: 400, message: 'Un numero è fuori dall’intervallo ammesso.' },
  '22001': { status: 400, message: 'Un testo è troppo lungo.' },
  // U+0000 in text (22021) or in jsonb (22P05): the shared zod refuses it first; this is the net for text no schema read.
  '22021': { status: 400, message: 'Un testo contiene caratteri non ammessi.' },
  '22P05': { status: 400, message: 'Un testo contiene caratteri non ammessi.' },
};

/**
 * The database is down, restarting or out of connections: the user can only wait. SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shut down, crashed, still starting), 53300 (too many
 * connections); postgres.js's own codes for a connection it lost or could not open.
 */
const DATABASE_UNAVAILABLE_CODES = /^(08[0-9A-Z]{3}|57P0[123]|53300|CONNECTION_(CLOSED|ENDED|DESTROYED)|CONNECT_TIMEOUT)$/;
/**
 * A socket that could not reach the database: postgres.js hands the system error on as it is, with
 * the query it was for attached (drizzle's wrapper has it too), which tells it from a mail server's.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
export const DATABASE_UNAVAILABLE = 'Il database non è raggiungibile in questo momento: i dati non sono stati salvati. Riprova tra qualche istante.';

function isDatabaseUnavailable(error: unknown): boolean {
  let query = false;
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    // fetch wraps its socket errors in a TypeError: those are another service, not the database.
    if (current instanceof TypeError) return false;
    query ||= 'query' in current;
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (DATABASE_UNAVAILABLE_CODES.test(code)) return true;
    if (SOCKET_CODES.has(code) && query) return true;
  }
  return false;
}

function databaseCode(error: unknown): string | undefined {
  // drizzle wraps the driver's error; PGlite and postgres.js both expose `code`.
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The one place that tells a user's mistake from a fault of ours; the API and the server
 * actions both map with it. Null means a fault: log it and say nothing internal.
 */
export function classifyError(error: unknown): KnownFailure | null {
  if (error instanceof AppError) return { status: error.status, message: error.message, details: error.details };
  if (error instanceof ZodError) {
    const issues = fieldIssues(error);
    const first = issues[0];
    const where = first?.path ? ` (${first.path})` : '';
    return { status: 400, message: `Dati non validi${where}: ${first?.message ?? 'controlla i campi'}`, issues };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, message: DATABASE_UNAVAILABLE };
  const code = databaseCode(error);
  const known = code ? DATABASE_INPUT_ERRORS[code] : undefined;
  return known ?? null;
}
