import { Resend } from 'resend';
import { env } from '@/lib/env';
import { providerDeadline, resendTransportError } from './resend-errors';
import { sendSlotKey } from './send-slots';
import type { MailTransport } from './transport';

/**
 * Sends through Resend's HTTP API; its idempotency key makes a repeated attempt harmless. A call
 * waits at most MAIL_PROVIDER_TIMEOUT_MS, then the mail goes back to the outbox for a later attempt.
 */
export function resendTransport(
  apiKey: string,
  baseUrl?: string,
  timeoutMs = env().MAIL_PROVIDER_TIMEOUT_MS,
  ratePerSecond = env().MAIL_RATE_PER_SECOND,
): MailTransport {
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    kind: 'resend',
    pace: { key: sendSlotKey(apiKey), ratePerSecond },
    async send(mail, idempotencyKey) {
      const deadline = providerDeadline(timeoutMs);
      const { data, error, headers } = await client.emails.send(
        {
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
          attachments: mail.attachments?.map((file) => ({ filename: file.fileName, content: file.content, contentType: file.contentType })),
        },
        { idempotencyKey, signal: deadline.signal },
      );
      if (error) throw resendTransportError(error, headers, deadline);
      return { providerMessageId: data?.id ?? null };
    },
  };
}
