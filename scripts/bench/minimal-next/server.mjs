// Served as the app is (server.mjs at the repository's root): Next's request handler behind node:http.
import { createServer } from 'node:http';
import next from 'next';

const port = Number(process.env.PORT ?? 3512);
const app = next({ dev: false, dir: import.meta.dirname, hostname: '127.0.0.1', port });
const handle = app.getRequestHandler();
await app.prepare();
createServer((request, response) => void handle(request, response)).listen(port, '127.0.0.1', () => console.log(`Next minimo su http://127.0.0.1:${port}`));
