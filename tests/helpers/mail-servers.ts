import { afterAll, beforeAll } from 'vitest';
import type { ImapSettings } from '@/db/schema';
import { startDovecot, type Dovecot } from './dovecot';
import { startSmtpCapture } from './smtp-capture';

type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * A real Dovecot and the SMTP capture for the test file (or describe block) that calls this, with
 * these accounts (address → password), stopped after it. Accounts are all set at once: Dovecot
 * rereads its password file at most once a second.
 */
export function useMailServers(accounts: Record<string, string>) {
  let dovecot: Dovecot | undefined;
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    dovecot = await startDovecot();
    for (const [user, password] of Object.entries(accounts)) await dovecot.setPassword(user, password);
    smtp = await startSmtpCapture();
    for (const [user, password] of Object.entries(accounts)) smtp.setPassword(user, password);
  });
  afterAll(async () => {
    await smtp?.close();
    await dovecot?.stop();
  });
  const started = <T>(server: T | undefined): T => {
    if (!server) throw new Error('Server di posta non avviati: useMailServers va chiamato fuori dai test.');
    return server;
  };
  return {
    get dovecot() {
      return started(dovecot);
    },
    get smtp() {
      return started(smtp);
    },
    /** The binding settings of a mailbox on these servers, logging in as `username`. */
    settings: (username: string): ImapSettings => ({
      imapHost: started(dovecot).host,
      imapPort: started(dovecot).port,
      imapSecure: false,
      smtpHost: started(smtp).host,
      smtpPort: started(smtp).port,
      smtpSecure: false,
      username,
    }),
  };
}
