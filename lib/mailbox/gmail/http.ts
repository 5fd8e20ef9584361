import { env } from '@/lib/env';
import { formatSeconds } from '@/lib/format';
import { MailboxUnreachableError } from '@/lib/vocabulary/mailbox-types';

/** An answer of Google's other than 2xx, with its status and OAuth/Gmail error code when it has one. */
export class GoogleHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleHttpError';
  }
}

function errorCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'string' ? status : null;
  }
  return null;
}

/**
 * fetch with a timeout and a JSON answer; a non-2xx answer throws GoogleHttpError. Every call to
 * Google gives up after GMAIL_TIMEOUT_MS: a hung connection must not hold the sync lease.
 */
export async function googleJson<T>(url: string, init: RequestInit = {}, timeoutMs = env().GMAIL_TIMEOUT_MS): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    // In words for the staff; which call timed out goes to the log with the sync's failure.
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new MailboxUnreachableError(`Google non ha risposto entro ${formatSeconds(timeoutMs)}: il CRM riprova da solo tra poco.`, { cause: new Error(`${new URL(url).pathname}: ${error.message}`) });
    }
    throw error;
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const code = errorCode(body);
    throw new GoogleHttpError(response.status, code, `Google ha risposto ${response.status}${code ? ` (${code})` : ''} a ${new URL(url).pathname}`);
  }
  return body as T;
}

/** A form POST (the OAuth endpoints take application/x-www-form-urlencoded). */
export function postForm<T>(url: string, fields: Record<string, string>): Promise<T> {
  return googleJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}
