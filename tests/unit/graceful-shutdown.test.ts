import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from '@/lib/ops/shutdown.mjs';

/**
 * server.mjs's shutdown sequence on a plain node:http server: the exit code it chooses, with the
 * hook the Next bundle registers (lib/health/shutdown-hook.ts) given here by the test.
 */
const HOOK = Symbol.for('crm.ops.shutdownHook');
const LIFECYCLE = Symbol.for('crm.ops.lifecycle');
const holder = globalThis as unknown as Record<symbol, unknown>;
let server: Server | undefined;

afterEach(() => {
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  delete holder[HOOK];
  delete holder[LIFECYCLE];
  server?.closeAllConnections();
  server?.close();
});

async function listening(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

function exitRecorder() {
  let resolveExit: (code: number) => void;
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  return { exited, exit: (code: number) => resolveExit(code) };
}

describe('graceful shutdown', () => {
  it('finishes the request in flight, closes the resources, exits 0', async () => {
    const closed: number[] = [];
    holder[HOOK] = { graceSeconds: 5, drainSeconds: 0, closeResources: async (timeoutMs: number) => void closed.push(timeoutMs) };
    const port = await listening((_request, response) => setTimeout(() => response.end('fatto'), 500));
    const { exited, exit } = exitRecorder();
    gracefulShutdown(server!, { log: () => {}, exit });
    const inFlight = new Promise<string>((resolve) => request({ port, host: '127.0.0.1' }, (answer) => answer.on('data', (chunk: Buffer) => resolve(chunk.toString()))).end());
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.emit('SIGTERM', 'SIGTERM');
    expect((holder[LIFECYCLE] as { shuttingDown: boolean }).shuttingDown).toBe(true);
    expect(await inFlight).toBe('fatto');
    expect(await exited).toBe(0);
    expect(closed).toHaveLength(1);
    // What is left of the grace period, less a margin for the pools.
    expect(closed[0]).toBeGreaterThan(2_000);
    expect(closed[0]).toBeLessThan(4_600);
  });

  it('exits 1 when the grace period ends with a request still running', async () => {
    holder[HOOK] = { graceSeconds: 1, drainSeconds: 0, closeResources: async () => {} };
    const port = await listening(() => {});
    const { exited, exit } = exitRecorder();
    gracefulShutdown(server!, { log: () => {}, exit });
    request({ port, host: '127.0.0.1' }).on('error', () => {}).end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    process.emit('SIGTERM', 'SIGTERM');
    expect(await exited).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('exits 1 at once on a second SIGTERM', async () => {
    holder[HOOK] = { graceSeconds: 30, drainSeconds: 10, closeResources: async () => {} };
    await listening(() => {});
    const { exited, exit } = exitRecorder();
    gracefulShutdown(server!, { log: () => {}, exit });
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGTERM', 'SIGTERM');
    expect(await exited).toBe(1);
  });
});
