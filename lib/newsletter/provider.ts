import { createHash } from 'node:crypto';
import { Resend } from 'resend';
import { env } from '@/lib/env';
import { providerDeadline, resendTransportError } from '@/lib/mail/resend-errors';
import { TransportError } from '@/lib/mail/transport';

/** One newsletter mail as the provider's batch endpoint takes it. */
export type BatchMail = { from: string; to: string; subject: string; html: string; headers: Record<string, string> };

/**
 * The mass-mailing provider, with the campsite's own key. The idempotency key is the batch's
 * identity: the same key within the provider's window (24 h at Resend) answers the first outcome
 * and mails nobody again. Ids come back in the order of the mails.
 */
export interface NewsletterProvider {
  sendBatch(mails: BatchMail[], idempotencyKey: string): Promise<{ ids: string[] }>;
}

/** Resend's POST /emails/batch (up to 100 mails a call), waiting at most MAIL_PROVIDER_TIMEOUT_MS. */
export function resendNewsletterProvider(apiKey: string, baseUrl = env().RESEND_BASE_URL, timeoutMs = env().MAIL_PROVIDER_TIMEOUT_MS): NewsletterProvider {
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    async sendBatch(mails, idempotencyKey) {
      const deadline = providerDeadline(timeoutMs);
      const { data, error, headers } = await client.batch.send(
        mails.map((mail) => ({ from: mail.from, to: [mail.to], subject: mail.subject, html: mail.html, headers: mail.headers })),
        { idempotencyKey, signal: deadline.signal },
      );
      if (error) throw resendTransportError(error, headers, deadline);
      const ids = (data?.data ?? []).map((entry) => entry.id);
      if (ids.length !== mails.length) throw new TransportError(`Resend: ${ids.length} id per ${mails.length} e-mail`, false);
      return { ids };
    },
  };
}

/**
 * The embedded demo's provider, used while the installation sends no mail at all (no RESEND_API_KEY
 * nor RESEND_BASE_URL, as for the other mails): every batch is accepted and nothing leaves the
 * machine, so the staff see a newsletter go through its states. Ids derive from the key, as a
 * provider's replay would answer the same ones.
 */
export const captureNewsletterProvider = (): NewsletterProvider => ({
  sendBatch: async (mails, idempotencyKey) => ({
    ids: mails.map((_, index) => `capture-${createHash('sha256').update(`${idempotencyKey}:${index}`).digest('hex').slice(0, 32)}`),
  }),
});

/** Whether newsletters leave through Resend: the installation sends mail (RESEND_API_KEY or RESEND_BASE_URL set). */
export function newslettersLeave(): boolean {
  const { RESEND_API_KEY, RESEND_BASE_URL } = env();
  return Boolean(RESEND_API_KEY || RESEND_BASE_URL);
}

/** Resend with the campsite's key when the installation sends mail; the capture otherwise. */
export function defaultNewsletterProvider(apiKey: string): NewsletterProvider {
  return newslettersLeave() ? resendNewsletterProvider(apiKey, env().RESEND_BASE_URL) : captureNewsletterProvider();
}
