// Graceful shutdown of the production server (server.mjs), plain Node so that server.mjs can load
// it before Next. The order is the balancer's: first /api/ready answers 503 while the listener
// still serves (SHUTDOWN_DRAIN_SECONDS, so a balancer polling it stops sending traffic), then the
// listener closes and idle keep-alive sockets with it, the requests in flight finish, the job
// workers stop (lib/ops/shutdown-hook.ts, inside the bundle), the pools close, exit 0. A second
// signal, or the end of SHUTDOWN_GRACE_SECONDS, exits 1 at once.

/** Shared with lib/ops/lifecycle.ts (the ready check) and lib/ops/shutdown-hook.ts. */
const LIFECYCLE = Symbol.for('crm.ops.lifecycle');
const HOOK = Symbol.for('crm.ops.shutdownHook');

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Installs the SIGTERM/SIGINT handling for `server`. Returns `closing()`, true once a signal came:
 * the request handler then answers with `Connection: close`, so keep-alive clients move on.
 */
export function gracefulShutdown(server, { log = console.log, exit = process.exit } = {}) {
  let stopping = false;
  const onSignal = async (signal) => {
    if (stopping) {
      log(`${signal} ricevuto di nuovo: uscita immediata`);
      exit(1);
      return;
    }
    stopping = true;
    (globalThis[LIFECYCLE] ??= { shuttingDown: false }).shuttingDown = true;
    // Registered by instrumentation.ts from the checked environment (lib/env.ts).
    const hook = globalThis[HOOK];
    const graceMs = (hook?.graceSeconds ?? 20) * 1000;
    const deadline = Date.now() + graceMs;
    setTimeout(() => {
      log(`Arresto: ${graceMs / 1000} s di tolleranza scaduti, uscita forzata`);
      exit(1);
    }, graceMs).unref();
    log(`${signal}: /api/ready risponde 503, arresto entro ${graceMs / 1000} s`);
    await delay((hook?.drainSeconds ?? 0) * 1000);
    await new Promise((resolve) => {
      server.close(resolve);
      // A socket busy now turns idle after its answer (sent with Connection: close): closed then.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.once('close', () => clearInterval(sweep));
      server.closeIdleConnections();
    });
    log('Arresto: nessuna richiesta in corso, chiusura dei lavori e delle connessioni');
    try {
      await hook?.closeResources(Math.max(1000, deadline - Date.now() - 500));
    } catch (error) {
      log(`Arresto: chiusura incompleta (${error instanceof Error ? error.message : String(error)})`);
      exit(1);
      return;
    }
    log('Arresto completato');
    exit(0);
  };
  process.on('SIGTERM', (signal) => void onSignal(signal));
  process.on('SIGINT', (signal) => void onSignal(signal));
  return { closing: () => stopping };
}
