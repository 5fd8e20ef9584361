import type { FetchedMessage, MailboxFolder } from '@/lib/vocabulary/mailbox-types';
import type { GmailApi } from './api';
import { GoogleHttpError } from './http';

/** A message as Gmail's REST API describes it (list, get, history). */
export type GmailMessage = { id: string; threadId?: string; labelIds?: string[]; internalDate?: string; historyId?: string; raw?: string };

/** How many messages are fetched at once: Gmail's per-user quota allows more, a campsite's server may not. */
const CONCURRENCY = 8;

/** The labels we mirror: INBOX and SENT are our folders; drafts are not mail yet, trash and spam are out of sight. */
export function foldersOf(labelIds: string[] = []): MailboxFolder[] {
  const folders: MailboxFolder[] = [];
  if (labelIds.includes('TRASH') || labelIds.includes('SPAM')) return folders;
  if (labelIds.includes('INBOX')) folders.push('INBOX');
  if (labelIds.includes('SENT')) folders.push('SENT');
  return folders;
}

export const isMirrored = (labelIds: string[] = []) => !labelIds.includes('DRAFT') && foldersOf(labelIds).length > 0;

export function toFetched(message: GmailMessage): FetchedMessage {
  return {
    providerMessageId: message.id,
    providerThreadId: message.threadId ?? null,
    raw: Buffer.from(message.raw ?? '', 'base64url'),
    folders: foldersOf(message.labelIds),
    unread: (message.labelIds ?? []).includes('UNREAD'),
    receivedAt: message.internalDate ? new Date(Number(message.internalDate)) : null,
  };
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The raw source of these messages, a few at a time; one deleted since it was listed (404) is skipped. */
export async function fetchRawMessages(api: GmailApi, ids: string[]): Promise<FetchedMessage[]> {
  const fetched = await mapLimit(ids, CONCURRENCY, async (id) => {
    try {
      return await api<GmailMessage>(`/messages/${encodeURIComponent(id)}`, { query: { format: 'raw' } });
    } catch (error) {
      if (error instanceof GoogleHttpError && error.status === 404) return null;
      throw error;
    }
  });
  return fetched.filter((message): message is GmailMessage => message !== null && isMirrored(message.labelIds)).map(toFetched);
}
