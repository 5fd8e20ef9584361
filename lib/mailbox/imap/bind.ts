import type { Database } from '@/db/client';
import type { ImapSettings } from '@/db/schema';
import { AppError } from '@/lib/errors';
import type { MailboxView } from '../mailbox-row';

// STUB — drop at merge: stands for the IMAP helper's binding until its branch lands.
export async function bindImapMailbox(
  db: Database,
  input: { campsiteId: string; userId: string; address: string; settings: ImapSettings; password: string },
): Promise<MailboxView> {
  throw new AppError('unavailable', `Collegamento IMAP non ancora disponibile per ${input.address} (${typeof db}).`);
}
