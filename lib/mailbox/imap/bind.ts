import type { ImapSettings } from '@/db/schema';
import type { StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { saveBinding } from '../binding';
import type { MailboxView } from '../mailbox-row';
import { MailboxAuthError } from '@/lib/vocabulary/mailbox-types';
import { closeImap, openImap } from './connection';
import { unreachableMessage } from './errors';
import { smtpTransport, verifySmtp } from './smtp';

export type ImapBindingInput = { address: string; settings: ImapSettings; password: string };


/** Logs in to both servers before anything is saved, so the form says what is wrong. */
async function verifyAccount(settings: ImapSettings, password: string): Promise<void> {
  try {
    await closeImap(await openImap(settings, password));
  } catch (error) {
    if (error instanceof MailboxAuthError) {
      throw new AppError('bad_request', `Il server IMAP ha rifiutato utente o password (${settings.username}): controlla le credenziali.`, { server: 'imap', reason: 'auth' });
    }
    throw new AppError('bad_request', `Collegamento non riuscito. ${unreachableMessage(error, 'IMAP')}`, { server: 'imap', reason: 'unreachable' });
  }
  const transport = smtpTransport(settings, password);
  try {
    await verifySmtp(transport, settings);
  } catch (error) {
    if (error instanceof MailboxAuthError) {
      throw new AppError('bad_request', `Il server SMTP ha rifiutato utente o password (${settings.username}): controlla le credenziali di invio.`, { server: 'smtp', reason: 'auth' });
    }
    throw new AppError('bad_request', `Collegamento non riuscito. ${unreachableMessage(error, 'SMTP')}`, { server: 'smtp', reason: 'unreachable' });
  } finally {
    transport.close();
  }
}

/** Binds the campsite's mailbox to an IMAP/SMTP account once both servers accepted the login; the password is stored encrypted. */
export async function bindImapMailbox(ctx: StaffCtx, input: ImapBindingInput): Promise<MailboxView> {
  await verifyAccount(input.settings, input.password);
  return saveBinding(ctx, {
    provider: 'imap',
    address: input.address,
    secret: input.password,
    imapSettings: input.settings,
  });
}
