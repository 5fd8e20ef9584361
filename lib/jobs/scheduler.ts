import { getDb } from '@/db/client';
import { refreshChangedCampsites } from '@/lib/dashboard/refresh';
import { deliverNow } from '@/lib/mail/mailer';
import { sendDueReminders } from '@/lib/mail/reminders';
import { expireDueQuotes } from '@/lib/quotes/transitions';

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

const JOBS: Job[] = [
  { name: 'scadenza preventivi', everyMs: 10 * 60_000, run: () => expireDueQuotes(getDb()) },
  { name: 'solleciti', everyMs: 10 * 60_000, run: async () => (await sendDueReminders(getDb())) && deliverNow() },
  // Mails are delivered right after the change that queued them; this catches retries and crashes.
  { name: 'posta in uscita', everyMs: 30_000, run: () => deliverNow() },
  // Only campsites marked as changed (triggers of migration 0007) are rebuilt; each instance claims its own.
  { name: 'dashboard', everyMs: 60_000, run: () => refreshChangedCampsites(getDb()) },
];

const state = globalThis as unknown as { crmJobsStarted?: boolean };

/**
 * Periodic work of the server process (started once by instrumentation.ts). Lists and pages
 * also expire due quotes of their campsite before reading, so a stopped job costs no accuracy.
 */
export function startScheduledJobs(): void {
  if (state.crmJobsStarted) return;
  state.crmJobsStarted = true;
  for (const job of JOBS) {
    const tick = async () => {
      try {
        await job.run();
      } catch (error) {
        console.error(`Attività pianificata non riuscita: ${job.name}`, error);
      }
    };
    setTimeout(tick, 30_000).unref();
    setInterval(tick, job.everyMs).unref();
  }
}
