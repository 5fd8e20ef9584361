import { getDb } from '@/db/client';
import { expireDueQuotes } from '@/lib/quotes/transitions';

const EVERY_MS = 10 * 60 * 1000;

type Job = { name: string; run: () => Promise<unknown> };

const JOBS: Job[] = [{ name: 'scadenza preventivi', run: () => expireDueQuotes(getDb()) }];

const state = globalThis as unknown as { crmJobsStarted?: boolean };

/**
 * Periodic work of the server process (started once by instrumentation.ts). Lists and pages
 * also expire due quotes of their campsite before reading, so a stopped job costs no accuracy.
 */
export function startScheduledJobs(): void {
  if (state.crmJobsStarted) return;
  state.crmJobsStarted = true;
  const tick = async () => {
    for (const job of JOBS) {
      try {
        await job.run();
      } catch (error) {
        console.error(`Attività pianificata non riuscita: ${job.name}`, error);
      }
    }
  };
  setTimeout(tick, 30_000).unref();
  setInterval(tick, EVERY_MS).unref();
}
