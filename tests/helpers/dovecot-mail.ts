import { ImapFlow } from 'imapflow';
import type { Dovecot } from './dovecot';

/** What the tests do in a mailbox of the test Dovecot as the user's other mail programs would. */

/** An IMAP session as the user, as another mail program (a phone, webmail) would open it. */
export async function imapSession<T>(server: Pick<Dovecot, 'host' | 'port'>, user: string, password: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user, pass: password }, logger: false });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Delivers a message into a folder of the user's mailbox (APPEND), unread unless flags say otherwise. */
export async function deliver(server: Pick<Dovecot, 'host' | 'port'>, user: string, password: string, raw: string | Buffer, options: { folder?: string; flags?: string[]; date?: Date } = {}) {
  return imapSession(server, user, password, (client) => client.append(options.folder ?? 'INBOX', raw, options.flags ?? [], options.date));
}

/** The UIDs of the messages of a folder with this Message-ID ('<…>'). */
async function uidsOf(client: ImapFlow, messageId: string): Promise<number[]> {
  return (await client.search({ header: { 'message-id': messageId } }, { uid: true })) || [];
}

/** Marks the message read (or unread) from another client. */
export async function markSeen(server: Pick<Dovecot, 'host' | 'port'>, user: string, password: string, messageId: string, seen: boolean, folder = 'INBOX') {
  await imapSession(server, user, password, async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = await uidsOf(client, messageId);
      if (uids.length === 0) throw new Error(`Messaggio ${messageId} non trovato in ${folder}`);
      if (seen) await client.messageFlagsAdd(uids.join(','), ['\\Seen'], { uid: true });
      else await client.messageFlagsRemove(uids.join(','), ['\\Seen'], { uid: true });
    } finally {
      lock.release();
    }
  });
}

/** The flags of the message as the server holds them. */
export async function flagsAt(server: Pick<Dovecot, 'host' | 'port'>, user: string, password: string, messageId: string, folder = 'INBOX'): Promise<Set<string>> {
  return imapSession(server, user, password, async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      const [uid] = await uidsOf(client, messageId);
      if (!uid) throw new Error(`Messaggio ${messageId} non trovato in ${folder}`);
      const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
      return message ? (message.flags ?? new Set()) : new Set();
    } finally {
      lock.release();
    }
  });
}

/** The message's bytes as the server stored them. */
export async function sourceAt(server: Pick<Dovecot, 'host' | 'port'>, user: string, password: string, messageId: string, folder = 'INBOX'): Promise<Buffer> {
  return imapSession(server, user, password, async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      const [uid] = await uidsOf(client, messageId);
      const message = uid ? await client.fetchOne(String(uid), { source: true }, { uid: true }) : false;
      if (!message || !message.source) throw new Error(`Messaggio ${messageId} non trovato in ${folder}`);
      return message.source;
    } finally {
      lock.release();
    }
  });
}
