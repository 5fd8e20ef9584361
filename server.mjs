// The production server (npm start): Next.js's own request handler behind a node:http server that
// tells the app who is on the other end of the socket. `next start` cannot: it leaves a client's
// X-Forwarded-For as the client wrote it, so without a proxy of ours the app knew no address and
// no limit by address applied. Here every request carries the socket's address, stamped with a
// secret of this process that no client can know (lib/auth/client-info.ts), overwriting whatever
// the client sent. Behind our own proxy (TRUST_PROXY=1) the address that proxy appended wins.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gracefulShutdown } from './lib/ops/shutdown.mjs';

// Memory under load: V8 lets the old generation fill with garbage up to several times what is
// alive before a full collection (its limit is a quarter of the machine), so 32 concurrent
// requests took the RSS to 1 GB with some 300 MB alive. CRM_SERVER_MEMORY=compact collects sooner
// (heap growing factor 1.5): the peak fell from about 1,000 to 570 MB, for 10-20% more CPU per
// request (docs/deploy.md, «Memoria»), hence a choice and not the default. A V8 flag must be
// there before V8 starts and NODE_OPTIONS refuses this one, so the process replaces itself once
// with it (same pid: signals and supervisors see one process).
if (process.env.CRM_SERVER_MEMORY === 'compact' && !process.env.CRM_SERVER_MEMORY_SET && typeof process.execve === 'function') {
  const flags = process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent')) ? [] : ['--heap-growing-percent=50'];
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    ...process.env,
    CRM_SERVER_MEMORY_SET: '1',
  });
}
// Loaded after the re-exec: the first image would load Next only to throw it away.
const { default: next } = await import('next');

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  strict: false,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = typeof values.hostname === 'string' ? values.hostname : undefined;

process.env.NODE_ENV = 'production';
const stamp = randomBytes(24).toString('base64url');
process.env.CRM_PEER_STAMP = stamp;
// After NODE_ENV is set: the log's format depends on it (lib/ops/logger.mjs).
const { logger, routeConsoleToLog } = await import('./lib/ops/logger.mjs');
const { withRequestLog } = await import('./lib/ops/request-log.mjs');
routeConsoleToLog();

const app = next({ dev: false, hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer(
  withRequestLog((request, response) => {
    request.headers['x-crm-peer'] = `${stamp} ${request.socket.remoteAddress ?? ''}`;
    if (shutdown.closing()) response.setHeader('connection', 'close');
    void handle(request, response);
  }, { distDir: process.env.NEXT_DIST_DIR || '.next' }),
);
const shutdown = gracefulShutdown(server, { log: (message) => logger.info(message) });
server.listen(port, hostname, () => {
  logger.info(`▲ CRM in ascolto su http://${hostname ?? '0.0.0.0'}:${port}`);
});
