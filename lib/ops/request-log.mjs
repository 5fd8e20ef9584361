// One JSON line and one metrics sample per request, around Next's handler in server.mjs: a
// request id (the trusted proxy's X-Request-Id, else a new one) answered in x-request-id and handed
// to the app as a request header; the route pattern, status, duration and the campsite the unit of
// work walled (request-context.mjs). LOG_REQUESTS=0 drops the lines; without METRICS_TOKEN nobody
// can read the metrics, so none are recorded.
import { randomUUID } from 'node:crypto';
import { logger } from './logger.mjs';
import { metrics } from './metrics-registry.mjs';
import { requestContext } from './request-context.mjs';
import { routeMatcher } from './route-patterns.mjs';

/** What a proxy may give as a request id: short, and nothing a log line or a header could choke on. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(header, trustProxy) {
  const given = Array.isArray(header) ? header[0] : header;
  return trustProxy && typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export function withRequestLog(handle, { distDir = '.next', env = process.env } = {}) {
  const trustProxy = env.TRUST_PROXY === '1';
  const logRequests = env.LOG_REQUESTS !== '0';
  const recordMetrics = Boolean(env.METRICS_TOKEN?.trim());
  const routeOf = routeMatcher(distDir);
  return (request, response) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(request.headers['x-request-id'], trustProxy);
    request.headers['x-request-id'] = requestId;
    response.setHeader('x-request-id', requestId);
    const store = { requestId };
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(request.url);
      const method = request.method ?? 'GET';
      const status = response.writableFinished ? response.statusCode : 499;
      if (recordMetrics) {
        const labels = { route, method, status: String(status) };
        metrics.httpRequests.inc(labels);
        metrics.httpDuration.observe(labels, seconds);
      }
      if (logRequests) {
        const line = { reqId: requestId, method, route, status, durationMs: Math.round(seconds * 10_000) / 10 };
        if (store.campsiteId) line.campsiteId = store.campsiteId;
        logger.info(line, 'richiesta');
      }
    });
    requestContext.run(store, () => handle(request, response));
  };
}
