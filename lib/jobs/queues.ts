/**
 * The job queues and what their jobs carry. Names are stable: pg-boss keeps history and schedules
 * under them. Every payload names its campsite, so a worker scopes its queries like a request does.
 */
export const QUEUES = {
  quoteExpiry: 'preventivi.scadenza',
  reminders: 'preventivi.solleciti',
  outbox: 'posta.in-uscita',
  dashboard: 'dashboard.aggiornamento',
  /** One job per newsletter: it splits the recipients into batches (issue 12). */
  newsletterSend: 'newsletter.invio',
  /** One job per batch of up to 100 recipients, sent to the provider in one call (issue 12). */
  newsletterBatch: 'newsletter.lotto',
  /** Newsletters a crash or a lost job left behind, every NEWSLETTER_RECOVERY_SECONDS across all instances (issue 25). */
  newsletterRecovery: 'newsletter.recupero',
  /** Every minute: one sync job per bound mailbox (issue 13). */
  mailboxSchedule: 'posta.casella.pianifica',
  /** One job per mailbox sync; at most one queued and one running per mailbox. */
  mailboxSync: 'posta.casella.sincronizza',
  /** Every 10 minutes: the guests' automatic mails before arrival and after departure (issue 32). */
  stayMails: 'soggiorni.email',
  /** One job per import from the old CRM started on the settings screen (issue 30). */
  legacyImport: 'importazione.vecchio-crm',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type NewsletterSendJob = { campsiteId: string; campaignId: string };
/** The batch's recipients live in the ledger (newsletter_recipients), never in the job. */
export type NewsletterBatchJob = { campsiteId: string; campaignId: string; batchNo: number };
export type MailboxSyncJob = { campsiteId: string };
/** The old CRM's login is not here: it waits sealed on the import's row (legacy_imports.secret). */
export type LegacyImportJob = { campsiteId: string; importId: string };
