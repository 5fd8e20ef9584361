import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { TEST_PASSWORD } from './fixtures';

/**
 * Requests go to a public host name: on 'localhost' every user counts as pack level 10
 * outside production, which would hide the pack-level checks.
 */
export const API_ORIGIN = 'https://crm.example.test';

export type Dispatch = (request: Request) => Promise<Response>;

export type CallOptions = {
  /** A string is sent as is (to send broken JSON); anything else is JSON-encoded. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address; random by default so that tests never share a login rate limit. */
  ip?: string;
};

export type ApiAnswer = { status: number; text: string; json: unknown; contentType: string };

/** A private address nobody else uses: the per-address login limit stays with one test. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function apiRequest(method: string, path: string, options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  headers.set('x-forwarded-for', options.ip ?? randomAddress());
  if (options.token !== undefined) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  return new Request(`${API_ORIGIN}/api${path}`, { method, headers, body });
}

/** Sends one call through the dispatcher and reads the answer, JSON or not. */
export async function callApi(dispatch: Dispatch, method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const response = await dispatch(apiRequest(method, path, options));
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, contentType: response.headers.get('content-type') ?? '' };
}

/** Asserts the one error shape of the legacy API: JSON `{ error: string }` with a message. */
export function expectErrorAnswer(answer: ApiAnswer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.contentType).toContain('application/json');
  expect(answer.json).toMatchObject({ error: expect.any(String) });
  const message = (answer.json as { error: string }).error;
  expect(message.length).toBeGreaterThan(0);
  return message;
}

/** Logs in through the served POST /api/users/login and returns the bearer token. */
export async function loginViaApi(dispatch: Dispatch, email: string, password = TEST_PASSWORD): Promise<string> {
  const answer = await callApi(dispatch, 'POST', '/users/login', { body: { email, password } });
  expect(answer.status, answer.text).toBe(200);
  const token = (answer.json as { token?: unknown }).token;
  expect(token).toEqual(expect.any(String));
  return token as string;
}
