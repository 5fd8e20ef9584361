import type { ErrorResponse } from 'resend';
import { formatSeconds } from '@/lib/format';
import { TransportError } from './transport';

/** Answers worth another attempt: rate limits, the provider's own failures, no answer at all. */
const RETRYABLE_RESEND_ERRORS = new Set(['rate_limit_exceeded', 'application_error', 'internal_server_error', 'concurrent_idempotent_requests']);

function retryAfterMs(headers: Record<string, string> | null): number | null {
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
 * What a Resend call's error means for our outbox: the deadline's own error when the call hung,
 * otherwise a TransportError that says whether and when to try again.
 */
export function resendTransportError(error: ErrorResponse, headers: Record<string, string> | null, deadline: ReturnType<typeof providerDeadline>): TransportError {
  const timedOut = deadline.timedOut();
  if (timedOut) return timedOut;
  const status = error.statusCode ?? 0;
  const retryable = RETRYABLE_RESEND_ERRORS.has(error.name) || status === 429 || status >= 500 || status === 0;
  return new TransportError(`Resend: ${error.message} (${error.name}${status ? `, ${status}` : ''})`, retryable, retryAfterMs(headers));
}
