import type { Database } from '@/db/client';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { gmailClient } from './gmail/client';
import { imapClient } from './imap/client';
import type { MailboxRow } from './mailbox-row';
import type { MailboxClient } from './types';

/** The client of a bound mailbox, by provider. The caller closes it. */
export async function openMailboxClient(db: Database, row: MailboxRow): Promise<MailboxClient> {
  if (row.provider === 'gmail') return gmailClient(db, row);
  if (!row.imapSettings) throw new Error('Casella IMAP senza impostazioni.');
  return imapClient({ address: row.address, settings: row.imapSettings, password: decryptSecret(row.encryptedSecret) });
}
