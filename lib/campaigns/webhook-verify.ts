import { Resend } from 'resend';

/** Resend's verifier needs a client; no call is ever made with this placeholder key. */
const verifier = new Resend('re_verifica_webhook');

export type WebhookHeaders = { id: string; timestamp: string; signature: string };

/** The svix-* headers of a delivery, or null when one is missing. */
export function webhookHeaders(headers: Headers): WebhookHeaders | null {
  const id = headers.get('svix-id');
  const timestamp = headers.get('svix-timestamp');
  const signature = headers.get('svix-signature');
  return id && timestamp && signature ? { id, timestamp, signature } : null;
}

/**
 * The event, when the signature (HMAC-SHA256 over `id.timestamp.body` with the campsite's
 * whsec_ secret) matches and the timestamp is within ±5 minutes; null otherwise, whatever the
 * reason (a tampered body, another secret, a stale delivery, a malformed secret).
 */
export function verifyResendWebhook(payload: string, headers: WebhookHeaders, webhookSecret: string): unknown {
  try {
    return verifier.webhooks.verify({ payload, headers, webhookSecret });
  } catch {
    return null;
  }
}
