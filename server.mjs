// The production server (npm start): Next.js's own request handler behind a node:http server that
// tells the app who is on the other end of the socket. `next start` cannot: it leaves a client's
// X-Forwarded-For as the client wrote it, so without a proxy of ours the app knew no address and
// no limit by address applied. Here every request carries the socket's address, stamped with a
// secret of this process that no client can know (lib/auth/client-info.ts), overwriting whatever
// the client sent. Behind our own proxy (TRUST_PROXY=1) the address that proxy appended wins.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  strict: false,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = typeof values.hostname === 'string' ? values.hostname : undefined;

process.env.NODE_ENV = 'production';
const stamp = randomBytes(24).toString('base64url');
process.env.CRM_PEER_STAMP = stamp;

const app = next({ dev: false, hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

createServer((request, response) => {
  request.headers['x-crm-peer'] = `${stamp} ${request.socket.remoteAddress ?? ''}`;
  void handle(request, response);
}).listen(port, hostname, () => {
  console.log(`▲ CRM in ascolto su http://${hostname ?? '0.0.0.0'}:${port}`);
});
