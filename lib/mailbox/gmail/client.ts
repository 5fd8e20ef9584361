import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import type { MailboxRow } from '../mailbox-row';
import type { MailboxClient } from '@/lib/vocabulary/mailbox-types';
import { gmailApi } from './api';
import { composeMessage } from './compose';
import type { GmailMessage } from './messages';
import { googleEndpoints } from './endpoints';
import { gmailFullSync } from './full-sync';
import { gmailPartialSync } from './history';
import { GoogleHttpError, postForm } from './http';
import { accessTokens } from './tokens';

/** batchModify takes at most 1000 ids a call. */
const MODIFY_CHUNK = 1000;

/** The bound Gmail through its REST API; the access token is refreshed (and stored) as needed. */
export async function gmailClient(ctx: CampsiteCtx, row: MailboxRow): Promise<MailboxClient> {
  const tokens = accessTokens(ctx, row);
  const api = gmailApi(tokens);
  return {
    address: async () => (await api<{ emailAddress: string }>('/profile')).emailAddress,
    fullSync: (since, sink) => gmailFullSync(api, since, sink),
    partialSync: (cursor, sink) => gmailPartialSync(api, cursor, sink),
    async send(mail) {
      const raw = await composeMessage(mail);
      const sent = await api<{ id: string; threadId: string }>('/messages/send', {
        method: 'POST',
        body: { raw: raw.toString('base64url'), ...(mail.providerThreadId ? { threadId: mail.providerThreadId } : {}) },
      });
      await mail.onAccepted?.();
      return { providerMessageId: sent.id, providerThreadId: sent.threadId ?? null, raw };
    },
    async sentContains(messageId) {
      const found = await api<{ messages?: { id: string }[] }>('/messages', { query: { labelIds: 'SENT', maxResults: '1', q: `rfc822msgid:${messageId}` } });
      return (found.messages?.length ?? 0) > 0;
    },
    async source(providerMessageId) {
      const message = await api<GmailMessage>(`/messages/${encodeURIComponent(providerMessageId)}`, { query: { format: 'raw' } });
      return message.raw ? Buffer.from(message.raw, 'base64url') : null;
    },
    async setUnread(ids, unread) {
      for (let start = 0; start < ids.length; start += MODIFY_CHUNK) {
        const chunk = ids.slice(start, start + MODIFY_CHUNK);
        await api('/messages/batchModify', { method: 'POST', body: { ids: chunk, ...(unread ? { addLabelIds: ['UNREAD'] } : { removeLabelIds: ['UNREAD'] }) } });
      }
    },
    async revoke() {
      try {
        await postForm(googleEndpoints().revoke, { token: tokens.refreshToken });
      } catch (error) {
        // Already revoked (from the Google account’s security page, or by an earlier attempt): the goal is reached.
        if (error instanceof GoogleHttpError && error.status === 400 && error.code === 'invalid_token') return;
        throw error;
      }
    },
    close: async () => undefined,
  };
}
