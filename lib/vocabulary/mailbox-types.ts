/**
 * The mailbox as the sync engine sees it, whatever the provider (Gmail's REST API, or IMAP and
 * SMTP). Each client turns its provider's answers into these shapes; the store parses, dedupes
 * and threads them the same way for both.
 */

/** The mailbox a sync or a send works on: its row id and its own address (its campsite is the unit of work's). */
export type MailboxRef = { id: string; address: string };

/** Where a message lies in the mailbox: the client maps Gmail labels and IMAP folders to these. */
export type MailboxFolder = 'INBOX' | 'SENT';

/** One message as the provider holds it. */
export type FetchedMessage = {
  /** Gmail's message id, or 'folder-path:uidvalidity:uid' for IMAP: unique in the mailbox. */
  providerMessageId: string;
  /** Gmail's thread id; null for IMAP, where the store threads by In-Reply-To and References. */
  providerThreadId: string | null;
  /** The whole RFC 5322 message. */
  raw: Buffer;
  folders: MailboxFolder[];
  unread: boolean;
  /** When the provider received it (Gmail's internalDate, IMAP's INTERNALDATE). */
  receivedAt: Date | null;
};

/** A change to a message the store already has (read elsewhere, moved out of the inbox). */
export type FlagUpdate = { providerMessageId: string; unread?: boolean; folders?: MailboxFolder[] };

/** One page of sync work; the store saves it in one transaction. */
export type SyncBatch = { messages: FetchedMessage[]; flags: FlagUpdate[]; deletedProviderMessageIds: string[] };

/** Opaque to the engine, stored as JSON: Gmail's historyId, IMAP's UIDVALIDITY and last UID per folder. */
export type SyncCursor = {
  historyId?: string;
  /** IMAP, per folder path; highestModseq (CONDSTORE) lets the next sync ask only for the flags changed since. */
  folders?: Record<string, { uidValidity: string; lastUid: number; highestModseq?: string }>;
};

/** What a client needs from the store while it syncs. */
export type SyncSink = {
  /** Which of these provider ids the store already holds: their content is not fetched again. */
  known(providerMessageIds: string[]): Promise<Set<string>>;
  /** The provider ids the store holds under this prefix (an IMAP folder in one UIDVALIDITY): those gone at the server go from the store. */
  held(prefix: string): Promise<string[]>;
  save(batch: SyncBatch): Promise<void>;
};

export type OutgoingAttachment = { fileName: string; mimeType: string; content: Buffer };

/** A mail the staff send through the bound mailbox: a reply (with threading headers) or a new one. */
export type OutgoingMail = {
  from: string;
  fromName?: string;
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  text?: string;
  /** Our own Message-ID, '<…@…>': the sync recognises the Sent copy by it. */
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
  /** Gmail files the reply in this conversation. */
  providerThreadId?: string | null;
  attachments?: OutgoingAttachment[];
  /**
   * Called once the provider took the mail, before anything else is attempted (the copy to Sent):
   * the outbox records it there, so a retry after a crash never sends the mail again.
   */
  onAccepted?: () => Promise<void>;
};

export type SentMessage = { providerMessageId: string | null; providerThreadId: string | null; raw: Buffer };

/**
 * Raised by a client when the provider refuses our credentials for good (a revoked or expired
 * grant, a changed password): the mailbox goes to "riconnetti" and stops syncing until bound again.
 */
export class MailboxAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailboxAuthError';
  }
}

/**
 * A server of the mailbox could not be reached: the message says, in words for the admin, what to
 * check (no host, port or system error); the network's own error stays in `cause` for the log.
 */
export class MailboxUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailboxUnreachableError';
  }
}

/** Raised by partialSync when Gmail no longer has history from the cursor (404): a full sync follows. */
export class SyncCursorExpiredError extends Error {
  constructor(message = 'La cronologia della casella è scaduta: serve una sincronizzazione completa.') {
    super(message);
    this.name = 'SyncCursorExpiredError';
  }
}

export interface MailboxClient {
  /** The address of the account, as the provider reports it. */
  address(): Promise<string>;
  /** Every message of INBOX and SENT received since `since`, page by page; returns the cursor to continue from. */
  fullSync(since: Date, sink: SyncSink): Promise<SyncCursor>;
  /** What changed since the cursor; throws SyncCursorExpiredError when the provider lost that point. */
  partialSync(cursor: SyncCursor, sink: SyncSink): Promise<SyncCursor>;
  send(mail: OutgoingMail): Promise<SentMessage>;
  /** Whether the Sent folder holds a message with this Message-ID ('<…@…>'): a send an earlier attempt made before it could record it. */
  sentContains(messageId: string): Promise<boolean>;
  setUnread(providerMessageIds: string[], unread: boolean): Promise<void>;
  /** One message's whole RFC 5322 source (a received attachment is read from it); null when the mailbox no longer has it. */
  source(providerMessageId: string): Promise<Buffer | null>;
  /** Ends our access at the provider (Gmail: revokes the token); IMAP has nothing to revoke. */
  revoke(): Promise<void>;
  close(): Promise<void>;
}
