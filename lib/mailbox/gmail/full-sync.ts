import type { SyncCursor, SyncSink } from '@/lib/vocabulary/mailbox-types';
import type { GmailApi } from './api';
import { fetchRawMessages, type GmailMessage } from './messages';

type ListAnswer = { messages?: GmailMessage[]; nextPageToken?: string };

const PAGE_SIZE = 250;

/**
 * Every INBOX and SENT message since `since`. The cursor (the profile's historyId) is taken
 * before listing: whatever arrives during the listing is found again by the next partial sync.
 */
export async function gmailFullSync(api: GmailApi, since: Date, sink: SyncSink): Promise<SyncCursor> {
  const { historyId } = await api<{ historyId: string }>('/profile');
  const after = `after:${Math.floor(since.getTime() / 1000)}`;
  for (const label of ['INBOX', 'SENT']) {
    let pageToken: string | undefined;
    do {
      const page = await api<ListAnswer>('/messages', { query: { labelIds: label, q: after, maxResults: String(PAGE_SIZE), pageToken } });
      const ids = (page.messages ?? []).map((message) => message.id);
      const known = await sink.known(ids);
      const messages = await fetchRawMessages(
        api,
        ids.filter((id) => !known.has(id)),
      );
      if (messages.length > 0) await sink.save({ messages, flags: [], deletedProviderMessageIds: [] });
      pageToken = page.nextPageToken;
    } while (pageToken);
  }
  return { historyId };
}
