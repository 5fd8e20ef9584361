import { closeDb } from '@/db/client';
import { stopBoss } from '@/lib/jobs/boss';
import { env } from '@/lib/env';
import { closeRedis } from '@/lib/redis/client';

/**
 * What server.mjs's graceful shutdown (lib/ops/shutdown.mjs) needs from inside the Next bundle:
 * the checked settings, and the resources only the bundle holds (pg-boss, the pools, Redis).
 * Handed over on globalThis under a registry symbol: server.mjs cannot import the bundle's modules.
 */
const HOOK = Symbol.for('crm.ops.shutdownHook');

export type ShutdownHook = {
  graceSeconds: number;
  drainSeconds: number;
  /** Stops the job workers (their active jobs finish or are released), then closes the pools and Redis. */
  closeResources: (timeoutMs: number) => Promise<void>;
};

export function registerShutdownHook(): void {
  const { SHUTDOWN_GRACE_SECONDS, SHUTDOWN_DRAIN_SECONDS } = env();
  const hook: ShutdownHook = {
    graceSeconds: SHUTDOWN_GRACE_SECONDS,
    drainSeconds: SHUTDOWN_DRAIN_SECONDS,
    closeResources: async (timeoutMs) => {
      await stopBoss(timeoutMs);
      await Promise.allSettled([closeDb(), closeRedis()]);
    },
  };
  (globalThis as unknown as { [HOOK]?: ShutdownHook })[HOOK] = hook;
}
