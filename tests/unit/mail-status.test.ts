import { describe, expect, it } from 'vitest';
import { mailStatus, mailStatusWording, outboxMailStatus } from '@/lib/mail/mail-status';

describe('a mail’s status', () => {
  it('follows the outbox row when the CRM queued the mail, whatever the trace says', () => {
    // Delivery sets the trace's is_sent for a captured preview too: the outbox alone knows it never left.
    expect(mailStatus({ direction: 'out', outboxStatus: 'captured', isSent: true })).toBe('captured');
    expect(mailStatus({ direction: 'out', outboxStatus: 'sent', isSent: true })).toBe('sent');
    expect(mailStatus({ direction: 'out', outboxStatus: 'pending', isSent: false })).toBe('pending');
    expect(mailStatus({ direction: 'out', outboxStatus: 'failed', isSent: false })).toBe('failed');
  });

  it('takes the trace’s own flag for a mail recorded from outside the outbox', () => {
    expect(mailStatus({ direction: 'out', outboxStatus: null, isSent: true })).toBe('sent');
    expect(mailStatus({ direction: 'out', outboxStatus: null, isSent: false })).toBe('unsent');
  });

  it('has none for a received mail', () => {
    expect(mailStatus({ direction: 'in', outboxStatus: null, isSent: true })).toBeNull();
  });

  it('gives the outbox page the same words as the traces', () => {
    expect(outboxMailStatus('captured')).toBe(mailStatus({ direction: 'out', outboxStatus: 'captured', isSent: true }));
    expect(outboxMailStatus('sending')).toBe('sending');
  });

  it('says which way a sent mail left: the campsite’s own mailbox or Resend; a preview stays a preview', () => {
    expect(mailStatusWording('sent', 'mailbox-imap')).toBe('sentViaMailbox');
    expect(mailStatusWording('sent', 'mailbox-gmail')).toBe('sentViaMailbox');
    expect(mailStatusWording('sent', 'resend')).toBe('sentViaResend');
    expect(mailStatusWording('captured', 'capture')).toBe('captured');
    expect(mailStatusWording('sent', null)).toBe('sent');
    expect(mailStatusWording('failed', 'resend')).toBe('failed');
  });
});
