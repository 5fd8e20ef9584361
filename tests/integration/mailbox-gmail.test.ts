import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxes, mailboxMessages, mailboxOauthStates, mailboxThreadContacts, mailboxThreads } from '@/db/schema';
import { decryptSecret } from '@/lib/crypto/secret-box';
import { sendStaffMail } from '@/lib/mail/staff-mail';
import { unbindMailbox } from '@/lib/mailbox/binding';
import { openMailboxClient } from '@/lib/mailbox/clients';
import { completeGoogleAuthorization, startGoogleAuthorization } from '@/lib/mailbox/gmail/oauth';
import { findMailboxRow } from '@/lib/mailbox/mailbox-row';
import { syncMailbox } from '@/lib/mailbox/sync';
import { createQuote } from '@/lib/quotes/service';
import { ctxFor, jobCtxFor, staffWork } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/fixtures';
import { headersOf, type StandInAccount } from '../helpers/gmail-stand-in-account';
import { gmailStandInEnvironment } from '../helpers/gmail-env';
import { makeGuest, makeQuotesAccount, PITCH_CARD, quoteInput, unique } from '../helpers/quotes';
import { newMessageId, rawMail } from '../helpers/raw-mail';

// env() is read once: the stand-in's address must be in place before anything reads it.
const standIn = await gmailStandInEnvironment();
const db = await useTestDatabase();
afterAll(() => standIn.close());

const REDIRECT = 'https://crm.example.it/api/mailbox/google/callback';
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
type Who = { campsiteId: string; userId: string };

async function authorize(who: Who) {
  const url = new URL(await startGoogleAuthorization(ctxFor(db, who), { redirectUri: REDIRECT }));
  return { url, state: url.searchParams.get('state')!, challenge: url.searchParams.get('code_challenge')! };
}

async function bind(who: Who, account: StandInAccount) {
  const { state, challenge } = await authorize(who);
  return completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state, code: standIn.issueCode({ account, codeChallenge: challenge, redirectUri: REDIRECT }) });
}

const messagesOf = (campsiteId: string) => db.select().from(mailboxMessages).where(eq(mailboxMessages.campingId, campsiteId));
const threadByKey = async (campsiteId: string, key: string) =>
  (await db.select().from(mailboxThreads).where(and(eq(mailboxThreads.campingId, campsiteId), eq(mailboxThreads.threadKey, key))))[0];
const rowOf = async (campsiteId: string) => (await findMailboxRow(ctxFor(db, { campsiteId })))!;

