import { env } from '@/lib/env';
import { safeEqual } from '@/lib/auth/secrets';
import { errorResponse } from '@/lib/http/error-response';
import { refreshDatabaseGauges } from '@/lib/metrics/collect';
import { metrics } from '@/lib/ops/metrics-registry.mjs';

/**
 * GET /api/metrics: Prometheus' text format, for the bearer of METRICS_TOKEN. Without the token in
 * the environment the address does not exist (404). Not counted by the API's per-token limit: a
 * scraper calls it every 15-60 s and must not eat a client's calls.
 */
export async function GET(request: Request) {
  const token = env().METRICS_TOKEN;
  if (!token) return errorResponse(404, { error: 'Risorsa non trovata.' });
  const given = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!safeEqual(given, token)) {
    return errorResponse(401, { error: 'Token delle metriche mancante o non valido.' }, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  }
  await refreshDatabaseGauges();
  return new Response(await metrics.registry.metrics(), {
    headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' },
  });
}
