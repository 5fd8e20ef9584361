import { Resend } from 'resend';
import { env } from '@/lib/env';
import { formatSeconds } from '@/lib/format';
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

/**
 * A signal that gives up after `timeoutMs`, and the error to throw when it did: Resend's client
 * turns an aborted call into a generic network error, which would not say that the provider hung.
 */
export function providerDeadline(timeoutMs: number) {
  const signal = AbortSignal.timeout(timeoutMs);
  return {
    signal,
    timedOut: () => (signal.aborted ? new TransportError(`Resend non ha risposto entro ${formatSeconds(timeoutMs)}: nuovo tentativo più tardi.`, true) : null),
  };
}

/**
 * Sends through Resend's HTTP API; its idempotency key makes a repeated attempt harmless. A call
 * waits at most MAIL_PROVIDER_TIMEOUT_MS, then the mail goes back to the outbox for a later attempt.
 */
export function resendTransport(apiKey: string, baseUrl?: string, timeoutMs = env().MAIL_PROVIDER_TIMEOUT_MS): MailTransport {
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    kind: 'resend',
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
      if (error) {
        const timedOut = deadline.timedOut();
        if (timedOut) throw timedOut;
        const status = error.statusCode ?? 0;
        const retryable = RETRYABLE_RESEND_ERRORS.has(error.name) || status === 429 || status >= 500 || status === 0;
        throw new TransportError(`Resend: ${error.message} (${error.name}${status ? `, ${status}` : ''})`, retryable, retryAfterMs(headers));
      }
      return { providerMessageId: data?.id ?? null };
    },
  };
}
