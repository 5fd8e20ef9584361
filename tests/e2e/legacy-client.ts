import { expect, type APIRequestContext } from '@playwright/test';
import { LOGINS } from './support';

/** A bearer session of the legacy API, as the booking platform holds one. */
export type LegacySession = { token: string; campsiteId: string; headers: { authorization: string } };

export async function legacyLogin(request: APIRequestContext, who: { email: string; password: string } = LOGINS.admin): Promise<LegacySession> {
  const answer = await request.post('/api/users/login', { data: { email: who.email, password: who.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { token, user } = (await answer.json()) as { token: string; user: { camping: string } };
  return { token, campsiteId: user.camping, headers: { authorization: `Bearer ${token}` } };
}

/** A POST of the legacy contract that must answer 200; its JSON. */
export async function legacyPost<T = { _id: string }>(request: APIRequestContext, session: LegacySession, path: string, data: object): Promise<T> {
  const answer = await request.post(`/api${path}`, { headers: session.headers, data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/** A contact and its quote, made as the booking platform would (addContact, then addQuote). */
export async function legacyGuestWithQuote(request: APIRequestContext, session: LegacySession, contact: object, quote: object) {
  const { _id: contactId } = await legacyPost(request, session, '/addContact', contact);
  const { _id: quoteId } = await legacyPost(request, session, '/addQuote', { contact: contactId, ...quote });
  return { contactId, quoteId, path: `/visualizzaPreventivo/${contactId}/${quoteId}/${session.campsiteId}` };
}
