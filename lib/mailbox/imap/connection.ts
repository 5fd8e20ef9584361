import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import type { ImapSettings } from '@/db/schema';
import { translateError } from './errors';

/** Short enough that a sync or the binding form does not hang on a dead server. */
const CONNECTION_TIMEOUT_MS = 15_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 120_000;

/**
 * A logged-in IMAP connection; a refused login becomes MailboxAuthError, anything else an Italian
 * Error. `tuning`: what a connection held open for IDLE sets differently (its timeouts).
 */
export async function openImap(settings: ImapSettings, password: string, tuning: Partial<ImapFlowOptions> = {}): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: settings.imapHost,
    port: settings.imapPort,
    secure: settings.imapSecure,
    auth: { user: settings.username, pass: password },
    logger: false,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    ...tuning,
  });
  // Without a listener a dropped socket would be an unhandled 'error' event; the pending command rejects anyway.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw translateError(error, 'IMAP', settings.imapHost, settings.imapPort);
  }
  return client;
}

/** Logs out, or drops the socket when the server does not answer any more. */
export async function closeImap(client: ImapFlow): Promise<void> {
  if (!client.usable) {
    client.close();
    return;
  }
  await client.logout().catch(() => client.close());
}
