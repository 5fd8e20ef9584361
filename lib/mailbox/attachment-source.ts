import { decryptSecret } from '@/lib/crypto/secret-box';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { gmailApi } from './gmail/api';
import type { GmailMessage } from './gmail/messages';
import { accessTokens } from './gmail/tokens';
import { closeImap, openImap } from './imap/connection';
import { translateError } from './imap/errors';
import { parseProviderId } from './imap/folders';
import type { MailboxRow } from './mailbox-row';

const gone = () => new AppError('not_found', 'L’e-mail non è più nella casella: l’allegato non si può scaricare.');

/** The message's raw source from an IMAP server, by the folder, UIDVALIDITY and UID its id holds. */
async function imapSource(row: MailboxRow, providerMessageId: string): Promise<Buffer> {
  const parsed = parseProviderId(providerMessageId);
  if (!parsed || !row.imapSettings) throw gone();
  const settings = row.imapSettings;
  const client = await openImap(settings, decryptSecret(row.encryptedSecret));
  try {
    const lock = await client.getMailboxLock(parsed.path);
    try {
      // Another UIDVALIDITY: the same UID may now name a different message.
      if (String(client.mailbox ? client.mailbox.uidValidity : '') !== parsed.uidValidity) throw gone();
      const message = await client.fetchOne(String(parsed.uid), { source: true }, { uid: true });
      if (!message || !message.source) throw gone();
      return message.source;
    } finally {
      lock.release();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw translateError(error, 'IMAP', settings.imapHost, settings.imapPort);
  } finally {
    await closeImap(client);
  }
}

/** The raw source of one message of the bound mailbox, fetched on demand (we store no attachment bytes). */
export async function messageSource(ctx: CampsiteCtx, row: MailboxRow, providerMessageId: string): Promise<Buffer> {
  if (providerMessageId.startsWith('local:')) throw gone();
  if (row.provider === 'imap') return imapSource(row, providerMessageId);
  const api = gmailApi(accessTokens(ctx, row));
  const message = await api<GmailMessage>(`/messages/${encodeURIComponent(providerMessageId)}`, { query: { format: 'raw' } });
  return Buffer.from(message.raw ?? '', 'base64url');
}
