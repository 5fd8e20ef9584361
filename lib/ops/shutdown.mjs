// Graceful shutdown of the production server (server.mjs), plain Node so that server.mjs can load
// it before Next. The order is the balancer's: first /api/ready answers 503 while the listener
// still serves (SHUTDOWN_DRAIN_SECONDS, so a balancer polling it stops sending traffic), then the
// listener closes and idle keep-alive sockets with it, the requests in flight finish, the job
// workers stop (lib/health/shutdown-hook.ts, inside the bundle), the pools close, exit 0. A second
// signal, or the end of SHUTDOWN_GRACE_SECONDS, exits 1 at once.

import { Server as NetServer } from 'node:net';

/** Shared with lib/ops/lifecycle.ts (the ready check) and lib/health/shutdown-hook.ts. */
const LIFECYCLE = Symbol.for('crm.ops.lifecycle');
const HOOK = Symbol.for('crm.ops.shutdownHook');

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Installs the SIGTERM/SIGINT handling for `server`. Returns `closing()`, true once a signal came:
 * the request handler then answers with `Connection: close`, so keep-alive clients move on.
 */
export function gracefulShutdown(server, { log = (message) => process.stdout.write(`${message}\n`), exit = process.exit } = {}) {
  let stopping = false;
  const connections = trackConnections(server, () => stopping);
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
      // Not http.Server.close(): it also drops every idle connection at once, and a connection
      // accepted a moment ago whose request is not read yet counts as idle: under load that reset
      // a request or two. The listener alone closes here; busy sockets end after their answer
      // (Connection: close), idle ones are closed now, one just opened gets a second to speak.
      NetServer.prototype.close.call(server, resolve);
      connections.closeIdle(0);
      const sweep = setInterval(() => connections.closeIdle(1000), 250);
      server.once('close', () => clearInterval(sweep));
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

/** The server's sockets, each with whether a request is in progress on it and since when it is idle. */
function trackConnections(server, stopping) {
  const sockets = new Map();
  server.on('connection', (socket) => {
    // Opened after the signal: not idle yet, its request is on the way.
    sockets.set(socket, { busy: false, idleSince: Date.now(), fresh: stopping() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = sockets.get(request.socket);
    if (!state) return;
    state.busy = true;
    state.fresh = false;
    response.once('close', () => {
      state.busy = false;
      state.idleSince = Date.now();
    });
  });
  return {
    /** Destroys the sockets idle for `ms` or more; one opened after the signal only once it waited `ms`. */
    closeIdle(ms) {
      const now = Date.now();
      for (const [socket, state] of sockets) {
        if (state.busy || now - state.idleSince < (state.fresh ? Math.max(ms, 1000) : ms)) continue;
        socket.destroy();
      }
    },
  };
}
