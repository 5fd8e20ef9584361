import type { ImapFlow } from 'imapflow';
import type { MailboxFolder } from '@/lib/vocabulary/mailbox-types';

/** A folder the sync reads, and what it stands for in our store. */
export type FolderTarget = { path: string; folder: MailboxFolder };

/** Names servers give the sent folder when they do not announce SPECIAL-USE. */
const SENT_NAMES = ['Sent', 'Sent Items', 'Posta inviata', 'INBOX.Sent', 'INBOX/Sent'];

/** The sent folder: the one flagged \Sent by the server, else one of the usual names; null when there is none. */
export async function findSentPath(client: ImapFlow): Promise<string | null> {
  const folders = await client.list();
  const flagged = folders.find((folder) => folder.specialUse === '\\Sent' && folder.specialUseSource !== 'name');
  if (flagged) return flagged.path;
  for (const name of SENT_NAMES) {
    const found = folders.find((folder) => folder.path.toLowerCase() === name.toLowerCase());
    if (found) return found.path;
  }
  return folders.find((folder) => folder.specialUse === '\\Sent')?.path ?? null;
}

export function folderTargets(sentPath: string | null): FolderTarget[] {
  return sentPath ? [{ path: 'INBOX', folder: 'INBOX' }, { path: sentPath, folder: 'SENT' }] : [{ path: 'INBOX', folder: 'INBOX' }];
}

/** 'path:uidvalidity:uid': a UID names a message only within one UIDVALIDITY of one folder. */
export const providerId = (path: string, uidValidity: string, uid: number) => `${path}:${uidValidity}:${uid}`;

/** The parts of a provider id; the path may itself hold colons, so it is read from the right. */
export function parseProviderId(id: string): { path: string; uidValidity: string; uid: number } | null {
  const match = /^(.+):(\d+):(\d+)$/.exec(id);
  if (!match) return null;
  return { path: match[1]!, uidValidity: match[2]!, uid: Number(match[3]) };
}
