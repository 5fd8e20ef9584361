import { logger } from '@/lib/ops/logger.mjs';
/** Runs once when the server starts: a bad configuration stops it here, with a clear message. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  const parsed = env();
  if (!parsed.AUTH_SECRET) {
    throw new Error('AUTH_SECRET mancante: impostala (almeno 32 caratteri) oppure avvia la demo con `npm run demo`, che ne crea una in .env.local.');
  }
  // server.mjs's SIGTERM handling reaches the job queue and the pools through this hook.
  const { registerShutdownHook } = await import('./lib/health/shutdown-hook');
  registerShutdownHook();
  // The build renders pages in workers of its own: no jobs there.
  if (!parsed.JOBS_IN_SERVER || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startJobWorkers } = await import('./lib/workflows/job-runner');
  // The imports from the old CRM live at the edge (lib/legacy-import): the job runner may not import them.
  const { startLegacyImportWorker } = await import('./lib/legacy-import/job');
  // In the background: a database that is slow to answer must not hold the first request.
  startJobWorkers()
    .then(() => startLegacyImportWorker())
    .catch((error: unknown) => logger.error({ err: error }, 'Attività pianificate non avviate'));
}
