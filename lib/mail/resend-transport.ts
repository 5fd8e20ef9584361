import { Resend } from 'resend';
import { TransportError, type MailTransport } from './transport';

/** Answers worth another attempt: rate limits, the provider's own failures, no answer at all. */
export const RETRYABLE_RESEND_ERRORS = new Set(['rate_limit_exceeded', 'application_error', 'internal_server_error', 'concurrent_idempotent_requests']);

export function retryAfterMs(headers: Record<string, string> | null): number | null {
  const value = headers?.['retry-after'];
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Sends through Resend's HTTP API; its idempotency key makes a repeated attempt harmless. */
export function resendTransport(apiKey: string, baseUrl?: string): MailTransport {
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    kind: 'resend',
    async send(mail, idempotencyKey) {
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
        { idempotencyKey },
      );
      if (error) {
        const status = error.statusCode ?? 0;
        const retryable = RETRYABLE_RESEND_ERRORS.has(error.name) || status === 429 || status >= 500 || status === 0;
        throw new TransportError(`Resend: ${error.message} (${error.name}${status ? `, ${status}` : ''})`, retryable, retryAfterMs(headers));
      }
      return { providerMessageId: data?.id ?? null };
    },
  };
}
