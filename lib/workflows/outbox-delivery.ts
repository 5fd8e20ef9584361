import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { campsiteContext } from '@/lib/context/unit-of-work';
import { QUEUES } from '@/lib/jobs/queues';
import { campsiteSenderName } from '@/lib/mail/campsite-sender';
import { deliverDue, type DeliveryReport } from '@/lib/mail/delivery';
import { mailTransport } from '@/lib/mail/mailer';
import { sendSlotKey } from '@/lib/mail/send-slots';
import { env } from '@/lib/env';
import { TransportError, type CampsiteTransports, type MailTransport } from '@/lib/mail/transport';
import { openMailboxClient } from '@/lib/mailbox/clients';
import { findMailboxRow, markReconnect } from '@/lib/mailbox/mailbox-row';
import { MailboxAuthError, type MailboxClient } from '@/lib/vocabulary/mailbox-types';

/**
 * A campsite's bound, active mailbox as the outbox's transport: its quotes and guest mails leave
 * from its own address (its SMTP and Sent folder, or the Gmail API), under the campsite's name.
 *
 * SMTP has no idempotency key, so a retried row (an earlier attempt may have sent it and crashed
 * before recording) is not sent again when the provider's acceptance was marked on the row
 * (handed_over_at, committed before the copy to Sent), or when Sent holds its Message-ID, chosen
 * at enqueue. A refused login marks the mailbox for «Riconnetti» and the row retries; by then the
 * mailbox is no longer active, so the mail goes the way of a campsite without one (Resend or the
 * preview) instead of waiting for days.
 */
export function mailboxTransports(db: Database): CampsiteTransports {
  return async (campsiteId) => {
    const ctx = campsiteContext({ kind: 'job', campsiteId, job: QUEUES.outbox }, db);
    const row = await findMailboxRow(ctx);
    if (!row || row.status !== 'active') return null;
    const transport: MailTransport = {
      kind: row.provider === 'gmail' ? 'mailbox-gmail' : 'mailbox-imap',
      // A provider counts an account's mails wherever they come from: one set of turns per mailbox.
      pace: { key: sendSlotKey(`mailbox:${row.id}`), ratePerSecond: env().MAILBOX_RATE_PER_SECOND },
      async send(mail, idempotencyKey, attempt) {
        const messageId = mail.headers?.['Message-ID'];
        if (!messageId) throw new TransportError('E-mail senza Message-ID: non può partire dalla casella della struttura.', false);
        const thisRow = and(eq(mailOutbox.campingId, campsiteId), eq(mailOutbox.idempotencyKey, idempotencyKey));
        if (attempt?.retry) {
          const [earlier] = await db.select({ handedOverAt: mailOutbox.handedOverAt }).from(mailOutbox).where(thisRow);
          if (earlier?.handedOverAt) return { providerMessageId: null };
        }
        let client: MailboxClient | undefined;
        try {
          client = await openMailboxClient(ctx, row);
          if (attempt?.retry && (await client.sentContains(messageId))) return { providerMessageId: null };
          const sent = await client.send({
            from: row.address,
            fromName: (await campsiteSenderName(ctx)) || undefined,
            to: mail.to,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            messageId,
            // Recorded before the copy to Sent: a crash during it must not lead to a second send.
            onAccepted: async () => {
              await db.update(mailOutbox).set({ handedOverAt: new Date() }).where(thisRow);
            },
            attachments: (mail.attachments ?? []).map((file) => ({ fileName: file.fileName, mimeType: file.contentType, content: file.content })),
          });
          return { providerMessageId: sent.providerMessageId };
        } catch (error) {
          if (error instanceof MailboxAuthError) {
            await markReconnect(ctx, row, error.message);
            throw new TransportError(`La casella della struttura ha rifiutato l’accesso: ${error.message}`, true);
          }
          throw error;
        } finally {
          await client?.close().catch(() => undefined);
        }
      },
    };
    return transport;
  };
}

/** The outbox delivered by a process that may open mailboxes: the scheduled job, the reminders. */
export const deliverOutbox = (db: Database, options: { now?: Date; campsiteId?: string } = {}): Promise<DeliveryReport> =>
  deliverDue(db, mailTransport(), { ...options, campsiteTransports: mailboxTransports(db) });
