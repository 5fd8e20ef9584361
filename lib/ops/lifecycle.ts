/**
 * The process's shutdown state, shared by server.mjs (lib/ops/shutdown.mjs, plain Node) and the
 * Next bundle (the ready check): both reach the same object under a registry symbol, since the
 * bundle holds its own copies of every module and cannot import what server.mjs loaded.
 */
const LIFECYCLE = Symbol.for('crm.ops.lifecycle');

type Lifecycle = { shuttingDown: boolean };

function lifecycle(): Lifecycle {
  const holder = globalThis as unknown as { [LIFECYCLE]?: Lifecycle };
  return (holder[LIFECYCLE] ??= { shuttingDown: false });
}

export const isShuttingDown = (): boolean => lifecycle().shuttingDown;

/** Marks the process as going away: the ready check answers 503 from now on. */
export function markShuttingDown(): void {
  lifecycle().shuttingDown = true;
}
