import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StandInAccount, type StoredMessage } from './gmail-stand-in-account';

export { StandInAccount } from './gmail-stand-in-account';

type Answer = (status: number, json?: unknown) => void;
type Code = { account: StandInAccount; codeChallenge: string; redirectUri: string; scope: string; withoutRefreshToken: boolean };

const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;
const GMAIL_SCOPES = 'https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.modify';
const gmailError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

/**
 * A local server that speaks the part of Google's protocol the Gmail client uses: the OAuth token
 * endpoint (authorization code with PKCE S256, refresh token, invalid_grant once revoked), the
 * revoke endpoint, and Gmail's REST API (profile, messages list/get/send/modify/batchModify,
 * history with 404 past the history it kept). Every Gmail call needs a live bearer token.
 */
export async function startGmailStandIn(options: { clientId: string; clientSecret: string }) {
  const accounts = new Map<string, StandInAccount>();
  const codes = new Map<string, Code>();
  const accessTokens = new Map<string, { account: StandInAccount; refreshToken: string; expiresAt: number }>();
  const calls: { method: string; path: string }[] = [];
  const revokeCalls: string[] = [];
  let tokenLifetimeSeconds = 3599;
  let hanging = false;

  function account(address: string): StandInAccount {
    let found = accounts.get(address);
    if (!found) accounts.set(address, (found = new StandInAccount(address)));
    return found;
  }

  function grantLive(refreshToken: string) {
    for (const candidate of accounts.values()) {
      const grant = candidate.refreshTokens.get(refreshToken);
      if (grant?.active) return candidate;
    }
    return null;
  }

  function issueAccessToken(owner: StandInAccount, refreshToken: string) {
    const value = token('ya29');
    accessTokens.set(value, { account: owner, refreshToken, expiresAt: Date.now() + tokenLifetimeSeconds * 1000 });
    return value;
  }

  function tokenEndpoint(form: URLSearchParams, answer: Answer) {
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return answer(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!code || code.redirectUri !== form.get('redirect_uri')) return answer(400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
      if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) return answer(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      const refreshToken = token('1//refresh');
      code.account.refreshTokens.set(refreshToken, { active: true });
      return answer(200, {
        access_token: issueAccessToken(code.account, refreshToken),
        expires_in: tokenLifetimeSeconds,
        ...(code.withoutRefreshToken ? {} : { refresh_token: refreshToken }),
        scope: code.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const owner = grantLive(refreshToken);
      if (!owner) return answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return answer(200, { access_token: issueAccessToken(owner, refreshToken), expires_in: tokenLifetimeSeconds, scope: GMAIL_SCOPES, token_type: 'Bearer' });
    }
    answer(400, { error: 'unsupported_grant_type' });
  }

  function revokeEndpoint(form: URLSearchParams, answer: Answer) {
    const value = form.get('token') ?? '';
    revokeCalls.push(value);
    const refreshToken = accessTokens.get(value)?.refreshToken ?? value;
    const owner = grantLive(refreshToken);
    if (!owner) return answer(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    owner.refreshTokens.get(refreshToken)!.active = false;
    answer(200, {});
  }

  /** The account a bearer token speaks for: unknown, expired or of a revoked grant → null. */
  function bearer(request: IncomingMessage): StandInAccount | null {
    const value = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const found = accessTokens.get(value);
    if (!found || found.expiresAt < Date.now() || !grantLive(found.refreshToken)) return null;
    return found.account;
  }

  const full = (message: StoredMessage) => ({
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds,
    snippet: '',
    historyId: String(message.historyId),
    internalDate: String(message.internalDate),
    sizeEstimate: message.raw.length,
  });

  function list(owner: StandInAccount, query: URLSearchParams, answer: Answer) {
    const labels = query.getAll('labelIds');
    const after = /after:(\d+)/.exec(query.get('q') ?? '');
    const since = after ? Number(after[1]) * 1000 : 0;
    const messageId = /rfc822msgid:<?([^\s>]+)>?/.exec(query.get('q') ?? '')?.[1];
    const matching = [...owner.messages.values()]
      .filter((message) => labels.every((label) => message.labelIds.includes(label)) && message.internalDate > since)
      .filter((message) => !messageId || message.rfcMessageId === messageId)
      .filter((message) => !message.labelIds.includes('SPAM') && !message.labelIds.includes('TRASH'))
      .sort((a, b) => b.internalDate - a.internalDate);
    const size = Math.min(Number(query.get('maxResults') ?? 100), 500);
    const offset = Number(query.get('pageToken') ?? 0);
    const page = matching.slice(offset, offset + size);
    answer(200, {
      ...(page.length > 0 ? { messages: page.map((message) => ({ id: message.id, threadId: message.threadId })) } : {}),
      ...(offset + size < matching.length ? { nextPageToken: String(offset + size) } : {}),
      resultSizeEstimate: matching.length,
    });
  }

  function history(owner: StandInAccount, query: URLSearchParams, answer: Answer) {
    const start = Number(query.get('startHistoryId'));
    if (!start) return answer(400, gmailError(400, 'INVALID_ARGUMENT', 'Invalid startHistoryId'));
    if (start < owner.oldestHistoryId) return answer(404, gmailError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const types = query.getAll('historyTypes');
    const records = owner.history.filter((record) => record.id > start && (types.length === 0 || types.includes(record.type)));
    const size = Math.min(Number(query.get('maxResults') ?? 100), 500);
    const offset = Number(query.get('pageToken') ?? 0);
    const page = records.slice(offset, offset + size).map((record) => {
      const brief = { id: record.message.id, threadId: record.message.threadId };
      const change =
        record.type === 'messageAdded'
          ? { messagesAdded: [{ message: record.message }] }
          : record.type === 'messageDeleted'
            ? { messagesDeleted: [{ message: brief }] }
            : { [record.type === 'labelAdded' ? 'labelsAdded' : 'labelsRemoved']: [{ message: record.message, labelIds: record.labelIds }] };
      return { id: String(record.id), messages: [brief], ...change };
    });
    answer(200, {
      ...(page.length > 0 ? { history: page } : {}),
      ...(offset + size < records.length ? { nextPageToken: String(offset + size) } : {}),
      historyId: String(owner.historyId),
    });
  }

  function gmail(owner: StandInAccount, method: string, path: string, query: URLSearchParams, body: Record<string, unknown>, answer: Answer) {
    if (method === 'GET' && path === '/profile') {
      return answer(200, { emailAddress: owner.address, messagesTotal: owner.messages.size, threadsTotal: 0, historyId: String(owner.historyId) });
    }
    if (method === 'GET' && path === '/messages') return list(owner, query, answer);
    if (method === 'GET' && path === '/history') return history(owner, query, answer);
    if (method === 'POST' && path === '/messages/send') {
      if (typeof body.raw !== 'string') return answer(400, gmailError(400, 'INVALID_ARGUMENT', "'raw' RFC822 payload message string required"));
      const message = owner.add(Buffer.from(body.raw, 'base64url'), { labelIds: ['SENT'], threadId: typeof body.threadId === 'string' ? body.threadId : null });
      return answer(200, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
    }
    if (method === 'POST' && path === '/messages/batchModify') {
      for (const id of (body.ids as string[]) ?? []) owner.modify(id, body.addLabelIds as string[], body.removeLabelIds as string[]);
      return answer(204);
    }
    const single = /^\/messages\/([^/]+)(\/modify)?$/.exec(path);
    const message = single ? owner.messages.get(decodeURIComponent(single[1]!)) : undefined;
    if (!single || !message) return answer(404, gmailError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    if (method === 'POST' && single[2]) return answer(200, full(owner.modify(message.id, body.addLabelIds as string[], body.removeLabelIds as string[])!));
    if (method === 'GET' && !single[2]) return answer(200, { ...full(message), ...(query.get('format') === 'raw' ? { raw: message.raw.toString('base64url') } : {}) });
    answer(404, gmailError(404, 'NOT_FOUND', 'Not found'));
  }

  function handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const answer: Answer = (status, json) => {
      response.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
      response.end(json === undefined ? undefined : JSON.stringify(json));
    };
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    calls.push({ method, path: url.pathname });
    if (method === 'POST' && url.pathname === '/token') return tokenEndpoint(new URLSearchParams(raw), answer);
    if (method === 'POST' && url.pathname === '/revoke') return revokeEndpoint(new URLSearchParams(raw || url.search), answer);
    const prefix = '/gmail/v1/users/me';
    // Gmail itself hangs (the OAuth endpoints still answer): the call is taken and never answered.
    if (hanging && url.pathname.startsWith(prefix)) return;
    if (!url.pathname.startsWith(prefix)) return answer(404, gmailError(404, 'NOT_FOUND', 'Not found'));
    const owner = bearer(request);
    if (!owner) return answer(401, gmailError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return answer(400, gmailError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
    }
    gmail(owner, method, url.pathname.slice(prefix.length), url.searchParams, body, answer);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    account,
    calls,
    revokeCalls,
    /** The code Google would hand back after consent, bound to the PKCE challenge and redirect URI of the authorization request. */
    issueCode(input: { account: StandInAccount; codeChallenge: string; redirectUri: string; scope?: string; withoutRefreshToken?: boolean }): string {
      const code = token('4/code');
      codes.set(code, { account: input.account, codeChallenge: input.codeChallenge, redirectUri: input.redirectUri, scope: input.scope ?? `openid email ${GMAIL_SCOPES}`, withoutRefreshToken: input.withoutRefreshToken ?? false });
      return code;
    },
    /** Access tokens handed out from now on last this long (a test of the refresh sets it low). */
    setTokenLifetime(seconds: number) {
      tokenLifetimeSeconds = seconds;
    },
    /** From now on Gmail's API takes every call and answers none, until set back to false. */
    hang(value: boolean) {
      hanging = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type GmailStandIn = Awaited<ReturnType<typeof startGmailStandIn>>;
