import { clientInfo } from '@/lib/auth/client-info';
import { readBodyText } from '@/lib/http/body-limit';
import { CSP_REPORT_BODY_LIMIT, parseCspReports, violationLogLine } from '@/lib/http/csp-report';
import { errorResponse, toErrorResponse } from '@/lib/http/error-response';
import { proxyLimiter } from '@/lib/rate-limit/proxy-limiter';
import { logger } from '@/lib/ops/logger.mjs';

// Anyone may post here, so the log is guarded per address (server.mjs always knows it), counted
// in Redis or in memory: a report never touches the database. Only a server started without
// server.mjs (next dev) knows no address, and counts its callers together.
const perAddress = proxyLimiter('csp-report', { points: 30, durationSeconds: 60 });

/**
 * Where the pages' Content-Security-Policy (lib/http/csp.ts) sends its violations: one warning
 * line each in the server's log, without the guest's keys; the browser only needs a 204.
 */
export async function POST(request: Request) {
  const state = await perAddress(clientInfo(request.headers).ip ?? 'indirizzo-sconosciuto');
  if (!state.allowed) {
    return errorResponse(429, { error: 'Troppe segnalazioni: riprova più tardi.' }, { 'Retry-After': String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))) });
  }
  let body: string;
  try {
    body = await readBodyText(request, CSP_REPORT_BODY_LIMIT);
  } catch (error) {
    return toErrorResponse(error);
  }
  const violations = parseCspReports(body);
  if (!violations) return errorResponse(400, { error: 'Segnalazione non valida: attesa una segnalazione CSP in JSON.' });
  for (const violation of violations) logger.warn(violationLogLine(violation));
  return new Response(null, { status: 204 });
}
