/** Runs once when the server starts: a bad configuration stops it here, with a clear message. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env');
  const parsed = env();
  if (!parsed.AUTH_SECRET) {
    throw new Error('AUTH_SECRET mancante: impostala (almeno 32 caratteri) oppure avvia la demo con `npm run demo`, che ne crea una in .env.local.');
  }
  const { startScheduledJobs } = await import('./lib/jobs/scheduler');
  startScheduledJobs();
}
