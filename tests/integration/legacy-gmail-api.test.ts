import { afterAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '@/lib/legacy-api/dispatcher';
import { legacyRoutes } from '@/lib/legacy-api/routes';
import { syncMailbox } from '@/lib/mailbox/sync';
import { jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeCampsite, makeUser } from '../helpers/fixtures';
import { headersOf } from '../helpers/gmail-stand-in-account';
import { gmailStandInEnvironment } from '../helpers/gmail-env';
import { callApi, expectErrorAnswer, loginViaApi } from '../helpers/legacy-api';
import { newMessageId, rawMail } from '../helpers/raw-mail';

// env() is read once: the stand-in's address must be in place before anything reads it.
const standIn = await gmailStandInEnvironment();
const db = await useTestDatabase();
const dispatch = createDispatcher(legacyRoutes, () => db);
afterAll(() => standIn.close());

const unique = () => Math.random().toString(36).slice(2, 10);

/** A campsite whose staff bound its Gmail through /bindGmail, as the old front end does. */
async function boundCampsite() {
  const campsite = await makeCampsite(db);
  const user = await makeUser(db, campsite.id, { packLevel: 0 });
  const token = await loginViaApi(dispatch, user.email);
  const account = standIn.account(`campeggio-${unique()}@gmail.test`);
  const start = await callApi(dispatch, 'POST', '/bindGmail', { token, body: {} });
  expect(start.status, start.text).toBe(200);
  const url = new URL((start.json as { url: string }).url);
  const code = standIn.issueCode({ account, codeChallenge: url.searchParams.get('code_challenge')!, redirectUri: url.searchParams.get('redirect_uri')! });
  const done = await callApi(dispatch, 'POST', '/bindGmail', { token, body: { code, state: url.searchParams.get('state') } });
  expect(done.json).toEqual({ ok: true, email: account.address });
  return { campsite, user, token, account };
}

describe('the /gmail calls of the legacy API', () => {
  it('binds, reads, counts, marks read and answers through the campsite’s Gmail', async () => {
    const { campsite, token, account } = await boundCampsite();
    expect((await callApi(dispatch, 'POST', '/gmail/getMyEmail', { token, body: {} })).json).toEqual({ email: account.address, provider: 'gmail', status: 'active' });

    const guest = `ospite-${unique()}@example.de`;
    const guestMessageId = newMessageId('example.de');
    account.add(rawMail({ from: guest, to: account.address, subject: 'Stellplatz im August', messageId: guestMessageId }), { labelIds: ['INBOX', 'UNREAD'] });
    expect((await syncMailbox(jobCtxFor(db, campsite.id))).state).toBe('synced');

    expect((await callApi(dispatch, 'POST', '/gmail/newMails', { token, body: {} })).json).toEqual({ messagesTotal: 1, messagesUnread: 1 });
    const page = (await callApi(dispatch, 'POST', '/gmail/getEmails', { token, body: { labelIds: ['INBOX'] } })).json as { threads: { id: string; subject: string; unread: number }[] };
    expect(page.threads).toEqual([expect.objectContaining({ subject: 'Stellplatz im August', unread: 1 })]);
    expect((await callApi(dispatch, 'POST', '/gmail/getEmails', { token, body: { q: 'nessuna-corrispondenza' } })).json).toMatchObject({ threads: [] });

    const [stored] = [...account.messages.values()];
    const read = await callApi(dispatch, 'POST', `/gmail/makeReadEmail/${stored!.id}`, { token, body: {} });
    expect(read.json).toEqual({ ok: true, threadId: page.threads[0]!.id });
    expect(stored!.labelIds).not.toContain('UNREAD');
    expect((await callApi(dispatch, 'POST', '/gmail/newMails', { token, body: {} })).json).toEqual({ messagesTotal: 0, messagesUnread: 0 });

    const sent = await callApi(dispatch, 'POST', '/gmail/sendEmail', { token, body: { to: guest, subject: 'Re: Stellplatz im August', html: '<p>Gerne!</p>', threadId: page.threads[0]!.id } });
    expect(sent.status, sent.text).toBe(200);
    const reply = [...account.messages.values()].find((message) => message.labelIds.includes('SENT'))!;
    expect(reply.threadId).toBe(stored!.threadId);
    expect(headersOf(reply.raw).get('in-reply-to')).toBe(guestMessageId);

    const token2 = await callApi(dispatch, 'POST', '/gmailCrm/getAccessToken', { token, body: {} });
    expect(token2.json).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', email: account.address });
    expect(token2.text).not.toMatch(/refresh/i);
  });

  it('refuses another campsite’s message and says clearly when no mailbox is bound', async () => {
    const { account, campsite } = await boundCampsite();
    account.add(rawMail({ from: `x-${unique()}@example.it`, to: account.address, subject: 'Privata' }), { labelIds: ['INBOX', 'UNREAD'] });
    await syncMailbox(jobCtxFor(db, campsite.id));
    const [theirs] = [...account.messages.values()];

    const stranger = await makeCampsite(db);
    const user = await makeUser(db, stranger.id, { packLevel: 10 });
    const token = await loginViaApi(dispatch, user.email);
    expectErrorAnswer(await callApi(dispatch, 'POST', `/gmail/makeReadEmail/${theirs!.id}`, { token, body: {} }), 404);
    expect(theirs!.labelIds).toContain('UNREAD');
    expect((await callApi(dispatch, 'POST', '/gmail/getMyEmail', { token, body: {} })).json).toEqual({ email: null, provider: null, status: null });
    expect((await callApi(dispatch, 'POST', '/gmail/newMails', { token, body: {} })).json).toEqual({ messagesTotal: 0, messagesUnread: 0 });
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/gmail/getEmails', { token, body: {} }), 409)).toMatch(/Nessuna casella/);
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/gmail/sendEmail', { token, body: { to: 'a@example.it', subject: 'Ciao', html: 'x' } }), 409)).toMatch(/Nessuna casella/);
    expect(expectErrorAnswer(await callApi(dispatch, 'POST', '/gmailCrm/getAccessToken', { token, body: {} }), 409)).toMatch(/Nessuna casella/);
  });
});
