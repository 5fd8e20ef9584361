import type { Database } from '@/db/client';
import { invalidateOutsideRequest } from '@/lib/cache/remote-invalidation';
import { cacheTags } from '@/lib/cache/tags';
import { contextOf } from '@/lib/context/unit-of-work';
import { refreshChangedCampsites } from '@/lib/dashboard/refresh';
import { deliverOutbox } from '@/lib/workflows/outbox-delivery';
import { sendDueReminders } from '@/lib/workflows/quote-reminders';
import { sendDueStayMails } from '@/lib/workflows/stay-mails';
import { scheduleMailboxSyncs } from '@/lib/mailbox/jobs';
import { recoverNewsletters } from '@/lib/newsletter/worker';
import { env } from '@/lib/env';
import { expireDueQuotes } from '@/lib/quotes/transitions';
import { QUEUES, type QueueName } from '@/lib/jobs/queues';

export type PeriodicJob = {
  queue: QueueName;
  /** Cron in Europe/Rome time; pg-boss sends at most one job a minute per schedule. */
  cron: string;
  label: string;
  /** The cron in words, for the staff. */
  frequency: string;
  description: string;
  run: (db: Database) => Promise<object>;
  /**
   * For a period under cron's minute, or one set in seconds: the queue keeps at most one run
   * waiting across all instances (pg-boss policy 'short'), each run queues the next this many
   * seconds on, and the cron (every minute) only starts the chain again if it was lost. Each
   * worker also queues one run when it starts. job-runner.ts does the rest.
   */
  everySeconds?: () => number;
};

/**
 * Every periodic job of the product. pg-boss sends each occurrence once across all instances,
 * and the work of each is idempotent, so a retry after a crash does no harm.
 */
export const PERIODIC_JOBS: PeriodicJob[] = [
  {
    queue: QUEUES.quoteExpiry,
    cron: '*/10 * * * *',
    frequency: 'ogni 10 minuti',
    label: 'Scadenza dei preventivi',
    description: 'I preventivi non accettati oltre la data di validità diventano «scaduto».',
    run: async (db) => {
      const expired = await expireDueQuotes(contextOf({ kind: 'system', reason: 'quote expiry' }, db));
      // Outside a request: a server drops the guests' cached pages for this job.
      await invalidateOutsideRequest(expired.map(cacheTags.quote));
      return { scaduti: expired.length };
    },
  },
  {
    queue: QUEUES.reminders,
    cron: '5-59/10 * * * *',
    frequency: 'ogni 10 minuti',
    label: 'Solleciti',
    description: 'Invia il sollecito ai clienti che non hanno ancora risposto a un preventivo.',
    run: async (db) => {
      const sent = await sendDueReminders(db);
      if (sent) await deliverOutbox(db);
      return { solleciti: sent };
    },
  },
  {
    queue: QUEUES.stayMails,
    cron: '7-59/10 * * * *',
    frequency: 'ogni 10 minuti',
    label: 'E-mail del soggiorno',
    description: 'Invia agli ospiti il messaggio prima dell’arrivo, quello del giorno prima e il ringraziamento dopo la partenza, se il campeggio li ha attivati.',
    run: async (db) => {
      const report = await sendDueStayMails(db);
      if (report.queued) await deliverOutbox(db);
      return { inviate: report.queued, saltate: report.skipped, nonRiuscite: report.failed };
    },
  },
  {
    queue: QUEUES.outbox,
    cron: '* * * * *',
    frequency: 'ogni minuto',
    label: 'Posta in uscita',
    description: 'Riprova le e-mail non ancora consegnate (ogni e-mail parte subito dopo la modifica che la crea).',
    // Rows are leased, so two instances delivering at once never send a mail twice.
    run: async (db) => {
      const report = await deliverOutbox(db);
      return { consegnate: report.delivered, daRiprovare: report.retrying, nonRiuscite: report.failed };
    },
  },
  {
    queue: QUEUES.dashboard,
    cron: '* * * * *',
    frequency: 'ogni minuto',
    label: 'Aggiornamento della dashboard',
    description: 'Ricalcola i dati della dashboard dei campeggi che hanno avuto modifiche.',
    run: async (db) => ({ campeggi: (await refreshChangedCampsites(db)).length }),
  },
  {
    queue: QUEUES.newsletterRecovery,
    // The backstop; the period is NEWSLETTER_RECOVERY_SECONDS (everySeconds).
    cron: '* * * * *',
    get frequency() {
      return `ogni ${env().NEWSLETTER_RECOVERY_SECONDS} secondi`;
    },
    label: 'Recupero delle newsletter',
    description: 'Riprende i lotti di newsletter lasciati a metà da un arresto e le newsletter in ritardo; gira anche all’avvio di ogni istanza.',
    everySeconds: () => env().NEWSLETTER_RECOVERY_SECONDS,
    run: recoverNewsletters,
  },
  {
    queue: QUEUES.mailboxSchedule,
    cron: '* * * * *',
    frequency: 'ogni minuto',
    label: 'Sincronizzazione delle caselle',
    description: 'Legge la posta nuova delle caselle collegate (Gmail o IMAP) e la collega a clienti e preventivi.',
    run: scheduleMailboxSyncs,
  },
];

export const periodicJob = (queue: string) => PERIODIC_JOBS.find((job) => job.queue === queue);
