import { and, eq } from 'drizzle-orm';
import { mailboxes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import { env } from '@/lib/env';
import type { MailboxRow } from '../mailbox-row';
import { MailboxAuthError } from '@/lib/vocabulary/mailbox-types';
import { googleEndpoints } from './endpoints';
import { GoogleHttpError, postForm } from './http';

/** What Google's token endpoint answers (code exchange and refresh alike). */
export type TokenAnswer = { access_token: string; expires_in: number; refresh_token?: string; scope?: string; token_type?: string; id_token?: string };

export const REVOKED_MESSAGE = 'Google ha revocato l’accesso alla casella: riconnetti l’account.';

/** A token this close to its end is refreshed first: it could expire on the way. */
const MARGIN_MS = 60_000;

export function googleClientCredentials(): { clientId: string; clientSecret: string } {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET) throw new Error('Accesso a Google non configurato: imposta GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET.');
  return { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET };
}

export type AccessTokens = {
  /** A token valid for at least a minute: the stored one, else a new one. */
  current(): Promise<string>;
  /** A new token from the refresh token, whatever the stored one says. */
  refresh(): Promise<string>;
  refreshToken: string;
  /** When the token current() last gave ends. */
  expiresAt(): Date | null;
};

/**
 * The access token of a bound Gmail: refreshed with the refresh token when near its end and
 * stored again (encrypted) on the mailbox row. A refresh Google answers invalid_grant means the
 * grant was revoked or expired: MailboxAuthError, the mailbox goes to "riconnetti".
 */
export function accessTokens(ctx: CampsiteCtx, row: MailboxRow): AccessTokens {
  const refreshToken = decryptSecret(row.encryptedSecret);
  let token: { value: string; expiresAt: number } | null =
    row.encryptedAccessToken && row.accessTokenExpiresAt ? { value: decryptSecret(row.encryptedAccessToken), expiresAt: row.accessTokenExpiresAt.getTime() } : null;
  // Several calls run at once during a sync: they share one refresh.
  let refreshing: Promise<string> | null = null;

  async function doRefresh(): Promise<string> {
    const { clientId, clientSecret } = googleClientCredentials();
    let answer: TokenAnswer;
    try {
      answer = await postForm<TokenAnswer>(googleEndpoints().token, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret });
    } catch (error) {
      if (error instanceof GoogleHttpError && (error.status === 400 || error.status === 401) && error.code === 'invalid_grant') throw new MailboxAuthError(REVOKED_MESSAGE);
      throw error;
    }
    const expiresAt = new Date(Date.now() + answer.expires_in * 1000);
    token = { value: answer.access_token, expiresAt: expiresAt.getTime() };
    await ctx.db
      .update(mailboxes)
      .set({ encryptedAccessToken: encryptSecret(answer.access_token), accessTokenExpiresAt: expiresAt })
      .where(and(eq(mailboxes.id, row.id), eq(mailboxes.campingId, ctx.campsiteId)));
    return answer.access_token;
  }

  const refresh = () => {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    refreshToken,
    refresh,
    current: async () => (token && token.expiresAt - MARGIN_MS > Date.now() ? token.value : refresh()),
    expiresAt: () => (token ? new Date(token.expiresAt) : null),
  };
}
