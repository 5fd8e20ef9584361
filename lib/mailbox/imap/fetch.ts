import type { FetchMessageObject, ImapFlow, MailboxObject } from 'imapflow';
import { SyncCursorExpiredError, type FetchedMessage, type FlagUpdate, type SyncSink } from '@/lib/vocabulary/mailbox-types';
import { parseProviderId, providerId, type FolderTarget } from './folders';

/** Messages fetched and saved together: one store transaction each. */
const PAGE_SIZE = 100;

export type FolderState = { uidValidity: string; lastUid: number; highestModseq?: string };

const unreadOf = (flags: Set<string> | undefined) => !flags?.has('\\Seen');
const ascending = (uids: number[]) => [...uids].sort((a, b) => a - b);
const maxOf = (values: number[]) => values.reduce((max, value) => Math.max(max, value), 0);

function selected(client: ImapFlow): MailboxObject {
  if (!client.mailbox) throw new Error('Cartella IMAP non aperta.');
  return client.mailbox;
}

/**
 * The folder as SELECT found it. The modseq is read now, not at the end: the library updates it
 * as the server reports changes, and a change made meanwhile by another client must not be skipped.
 */
function openedState(box: MailboxObject): FolderState {
  const state: FolderState = { uidValidity: String(box.uidValidity), lastUid: box.uidNext - 1 };
  if (box.highestModseq !== undefined && !box.noModseq) state.highestModseq = box.highestModseq.toString();
  return state;
}

function toFetched(target: FolderTarget, uidValidity: string, message: FetchMessageObject): FetchedMessage {
  const date = message.internalDate ? new Date(message.internalDate) : null;
  return {
    providerMessageId: providerId(target.path, uidValidity, message.uid),
    providerThreadId: null,
    raw: message.source!,
    folders: [target.folder],
    unread: unreadOf(message.flags),
    receivedAt: date && !Number.isNaN(date.getTime()) ? date : null,
  };
}

/** Page by page: the content of the UIDs the store lacks, only the flags of those it holds. */
async function syncUids(client: ImapFlow, target: FolderTarget, uidValidity: string, uids: number[], sink: SyncSink): Promise<void> {
  for (let start = 0; start < uids.length; start += PAGE_SIZE) {
    const page = uids.slice(start, start + PAGE_SIZE);
    const known = await sink.known(page.map((uid) => providerId(target.path, uidValidity, uid)));
    const isKnown = (uid: number) => known.has(providerId(target.path, uidValidity, uid));
    const missing = page.filter((uid) => !isKnown(uid));
    const held = page.filter(isKnown);
    const fetched = missing.length ? await client.fetchAll(missing.join(','), { uid: true, source: true, flags: true, internalDate: true }, { uid: true }) : [];
    const flagged = held.length ? await client.fetchAll(held.join(','), { uid: true, flags: true }, { uid: true }) : [];
    await sink.save({
      messages: fetched.filter((message) => message.source).map((message) => toFetched(target, uidValidity, message)),
      flags: flagged.map((message) => ({ providerMessageId: providerId(target.path, uidValidity, message.uid), unread: unreadOf(message.flags) })),
      deletedProviderMessageIds: [],
    });
  }
}

/** Every message of the folder received since `since`. */
export async function fullSyncFolder(client: ImapFlow, target: FolderTarget, since: Date, sink: SyncSink): Promise<FolderState> {
  const lock = await client.getMailboxLock(target.path);
  try {
    const box = selected(client);
    // Taken before the search: a message arriving meanwhile is either found now or after lastUid next time.
    const opened = openedState(box);
    const uids = box.exists === 0 ? [] : ascending((await client.search({ since }, { uid: true })) || []);
    await syncUids(client, target, opened.uidValidity, uids, sink);
    return { ...opened, lastUid: Math.max(opened.lastUid, maxOf(uids)) };
  } finally {
    lock.release();
  }
}

