import type { ImapSettings } from '@/db/schema';
import { env } from '@/lib/env';
import type { MailboxClient, OutgoingMail, SentMessage, SyncCursor, SyncSink } from '@/lib/vocabulary/mailbox-types';
import { closeImap, openImap } from './connection';
import { translateError } from './errors';
import { fullSyncFolder, partialSyncFolder } from './fetch';
import { setSeen } from './flags';
import { findSentPath, folderTargets, parseProviderId, providerId } from './folders';
import { composeRaw, sendRaw, smtpTransport } from './smtp';
import { logger } from '@/lib/ops/logger.mjs';

export type ImapAccount = { address: string; settings: ImapSettings; password: string };

const syncWindowStart = () => new Date(Date.now() - env().MAILBOX_SYNC_DAYS * 24 * 60 * 60 * 1000);

/**
 * Any mailbox reachable by IMAP (reading, the Sent copy, the read state) and SMTP (sending).
 * It logs in at once, so a refused password surfaces as MailboxAuthError before any work.
 */
export async function imapClient(account: ImapAccount): Promise<MailboxClient> {
  const { settings, password } = account;
  const imap = await openImap(settings, password);
  const transport = smtpTransport(settings, password);
  const imapError = (error: unknown) => translateError(error, 'IMAP', settings.imapHost, settings.imapPort);
  let sentPath: string | null | undefined;
  const sentFolder = async () => (sentPath === undefined ? (sentPath = await findSentPath(imap)) : sentPath);

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      // Our own errors (an expired cursor, an SMTP failure already translated) pass as they are.
      if (error instanceof Error && (error.name === 'SyncCursorExpiredError' || error.name === 'MailboxAuthError')) throw error;
      throw imapError(error);
    }
  };

  return {
    address: async () => account.address,
    fullSync: (since: Date, sink: SyncSink) =>
      guarded(async () => {
        const folders: NonNullable<SyncCursor['folders']> = {};
        for (const target of folderTargets(await sentFolder())) folders[target.path] = await fullSyncFolder(imap, target, since, sink);
        return { folders };
      }),
    partialSync: (cursor: SyncCursor, sink: SyncSink) =>
      guarded(async () => {
        const folders: NonNullable<SyncCursor['folders']> = {};
        for (const target of folderTargets(await sentFolder())) {
          folders[target.path] = await partialSyncFolder(imap, target, cursor.folders?.[target.path], syncWindowStart(), sink);
        }
        return { folders };
      }),
    send: async (mail: OutgoingMail): Promise<SentMessage> => {
      const raw = await composeRaw(mail);
      await sendRaw(transport, settings, mail, raw);
      await mail.onAccepted?.();
      // Sent already: a failed copy must not make the caller send it again.
      const copy = await guarded(async () => {
        const path = await sentFolder();
        return path ? await imap.append(path, raw, ['\\Seen']) : false;
      }).catch((error: unknown) => {
        logger.error({ err: error }, 'Casella IMAP: copia in Inviati non riuscita');
        return false as const;
      });
      const providerMessageId = copy && copy.uid && copy.uidValidity !== undefined ? providerId(copy.destination, String(copy.uidValidity), copy.uid) : null;
      return { providerMessageId, providerThreadId: null, raw };
    },
    sentContains: (messageId: string) =>
      guarded(async () => {
        const path = await sentFolder();
        if (!path) return false;
        const lock = await imap.getMailboxLock(path, { readOnly: true });
        try {
          const found = await imap.search({ header: { 'message-id': messageId } }, { uid: true });
          return Array.isArray(found) && found.length > 0;
        } finally {
          lock.release();
        }
      }),
    setUnread: (ids: string[], unread: boolean) => guarded(() => setSeen(imap, ids, unread)),
    source: (providerMessageId: string) =>
      guarded(async () => {
        const parsed = parseProviderId(providerMessageId);
        if (!parsed) return null;
        const lock = await imap.getMailboxLock(parsed.path, { readOnly: true });
        try {
          // Another UIDVALIDITY: the same UID may now name a different message.
          if (String(imap.mailbox ? imap.mailbox.uidValidity : '') !== parsed.uidValidity) return null;
          const message = await imap.fetchOne(String(parsed.uid), { source: true }, { uid: true });
          return message && message.source ? message.source : null;
        } finally {
          lock.release();
        }
      }),
    // A password is not a grant: there is nothing to revoke at the server.
    revoke: async () => undefined,
    close: async () => {
      transport.close();
      await closeImap(imap);
    },
  };
}