describe('binding a Gmail through Google’s consent', () => {
  it('asks for offline Gmail access with a state and an S256 PKCE challenge', async () => {
    const { campsite, user } = await makeQuotesAccount(db);
    const { url, state, challenge } = await authorize({ campsiteId: campsite.id, userId: user.id });
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.baseUrl}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'crm-client-id.apps.googleusercontent.com',
      redirect_uri: REDIRECT,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'https://www.googleapis.com/auth/gmail.modify', 'https://www.googleapis.com/auth/gmail.send']));
    expect(state.length).toBeGreaterThanOrEqual(22);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db.select().from(mailboxOauthStates).where(eq(mailboxOauthStates.state, state));
    expect(stored!.encryptedVerifier).not.toContain(challenge);
  });

  it('takes the state once, only for its campsite and staff, and checks the PKCE verifier', async () => {
    const { campsite, user } = await makeQuotesAccount(db);
    const who = { campsiteId: campsite.id, userId: user.id };
    const colleague = await makeUser(db, campsite.id, { packLevel: 0 });
    const other = await makeQuotesAccount(db);
    const account = standIn.account(`campeggio-${unique()}@gmail.test`);

    const first = await authorize(who);
    const code = () => standIn.issueCode({ account, codeChallenge: first.challenge, redirectUri: REDIRECT });
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, { campsiteId: other.campsite.id, userId: other.user.id })), { state: first.state, code: code() })).rejects.toThrow(/non è valida o è scaduta/);
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, { ...who, userId: colleague.id })), { state: first.state, code: code() })).rejects.toThrow(/non è valida o è scaduta/);
    // A code whose challenge is not this state's verifier: Google refuses it, and the state is spent.
    const stranger = await authorize(who);
    const foreignCode = standIn.issueCode({ account, codeChallenge: stranger.challenge, redirectUri: REDIRECT });
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: first.state, code: foreignCode })).rejects.toThrow(/Google non ha accettato/);
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: first.state, code: code() })).rejects.toThrow(/non è valida o è scaduta/);
    expect(await findMailboxRow(ctxFor(db, { campsiteId: campsite.id }))).toBeNull();

    const stale = await authorize(who);
    await db.update(mailboxOauthStates).set({ createdAt: sql`now() - interval '11 minutes'` }).where(eq(mailboxOauthStates.state, stale.state));
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: stale.state, code: standIn.issueCode({ account, codeChallenge: stale.challenge, redirectUri: REDIRECT }) })).rejects.toThrow(/scaduta/);

    const once = await authorize(who);
    const noRefresh = standIn.issueCode({ account, codeChallenge: once.challenge, redirectUri: REDIRECT, withoutRefreshToken: true });
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: once.state, code: noRefresh })).rejects.toThrow(/accesso permanente/);

    const narrow = await authorize(who);
    const readOnly = standIn.issueCode({ account, codeChallenge: narrow.challenge, redirectUri: REDIRECT, scope: 'openid email https://www.googleapis.com/auth/gmail.readonly' });
    const revokes = standIn.revokeCalls.length;
    await expect(completeGoogleAuthorization(staffWork(ctxFor(db, who)), { state: narrow.state, code: readOnly })).rejects.toThrow(/tutti i permessi/);
    // The narrow grant is given back rather than left among the account's connected apps.
    expect(standIn.revokeCalls).toHaveLength(revokes + 1);
    expect(account.refreshTokens.get(standIn.revokeCalls.at(-1)!)?.active).toBe(false);

    // Any staff of the campsite may bind it.
    const view = await bind({ campsiteId: campsite.id, userId: colleague.id }, account);
    expect(view).toMatchObject({ provider: 'gmail', address: account.address, status: 'active' });
    const row = await rowOf(campsite.id);
    const refreshToken = decryptSecret(row.encryptedSecret);
    expect(account.refreshTokens.get(refreshToken)?.active).toBe(true);
    expect(JSON.stringify(row)).not.toContain(refreshToken);
    expect(row.encryptedAccessToken).not.toBeNull();
    // Every state tried was spent, refused or not; only the one never answered waits (for 10 minutes).
    const left = await db.select({ state: mailboxOauthStates.state }).from(mailboxOauthStates).where(eq(mailboxOauthStates.campingId, campsite.id));
    expect(left).toEqual([{ state: stranger.state }]);
  });
});

