import { MailboxAuthError, MailboxUnreachableError } from '@/lib/vocabulary/mailbox-types';
import { logger } from '@/lib/ops/logger.mjs';

export const AUTH_REFUSED = 'La casella ha rifiutato utente o password: riconnetti la casella.';

type ProtocolError = Error & {
  code?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseCode?: number;
  responseText?: string;
  response?: unknown;
};

/** The error at the bottom of the chain: the network's own (getaddrinfo, refused, TLS…). */
function rootOf(error: unknown): ProtocolError | undefined {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? (current as ProtocolError) : undefined;
}

const SERVER_NAME = { IMAP: 'della posta in arrivo (IMAP)', SMTP: 'della posta in uscita (SMTP)' } as const;

/**
 * What the admin can do about a server that did not answer, in their words: the name does not
 * exist, nothing listens on the port, the SSL choice does not match, or no answer at all. Host,
 * port and the system's message go to the server log only.
 */
export function unreachableMessage(error: unknown, protocol: 'IMAP' | 'SMTP'): string {
  const root = rootOf(error);
  const code = root?.code ?? '';
  const text = `${root?.message ?? ''}`;
  const server = SERVER_NAME[protocol];
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /getaddrinfo/i.test(text)) return `Il server ${server} non esiste con questo nome: controlla che il nome del server sia scritto giusto.`;
  if (code === 'ECONNREFUSED') return `Il server ${server} non accetta collegamenti su questa porta: controlla la porta indicata dal tuo fornitore di posta.`;
  if (/ssl|tls|certificate|wrong version/i.test(`${code} ${text}`)) return `Il server ${server} non si collega con questa impostazione SSL: prova a cambiare SSL o la porta, come indicato dal tuo fornitore di posta.`;
  return `Il server ${server} non risponde: controlla nome del server, porta e SSL, oppure riprova tra qualche minuto.`;
}

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
 * mailbox goes to "riconnetti"); anything else says, in words, what to check on which server
 * (host, port and the network's error go to the server log).
 */
export function translateError(error: unknown, protocol: 'IMAP' | 'SMTP', host: string, port: number): Error {
  if (error instanceof MailboxAuthError) return error;
  if (protocol === 'IMAP' ? isImapAuthFailure(error) : isSmtpAuthFailure(error)) return new MailboxAuthError(AUTH_REFUSED);
  logger.error({ err: error }, `Casella: server ${protocol} ${host}:${port} non raggiungibile o in errore`);
  return new MailboxUnreachableError(unreachableMessage(error, protocol), { cause: error });
}
