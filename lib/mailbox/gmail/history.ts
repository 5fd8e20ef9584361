import type { FlagUpdate, SyncCursor, SyncSink } from '@/lib/vocabulary/mailbox-types';
import { SyncCursorExpiredError } from '@/lib/vocabulary/mailbox-types';
import type { GmailApi } from './api';
import { GoogleHttpError } from './http';
import { fetchRawMessages, foldersOf, isMirrored, type GmailMessage } from './messages';

type LabelChange = { message: GmailMessage; labelIds?: string[] };
type HistoryRecord = {
  id: string;
  messagesAdded?: { message: GmailMessage }[];
  messagesDeleted?: { message: GmailMessage }[];
  labelsAdded?: LabelChange[];
  labelsRemoved?: LabelChange[];
};
type HistoryAnswer = { history?: HistoryRecord[]; nextPageToken?: string; historyId?: string };

const HISTORY_TYPES = ['messageAdded', 'labelAdded', 'labelRemoved', 'messageDeleted'];

/** One page of history as a sync batch: what to fetch, what changed, what is gone. */
function digest(records: HistoryRecord[]) {
  const candidates = new Set<string>();
  const flags = new Map<string, FlagUpdate>();
  const deleted = new Set<string>();
  const labelChange = (change: LabelChange, added: boolean) => {
    const { message } = change;
    // Gmail gives the message's labels after the change; without them only UNREAD's move is known.
    if (message.labelIds) {
      flags.set(message.id, { providerMessageId: message.id, unread: message.labelIds.includes('UNREAD'), folders: foldersOf(message.labelIds) });
      if (isMirrored(message.labelIds)) candidates.add(message.id);
    } else if (change.labelIds?.includes('UNREAD')) {
      flags.set(message.id, { ...flags.get(message.id), providerMessageId: message.id, unread: added });
    }
  };
  for (const record of records) {
    for (const { message } of record.messagesAdded ?? []) {
      if (isMirrored(message.labelIds)) candidates.add(message.id);
      deleted.delete(message.id);
    }
    for (const change of record.labelsAdded ?? []) labelChange(change, true);
    for (const change of record.labelsRemoved ?? []) labelChange(change, false);
    for (const { message } of record.messagesDeleted ?? []) {
      deleted.add(message.id);
      candidates.delete(message.id);
      flags.delete(message.id);
    }
  }
  return { candidates: [...candidates], flags, deleted: [...deleted] };
}

/** What changed since the cursor's historyId; Gmail's 404 means it no longer has that point. */
export async function gmailPartialSync(api: GmailApi, cursor: SyncCursor, sink: SyncSink): Promise<SyncCursor> {
  if (!cursor.historyId) throw new SyncCursorExpiredError();
  let historyId = cursor.historyId;
  let pageToken: string | undefined;
  do {
    let page: HistoryAnswer;
    try {
      page = await api<HistoryAnswer>('/history', { query: { startHistoryId: cursor.historyId, historyTypes: HISTORY_TYPES, maxResults: '500', pageToken } });
    } catch (error) {
      if (error instanceof GoogleHttpError && error.status === 404) throw new SyncCursorExpiredError();
      throw error;
    }
    const { candidates, flags, deleted } = digest(page.history ?? []);
    const known = await sink.known(candidates);
    const messages = await fetchRawMessages(
      api,
      candidates.filter((id) => !known.has(id)),
    );
    const fetched = new Set(messages.map((message) => message.providerMessageId));
    const updates = [...flags.values()].filter((flag) => !fetched.has(flag.providerMessageId));
    if (messages.length + updates.length + deleted.length > 0) await sink.save({ messages, flags: updates, deletedProviderMessageIds: deleted });
    if (page.historyId && BigInt(page.historyId) > BigInt(historyId)) historyId = page.historyId;
    pageToken = page.nextPageToken;
  } while (pageToken);
  return { historyId };
}
