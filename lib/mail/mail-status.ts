import type { OutboxStatus } from '@/db/schema';

/**
 * What became of a mail the CRM wrote, the one wording every staff page uses: the outbox row
 * knows best (it alone tells a captured preview from a real delivery); a trace without one was
 * recorded from outside (the legacy API, the mailbox) and says only sent or not.
 */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'captured' | 'failed' | 'unsent';

export const MAIL_STATUSES: readonly MailStatus[] = ['pending', 'sending', 'sent', 'captured', 'failed', 'unsent'];

export type MailStatusFacts = {
  direction: 'in' | 'out';
  /** The outbox row's status when the CRM queued the mail itself; null for a recorded trace. */
  outboxStatus: OutboxStatus | null;
  /** The trace's own flag (is_sent), set on delivery and by whoever recorded it. */
  isSent: boolean;
};

/** The status to show, or null for a received mail (it has no delivery of ours to tell). */
export function mailStatus(mail: MailStatusFacts): MailStatus | null {
  if (mail.direction === 'in') return null;
  if (mail.outboxStatus) return mail.outboxStatus;
  return mail.isSent ? 'sent' : 'unsent';
}

/**
 * Mails the CRM sends to the campsite itself (the notice that a guest accepted or asked): they are about a
 * guest but not written to them, so the guest's mail history leaves them out.
 */
export const INTERNAL_MAIL_KINDS = ['acceptance-campsite', 'question-campsite'] as const;

/** The status of an outbox row: always a mail we wrote, so never null. */
export const outboxMailStatus = (status: OutboxStatus): MailStatus => mailStatus({ direction: 'out', outboxStatus: status, isSent: false }) ?? status;

/**
 * The wording of a sent mail that says which way it went (the campsite's own mailbox or Resend),
 * or the status itself when the way is unknown or not a delivery (a trace, a mail sent before transports were recorded).
 */
export function mailStatusWording(status: MailStatus, transport: string | null | undefined): MailStatus | 'sentViaMailbox' | 'sentViaResend' {
  if (status !== 'sent') return status;
  if (transport === 'mailbox-imap' || transport === 'mailbox-gmail') return 'sentViaMailbox';
  if (transport === 'resend') return 'sentViaResend';
  return status;
}
