import type { DbOrTx } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { newId } from '@/lib/ids';
import { captureNewsletterProvider, type NewsletterProvider } from './provider';

/**
 * The demo's newsletter provider (no mail leaves the machine) that keeps what it was given: every
 * mail of a batch, and every test send, goes to the campsite's outbox as 'captured', so the staff
 * read at /mail («Posta in uscita (anteprima locale)») what each guest would have received, like
 * every other mail of the demo. A batch handed over again after a crash writes nothing twice: each
 * row's key is the batch's idempotency key and the mail's place in it.
 */
export function outboxCaptureProvider(db: DbOrTx, campsiteId: string): NewsletterProvider {
  const capture = captureNewsletterProvider();
  return {
    async sendBatch(mails, idempotencyKey) {
      const { ids } = await capture.sendBatch(mails, idempotencyKey);
      const now = new Date();
      if (mails.length > 0) {
        await db
          .insert(mailOutbox)
          .values(
            mails.map((mail, index) => ({
              id: newId(),
              campingId: campsiteId,
              idempotencyKey: `${campsiteId}:newsletter:${idempotencyKey}:${index}`,
              kind: 'newsletter',
              fromAddress: mail.from,
              recipients: [mail.to],
              subject: mail.subject,
              html: mail.html,
              status: 'captured' as const,
              attempts: 1,
              providerMessageId: ids[index],
              sentAt: now,
            })),
          )
          .onConflictDoNothing();
      }
      return { ids };
    },
  };
}
