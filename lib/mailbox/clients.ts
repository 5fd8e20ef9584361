import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { gmailClient } from './gmail/client';
import { imapClient } from './imap/client';
import type { MailboxRow } from './mailbox-row';
import { MailboxAuthError, type MailboxClient } from '@/lib/vocabulary/mailbox-types';

/**
 * A secret stored under another DATA_ENCRYPTION_KEY (or damaged) cannot be read by any retry:
 * like a revoked grant, only binding the mailbox again mends it.
 */
function readableSecret(row: MailboxRow): string {
  try {
    return decryptSecret(row.encryptedSecret);
  } catch {
    throw new MailboxAuthError('Le credenziali salvate della casella non si leggono più con la chiave attuale del server: ricollega la casella.');
  }
}

/** The client of a bound mailbox, by provider. The caller closes it. */
export async function openMailboxClient(ctx: CampsiteCtx, row: MailboxRow): Promise<MailboxClient> {
  const secret = readableSecret(row);
  if (row.provider === 'gmail') return gmailClient(ctx, row);
  if (!row.imapSettings) throw new Error('Casella IMAP senza impostazioni.');
  return imapClient({ address: row.address, settings: row.imapSettings, password: secret });
}
