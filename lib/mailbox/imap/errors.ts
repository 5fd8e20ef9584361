import { MailboxAuthError } from '@/lib/vocabulary/mailbox-types';

export const AUTH_REFUSED = 'La casella ha rifiutato utente o password: riconnetti la casella.';

type ProtocolError = Error & {
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseCode?: number;
  responseText?: string;
  response?: unknown;
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** IMAP: the library flags a refused login, and the server answers AUTHENTICATIONFAILED. */
export function isImapAuthFailure(error: unknown): boolean {
  const e = error as ProtocolError | null;
  return Boolean(e && (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED'));
}

/** SMTP: 535 is "credentials invalid"; nodemailer marks every refused AUTH with EAUTH. */
export function isSmtpAuthFailure(error: unknown): boolean {
  const e = error as ProtocolError | null;
  return Boolean(e && (e.responseCode === 535 || e.code === 'EAUTH'));
}

/**
 * The error the sync engine and the screens understand: a refused login is for good (the
 * mailbox goes to "riconnetti"); anything else says which server could not be reached.
 */
export function translateError(error: unknown, protocol: 'IMAP' | 'SMTP', host: string, port: number): Error {
  if (error instanceof MailboxAuthError) return error;
  if (protocol === 'IMAP' ? isImapAuthFailure(error) : isSmtpAuthFailure(error)) return new MailboxAuthError(AUTH_REFUSED);
  return new Error(`Server ${protocol} ${host}:${port} non raggiungibile o in errore: ${reasonOf(error)}`, { cause: error });
}