describe('a bound Gmail', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;

  async function setUp() {
    const quotesAccount = await makeQuotesAccount(db);
    const { campsite, tenant } = quotesAccount;
    const guest = await makeGuest(db, tenant);
    const quote = await createQuote(ctxFor(db, tenant), quoteInput({ contactId: guest.id, name: 'Estate', saveAs: 'nuovo', cards: [PITCH_CARD] }), quotesAccount.platform);
    const staffMail = await sendStaffMail(ctxFor(db, { campsiteId: campsite.id }), 'staff', { to: [guest.email!], subject: 'Il vostro preventivo', html: '<p>Ecco il preventivo</p>', contactId: guest.id, quoteId: quote.id });
    const account = standIn.account(`campeggio-${unique()}@gmail.test`);
    const own = account.address;
    const question = account.add(rawMail({ from: guest.email!, to: own, subject: 'Disponibilità agosto', date: daysAgo(10) }), { internalDate: daysAgo(10) });
    const questionId = headersOf(question.raw).get('message-id')!;
    const answer = account.add(rawMail({ from: own, to: guest.email!, subject: 'Re: Disponibilità agosto', inReplyTo: questionId, references: [questionId], date: daysAgo(9) }), {
      labelIds: ['SENT'],
      internalDate: daysAgo(9),
    });
    const crmId = newMessageId('crm-campeggi.it');
    const onQuote = account.add(rawMail({ from: guest.email!, to: own, subject: `Re: ${staffMail.subject}`, inReplyTo: crmId, references: [crmId], date: daysAgo(2) }), { internalDate: daysAgo(2) });
    const supplier = account.add(rawMail({ from: 'offerte@fornitore.test', to: own, subject: 'Listino 2027', date: daysAgo(5) }), { labelIds: ['INBOX'], internalDate: daysAgo(5) });
    const old = account.add(rawMail({ from: guest.email!, to: own, subject: 'Vecchia richiesta', date: daysAgo(200) }), { internalDate: daysAgo(200) });
    const draft = account.add(rawMail({ from: own, to: guest.email!, subject: 'Bozza' }), { labelIds: ['DRAFT'] });
    await bind({ campsiteId: campsite.id, userId: tenant.userId }, account);
    return { campsite, guest, quote, staffMail, account, question, answer, onQuote, supplier, old, draft };
  }

  beforeAll(async () => {
    ctx = await setUp();
  });

  const sync = () => syncMailbox(jobCtxFor(db, ctx.campsite.id));
  const messageCount = async () => (await messagesOf(ctx.campsite.id)).length;

  it('syncs inbox and sent in full: Gmail’s threads, the guest by address, the quote by the RIF', async () => {
    const report = await sync();
    expect(report).toMatchObject({ state: 'synced', mode: 'full', added: 4 });
    const stored = await messagesOf(ctx.campsite.id);
    expect(stored.map((message) => message.providerMessageId).sort()).toEqual([ctx.question.id, ctx.answer.id, ctx.onQuote.id, ctx.supplier.id].sort());
    const conversation = await threadByKey(ctx.campsite.id, ctx.question.threadId);
    expect(conversation).toMatchObject({ messageCount: 2, inInbox: true, inSent: true, unreadCount: 1 });
    expect(ctx.answer.threadId).toBe(ctx.question.threadId);
    expect(stored.find((message) => message.providerMessageId === ctx.answer.id)).toMatchObject({ direction: 'out', folders: ['SENT'], unread: false });
    const linked = await db.select().from(mailboxThreadContacts).where(eq(mailboxThreadContacts.threadId, conversation!.id));
    expect(linked.map((link) => link.contactId)).toEqual([ctx.guest.id]);
    const quoteThread = await threadByKey(ctx.campsite.id, ctx.onQuote.threadId);
    expect(quoteThread!.quoteId).toBe(ctx.quote.id);
    expect((await threadByKey(ctx.campsite.id, ctx.supplier.threadId))!.quoteId).toBeNull();
    const row = await rowOf(ctx.campsite.id);
    expect(row.syncCursor).toEqual({ historyId: String(ctx.account.historyId) });
  });

  it('brings a guest’s reply by partial sync to the quote’s thread', async () => {
    const onQuoteId = headersOf(ctx.onQuote.raw).get('message-id')!;
    const reply = ctx.account.add(rawMail({ from: ctx.guest.email!, to: ctx.account.address, subject: `Re: ${ctx.staffMail.subject}`, inReplyTo: onQuoteId, references: [onQuoteId] }));
    expect(reply.threadId).toBe(ctx.onQuote.threadId);
    expect(await sync()).toMatchObject({ state: 'synced', mode: 'partial', added: 1 });
    const quoteThread = await threadByKey(ctx.campsite.id, ctx.onQuote.threadId);
    expect(quoteThread).toMatchObject({ quoteId: ctx.quote.id, messageCount: 2, unreadCount: 2 });
  });

  it('sends a reply in the guest’s Gmail thread, with its threading headers, stored once after syncs', async () => {
    const [guestReply] = await db
      .select()
      .from(mailboxMessages)
      .where(and(eq(mailboxMessages.campingId, ctx.campsite.id), eq(mailboxMessages.direction, 'in'), sql`${mailboxMessages.rfcMessageId} is not null`, eq(mailboxMessages.sentAt, sql`(select max(sent_at) from mailbox_messages where camping_id = ${ctx.campsite.id})`)));
    const client = await openMailboxClient(jobCtxFor(db, ctx.campsite.id), await rowOf(ctx.campsite.id));
    const messageId = newMessageId('crm-campeggi.it');
    const sent = await client.send({
      from: ctx.account.address,
      fromName: 'Camping di prova',
      to: [ctx.guest.email!],
      subject: `Re: ${ctx.staffMail.subject}`,
      html: '<p>Grazie, vi aspettiamo!</p>',
      text: 'Grazie, vi aspettiamo!',
      messageId,
      inReplyTo: `<${guestReply!.rfcMessageId}>`,
      references: [...guestReply!.references, guestReply!.rfcMessageId!].map((id) => `<${id}>`),
      providerThreadId: ctx.onQuote.threadId,
      attachments: [{ fileName: 'mappa.txt', mimeType: 'text/plain', content: Buffer.from('Piazzola 12') }],
    });
    expect(sent.providerThreadId).toBe(ctx.onQuote.threadId);
    const atGoogle = ctx.account.messages.get(sent.providerMessageId!)!;
    const headers = headersOf(atGoogle.raw);
    expect(headers.get('message-id')).toBe(messageId);
    expect(headers.get('in-reply-to')).toBe(`<${guestReply!.rfcMessageId}>`);
    expect(headers.get('references')).toContain(`<${guestReply!.rfcMessageId}>`);
    expect(atGoogle.labelIds).toEqual(['SENT']);
    expect(atGoogle.raw.equals(sent.raw)).toBe(true);

    expect(await sync()).toMatchObject({ mode: 'partial', added: 1 });
    expect(await sync()).toMatchObject({ mode: 'partial', added: 0 });
    const copies = (await messagesOf(ctx.campsite.id)).filter((message) => `<${message.rfcMessageId}>` === messageId);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ direction: 'out', providerMessageId: sent.providerMessageId });
    expect(await threadByKey(ctx.campsite.id, ctx.onQuote.threadId)).toMatchObject({ messageCount: 3, inSent: true });
  });

  it('follows reads done in Gmail and marks read through the API', async () => {
    ctx.account.modify(ctx.question.id, [], ['UNREAD']);
    const client = await openMailboxClient(jobCtxFor(db, ctx.campsite.id), await rowOf(ctx.campsite.id));
    await client.setUnread([ctx.onQuote.id], false);
    expect(ctx.account.messages.get(ctx.onQuote.id)!.labelIds).not.toContain('UNREAD');
    ctx.account.modify(ctx.supplier.id, [], ['INBOX']);
    expect(await sync()).toMatchObject({ mode: 'partial', added: 0 });
    const stored = new Map((await messagesOf(ctx.campsite.id)).map((message) => [message.providerMessageId, message]));
    expect(stored.get(ctx.question.id)!.unread).toBe(false);
    expect(stored.get(ctx.onQuote.id)!.unread).toBe(false);
    expect(stored.get(ctx.supplier.id)!.folders).toEqual([]);
    expect(await threadByKey(ctx.campsite.id, ctx.question.threadId)).toMatchObject({ unreadCount: 0 });
  });

  it('drops a message deleted in Gmail, and its thread with it', async () => {
    const before = await messageCount();
    const stray = ctx.account.add(rawMail({ from: 'promo@negozio.test', to: ctx.account.address, subject: 'Saldi' }));
    expect(await sync()).toMatchObject({ mode: 'partial', added: 1 });
    ctx.account.remove(stray.id);
    expect(await sync()).toMatchObject({ mode: 'partial', added: 0 });
    expect(await messageCount()).toBe(before);
    expect(await threadByKey(ctx.campsite.id, stray.threadId)).toBeUndefined();
  });

  it('refreshes an expired access token and stores the new one encrypted', async () => {
    const before = await rowOf(ctx.campsite.id);
    await db.update(mailboxes).set({ accessTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(mailboxes.id, before.id));
    const refreshes = standIn.calls.filter((call) => call.path === '/token').length;
    expect(await sync()).toMatchObject({ state: 'synced' });
    const after = await rowOf(ctx.campsite.id);
    expect(standIn.calls.filter((call) => call.path === '/token').length).toBe(refreshes + 1);
    expect(after.encryptedAccessToken).not.toBe(before.encryptedAccessToken);
    expect(decryptSecret(after.encryptedAccessToken!)).toMatch(/^ya29-/);
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('falls back to a full sync when Gmail lost the history, with no duplicates', async () => {
    const before = await messageCount();
    ctx.account.add(rawMail({ from: ctx.guest.email!, to: ctx.account.address, subject: 'Ancora una domanda' }));
    ctx.account.expireHistory();
    expect(await sync()).toMatchObject({ state: 'synced', mode: 'full', added: 1 });
    const [totals] = await db
      .select({ all: count(), distinct: countDistinct(mailboxMessages.providerMessageId) })
      .from(mailboxMessages)
      .where(eq(mailboxMessages.campingId, ctx.campsite.id));
    expect(totals).toEqual({ all: before + 1, distinct: before + 1 });
    expect(await sync()).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
  });

  it('adds nothing over ten syncs in a row', async () => {
    const before = await messageCount();
    for (let i = 0; i < 10; i++) expect(await sync()).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
    expect(await messageCount()).toBe(before);
  });

  it('asks to reconnect once the owner revoked the grant, then binds again and unbinds with a revoke', async () => {
    ctx.account.revokeGrant();
    const report = await sync();
    expect(report).toMatchObject({ state: 'reconnect' });
    const row = await rowOf(ctx.campsite.id);
    expect(row).toMatchObject({ status: 'reconnect', encryptedAccessToken: null });
    expect(row.statusReason).toMatch(/Google ha revocato l’accesso.*riconnetti/);
    expect(await sync()).toMatchObject({ state: 'reconnect', added: 0 });

    const kept = await messageCount();
    await bind({ campsiteId: ctx.campsite.id, userId: row.boundByUserId! }, ctx.account);
    const again = await rowOf(ctx.campsite.id);
    expect(again).toMatchObject({ id: row.id, status: 'active', statusReason: null });
    expect(await sync()).toMatchObject({ state: 'synced', mode: 'partial', added: 0 });
    expect(await messageCount()).toBe(kept);

    const refreshToken = decryptSecret(again.encryptedSecret);
    expect(await unbindMailbox(ctxFor(db, { campsiteId: ctx.campsite.id }))).toEqual({ unbound: true, revoked: true });
    expect(standIn.revokeCalls).toContain(refreshToken);
    expect(ctx.account.refreshTokens.get(refreshToken)!.active).toBe(false);
    expect(await findMailboxRow(ctxFor(db, { campsiteId: ctx.campsite.id }))).toBeNull();
    expect(await messageCount()).toBe(0);
  });

  it('unbinds a mailbox whose grant Google already dropped', async () => {
    const { campsite, user } = await makeQuotesAccount(db);
    const account = standIn.account(`campeggio-${unique()}@gmail.test`);
    await bind({ campsiteId: campsite.id, userId: user.id }, account);
    account.revokeGrant();
    expect(await unbindMailbox(ctxFor(db, { campsiteId: campsite.id }))).toEqual({ unbound: true, revoked: true });
    expect(await findMailboxRow(ctxFor(db, { campsiteId: campsite.id }))).toBeNull();
  });
});
