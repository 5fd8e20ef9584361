import { env } from '@/lib/env';

export type GoogleEndpoints = { authorization: string; token: string; revoke: string; gmail: string };

/** Google's OAuth and Gmail addresses; GOOGLE_OAUTH_BASE_URL points the OAuth ones at a stand-in (tests, demo). */
export function googleEndpoints(): GoogleEndpoints {
  const { GOOGLE_OAUTH_BASE_URL, GMAIL_API_BASE_URL } = env();
  const gmail = `${GMAIL_API_BASE_URL.replace(/\/$/, '')}/gmail/v1/users/me`;
  if (GOOGLE_OAUTH_BASE_URL) {
    const base = GOOGLE_OAUTH_BASE_URL.replace(/\/$/, '');
    return { authorization: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, revoke: `${base}/revoke`, gmail };
  }
  return {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    revoke: 'https://oauth2.googleapis.com/revoke',
    gmail,
  };
}
