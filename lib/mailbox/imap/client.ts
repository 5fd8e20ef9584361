import type { ImapSettings } from '@/db/schema';
import type { MailboxClient } from '../types';

export type ImapAccount = { address: string; settings: ImapSettings; password: string };

/** Placeholder until the IMAP/SMTP client lands. */
export async function imapClient(account: ImapAccount): Promise<MailboxClient> {
  throw new Error(`Client IMAP non ancora disponibile per ${account.address}.`);
}
