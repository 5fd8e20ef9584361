import type { ImapFlow } from 'imapflow';
import { parseProviderId } from './folders';

/**
 * Marks messages read or unread at the server, folder by folder. A message whose folder has
 * another UIDVALIDITY now is left alone: its UID may name a different message there.
 */
export async function setSeen(client: ImapFlow, providerMessageIds: string[], unread: boolean): Promise<void> {
  const byFolder = new Map<string, { uidValidity: string; uid: number }[]>();
  for (const id of providerMessageIds) {
    const parsed = parseProviderId(id);
    if (!parsed) continue;
    byFolder.set(parsed.path, [...(byFolder.get(parsed.path) ?? []), parsed]);
  }
  for (const [path, messages] of byFolder) {
    const lock = await client.getMailboxLock(path);
    try {
      const uidValidity = String(client.mailbox ? client.mailbox.uidValidity : '');
      const uids = messages.filter((message) => message.uidValidity === uidValidity).map((message) => message.uid);
      if (uids.length === 0) continue;
      if (unread) await client.messageFlagsRemove(uids.join(','), ['\\Seen'], { uid: true });
      else await client.messageFlagsAdd(uids.join(','), ['\\Seen'], { uid: true });
    } finally {
      lock.release();
    }
  }
}