/**
 * What arrived after the cursor, the read state changed elsewhere, and what was deleted or moved
 * away at the server. A new UIDVALIDITY means the UIDs we hold name nothing any more: the engine
 * starts a full sync.
 */
export async function partialSyncFolder(client: ImapFlow, target: FolderTarget, previous: FolderState | undefined, since: Date, sink: SyncSink): Promise<FolderState> {
  const lock = await client.getMailboxLock(target.path);
  try {
    const box = selected(client);
    const opened = openedState(box);
    const uidValidity = opened.uidValidity;
    if (!previous || previous.uidValidity !== uidValidity) throw new SyncCursorExpiredError();
    let uids: number[] = [];
    if (box.exists > 0 && opened.lastUid > previous.lastUid) {
      // 'n:*' answers the last message even when every UID is below n: keep only the new ones.
      const found = (await client.search({ uid: `${previous.lastUid + 1}:*` }, { uid: true })) || [];
      uids = ascending(found.filter((uid) => uid > previous.lastUid));
    }
    await syncUids(client, target, uidValidity, uids, sink);
    const flags = await changedFlags(client, target, box.exists, opened, previous, since);
    const gone = await vanished(client, target, box.exists, previous, sink);
    if (flags.length || gone.length) await sink.save({ messages: [], flags, deletedProviderMessageIds: gone });
    return { ...opened, lastUid: Math.max(previous.lastUid, opened.lastUid, maxOf(uids)) };
  } finally {
    lock.release();
  }
}

/**
 * The read state of the messages we already had. With CONDSTORE only those changed since the
 * last sync (nothing at all when the folder's modseq did not move); without it, the flags of the
 * sync window's messages, a few bytes each.
 */
async function changedFlags(client: ImapFlow, target: FolderTarget, exists: number, opened: FolderState, previous: FolderState, since: Date): Promise<FlagUpdate[]> {
  if (previous.lastUid < 1 || exists === 0) return [];
  const range = `1:${previous.lastUid}`;
  let messages: FetchMessageObject[];
  if (previous.highestModseq && opened.highestModseq) {
    if (opened.highestModseq === previous.highestModseq) return [];
    messages = await client.fetchAll(range, { uid: true, flags: true }, { uid: true, changedSince: BigInt(previous.highestModseq) });
  } else {
    const inWindow = (await client.search({ since, uid: range }, { uid: true })) || [];
    if (inWindow.length === 0) return [];
    messages = await client.fetchAll(`${inWindow.reduce((min, uid) => Math.min(min, uid))}:${previous.lastUid}`, { uid: true, flags: true }, { uid: true });
  }
  return messages
    .filter((message) => message.uid <= previous.lastUid)
    .map((message) => ({ providerMessageId: providerId(target.path, previous.uidValidity, message.uid), unread: unreadOf(message.flags) }));
}

/**
 * The messages we hold from this folder that the server no longer has (deleted, or moved to a
 * folder we do not read): a UID is never reused within one UIDVALIDITY, so a held UID the
 * server does not list is gone. One UID SEARCH over the held range: a few bytes per message.
 */
async function vanished(client: ImapFlow, target: FolderTarget, exists: number, previous: FolderState, sink: SyncSink): Promise<string[]> {
  const held = (await sink.held(providerId(target.path, previous.uidValidity, 0).slice(0, -1)))
    .map((id) => ({ id, uid: parseProviderId(id)?.uid ?? 0 }))
    .filter((message) => message.uid > 0 && message.uid <= previous.lastUid);
  if (held.length === 0) return [];
  const lowest = held.reduce((min, message) => Math.min(min, message.uid), Infinity);
  const present = new Set(exists === 0 ? [] : (await client.search({ uid: `${lowest}:${previous.lastUid}` }, { uid: true })) || []);
  return held.filter((message) => !present.has(message.uid)).map((message) => message.id);
}
