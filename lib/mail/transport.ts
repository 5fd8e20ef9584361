/** One mail as the outbox hands it to a transport. */
export type OutgoingMail = {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  html: string;
  text?: string;
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string>;
};

/**
 * Where mails go: Resend, or the local capture when no key is configured. A transport must
 * treat the idempotency key as the mail's identity: sending the same key twice delivers once.
 */
export interface MailTransport {
  readonly kind: 'resend' | 'capture' | 'mailbox-imap' | 'mailbox-gmail';
  /**
   * The provider's limit: calls under one `key` take turns shared by every instance
   * (lib/mail/send-slots.ts), at most `ratePerSecond`. None for the capture.
   */
  readonly pace?: { key: string; ratePerSecond: number };
  /** `retry`: an earlier attempt of this row may have sent it before it could record so (a crash, a lost answer). */
  send(mail: OutgoingMail, idempotencyKey: string, attempt?: { retry: boolean }): Promise<{ providerMessageId: string | null }>;
}

/**
 * The campsite's own way out, when it has one (its bound mailbox): given by the entry points that
 * may open a mailbox (lib/workflows), so the outbox never depends on the mailbox domain.
 */
export type CampsiteTransports = (campsiteId: string) => Promise<MailTransport | null>;

/** A refusal from the provider; `retryable` ones go back to the outbox for a later attempt. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The capture: the outbox row itself is the mail; nothing leaves the machine. */
export const captureTransport: MailTransport = {
  kind: 'capture',
  send: async () => ({ providerMessageId: null }),
};
