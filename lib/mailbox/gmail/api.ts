import { MailboxAuthError } from '@/lib/vocabulary/mailbox-types';
import { googleEndpoints } from './endpoints';
import { GoogleHttpError, googleJson } from './http';
import { REVOKED_MESSAGE, type AccessTokens } from './tokens';

export type GmailApi = <T>(path: string, init?: { method?: 'GET' | 'POST'; query?: Record<string, string | string[] | undefined>; body?: unknown }) => Promise<T>;

/**
 * Calls Gmail's REST API as the bound account. A 401 with a stored token is retried once with a
 * fresh one (Google may end a token early); a 401 with a fresh token means access is gone.
 */
export function gmailApi(tokens: AccessTokens): GmailApi {
  return async function call<T>(path: string, init: Parameters<GmailApi>[1] = {}): Promise<T> {
    const url = new URL(`${googleEndpoints().gmail}${path}`);
    for (const [name, value] of Object.entries(init.query ?? {})) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) url.searchParams.append(name, item);
    }
    const request = (token: string) =>
      googleJson<T>(url.toString(), {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    try {
      return await request(await tokens.current());
    } catch (error) {
      if (!(error instanceof GoogleHttpError) || error.status !== 401) throw error;
    }
    try {
      return await request(await tokens.refresh());
    } catch (error) {
      if (error instanceof GoogleHttpError && error.status === 401) throw new MailboxAuthError(REVOKED_MESSAGE);
      throw error;
    }
  };
}
