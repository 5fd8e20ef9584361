import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailboxes, mailboxMessages, mailboxThreads, mailOutbox, mailTraces, notifications, quoteQuestions } from '@/db/schema';
import { AppError } from '@/lib/errors';
import { sendQuoteMail } from '@/lib/workflows/quote-mail';
import { composeRaw } from '@/lib/mailbox/imap/smtp';
import { saveSyncBatch } from '@/lib/mailbox/store';
import type { MailboxClient, OutgoingMail } from '@/lib/vocabulary/mailbox-types';
import { notificationStamp } from '@/lib/notifications/service';
import { buildGuestQuoteView } from '@/lib/public-quotes/view';
import { answerQuestion, askQuestion } from '@/lib/quote-questions/service';
import { cleanMessage } from '@/lib/quote-questions/text';
import { contactQuestionThreads, quoteQuestionThread } from '@/lib/quote-questions/threads';
import { createQuote } from '@/lib/quotes/service';
import { createTemplate } from '@/lib/templates/service';
import { templateFieldsSchema } from '@/lib/templates/validation';
import { ctxFor, guestCtxFor, jobCtxFor } from '../helpers/ctx';
import { useTestDatabase } from '../helpers/db';
import { MOBILE_HOME_CARD, PITCH_CARD, makeGuest, makeQuotesAccount, quoteInput } from '../helpers/quotes';
import { newMessageId, rawMail } from '../helpers/raw-mail';

const ORIGIN = 'https://crm.example.it';
let db: Database;
let ipCount = 0;
/** Each test asks from an address of its own: the per-address limit is not what most of them test. */
const freshIp = () => `10.9.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

beforeAll(async () => {
  db = await useTestDatabase();
});

/** Anna Müller (German) with a quote of two priced offers at Lago Azzurro, whose address is info@lago.example. */
async function germanQuote(guestValues: Record<string, unknown> = {}) {
  const account = await makeQuotesAccount(db, { name: 'Camping Lago', contacts: { phone: '+39 045 1', whatsapp: '', email: 'info@lago.example', address: 'Via del Lago 1', policyLink: '' } });
  const guest = await makeGuest(db, account.tenant, { firstName: 'Anna', lastName: 'Müller', languageId: 3, ...guestValues });
  const quote = await createQuote(ctxFor(db, account.tenant), quoteInput({ contactId: guest.id, name: 'Sommer', saveAs: 'nuovo', cards: [PITCH_CARD, MOBILE_HOME_CARD] }), account.platform);
  const ids = { campsiteId: account.campsite.id, quoteId: quote.id, contactId: guest.id };
  const ask = (text: string, cardIdx: number | null = 0, ip = freshIp()) => askQuestion(guestCtxFor(db, ids.campsiteId), { ...ids, text, cardIdx, ip, origin: ORIGIN });
  const answer = (questionId: string, text: string, campsiteId = account.campsite.id, options = {}) =>
    answerQuestion(ctxFor(db, { campsiteId, userId: account.user.id, email: account.user.email }), { questionId, text, origin: ORIGIN }, options);
  return { ...account, guest, quote, ids, ask, answer };
}

const outboxOf = (campsiteId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.campingId, campsiteId));
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { kind: (error as AppError).kind, code: (error as AppError).details?.code };
};

describe('a guest’s question', () => {
  it('is stored as plain text, rings the bell under «domanda» and mails the campsite, Reply-To the guest', async () => {
    const { ask, campsite, guest, quote } = await germanQuote();
    const asked = await ask('Dürfen wir\r\nmit Hund <script>alert(1)</script> kommen?\u0007\u202E  \n\n\n\nDanke', 1);
    expect(asked.body).toBe('Dürfen wir\nmit Hund <script>alert(1)</script> kommen?\n\nDanke');
    expect(asked.cardIdx).toBe(1);
    const [notice] = await db.select().from(notifications).where(and(eq(notifications.campingId, campsite.id), eq(notifications.quoteId, quote.id)));
    expect(notice).toMatchObject({ group: 'domanda', title: 'Domanda su un preventivo', contactId: guest.id });
    // A question waits for an answer: the tab title's warning counts it.
    expect(await notificationStamp(ctxFor(db, { campsiteId: campsite.id }))).toMatchObject({ unread: 1, outstanding: 1 });
    expect(notice.description).toBe('Anna Müller chiede sul preventivo «Sommer» (offerta 2): «Dürfen wir mit Hund <script>alert(1)</script> kommen? Danke»');
    const [mail] = await outboxOf(campsite.id);
    expect(mail.kind).toBe('question-campsite');
    expect(mail.recipients).toEqual(['info@lago.example']);
    expect(mail.replyTo).toBe(guest.email);
    expect(mail.subject).toMatch(/^Domanda di Anna Müller: «Dürfen wir mit Hund .*» - RIF\.: [0-9A-F]{10} \[CRM\]$/);
    // The question is text in the mail too: the tag shows as characters, it is not markup.
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(`${ORIGIN}/crea-preventivo/preview/${guest.id}/${quote.id}`);
  });

  it('is refused when the ids do not belong together, the offer is not one the page shows, or the text is empty or too long', async () => {
    const mine = await germanQuote();
    const theirs = await germanQuote();
    const wrongIds = [
      { ...mine.ids, contactId: theirs.ids.contactId },
      { ...mine.ids, campsiteId: theirs.ids.campsiteId },
      { ...mine.ids, quoteId: theirs.ids.quoteId },
    ];
    for (const ids of wrongIds) {
      expect(await refusal(askQuestion(guestCtxFor(db, ids.campsiteId), { ...ids, text: 'Hallo?', cardIdx: null, ip: freshIp(), origin: ORIGIN }))).toEqual({ kind: 'not_found', code: 'not_found' });
    }
    expect(await refusal(mine.ask('Hallo?', 7))).toEqual({ kind: 'bad_request', code: 'unknown_card' });
    expect(await refusal(mine.ask(' \u0000\u200B\n\t '))).toEqual({ kind: 'bad_request', code: 'empty' });
    expect(await refusal(mine.ask('x'.repeat(1001)))).toEqual({ kind: 'bad_request', code: 'too_long' });
    expect(await db.select().from(quoteQuestions).where(eq(quoteQuestions.campingId, mine.campsite.id))).toHaveLength(0);
    expect(await db.select().from(quoteQuestions).where(eq(quoteQuestions.campingId, theirs.campsite.id))).toHaveLength(0);
  });

  it('is limited to five an hour per quote and twenty per address', async () => {
    const { ask, ids } = await germanQuote();
    for (let i = 1; i <= 5; i++) await ask(`Frage ${i}`);
    expect(await refusal(ask('Frage 6'))).toEqual({ kind: 'rate_limited', code: 'rate_limited' });
    expect(await quoteQuestionThread(ctxFor(db, { campsiteId: ids.campsiteId }), ids)).toHaveLength(5);

    const ip = freshIp();
    const quotes = await Promise.all([1, 2, 3, 4, 5].map(() => germanQuote()));
    for (const quote of quotes) for (let i = 1; i <= 4; i++) await quote.ask(`Frage ${i}`, null, ip);
    expect(await refusal((await germanQuote()).ask('Noch eine', null, ip))).toEqual({ kind: 'rate_limited', code: 'rate_limited' });
  });

  it('shows on the guest’s page under its offer, and in the contact’s history', async () => {
    const { ask, ids, campsite, guest, quote } = await germanQuote();
    const first = await ask('Gibt es Schatten?', 0);
    const second = await ask('Und allgemein: Frühstück?', null);
    const view = await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids);
    expect(view?.questions.map((question) => [question.id, question.cardIdx, question.body])).toEqual([
      [first.id, 0, 'Gibt es Schatten?'],
      [second.id, null, 'Und allgemein: Frühstück?'],
    ]);
    const history = await contactQuestionThreads(ctxFor(db, { campsiteId: campsite.id }), { contactId: guest.id });
    expect(history).toMatchObject([{ quoteId: quote.id, quoteName: 'Sommer' }]);
    expect(history[0].questions).toHaveLength(2);
  });
});

describe('the staff’s answer', () => {
  it('goes to the guest in German through the outbox with the RIF, in the thread of the quote’s mails, and shows under the question', async () => {
    const { ask, answer, campsite, guest, quote, ids, tenant } = await germanQuote();
    const template = await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Angebot', languageId: 3, html: '<p>Ihr Angebot</p>' }));
    const quoteMail = await sendQuoteMail(ctxFor(db, tenant), { quoteId: quote.id, templateId: template.id, attachmentIds: [] }, ORIGIN);
    const asked = await ask('Ist der Hund erlaubt?', 0);
    const sent = await answer(asked.id, 'Ja, <b>gerne</b>!\nBitte an der Leine.');
    expect(sent.mailed).toBe('outbox');

    const mails = (await outboxOf(campsite.id)).filter((mail) => mail.kind === 'question-answer');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.recipients).toEqual([guest.email]);
    expect(mail.subject).toMatch(/^Antwort auf Ihre Frage - Camping Lago - RIF\.: [0-9A-F]{10} \[CRM\]$/);
    expect(mail.replyTo).toBe('info@lago.example');
    expect(mail.html).toContain('Guten Tag Anna,');
    expect(mail.html).toContain('Ist der Hund erlaubt?');
    expect(mail.html).toContain('Ja, &lt;b&gt;gerne&lt;/b&gt;!');
    expect(mail.html).toContain(`${ORIGIN}/visualizzaPreventivo/${guest.id}/${quote.id}/${campsite.id}`);
    const [trace] = await db.select().from(mailTraces).where(eq(mailTraces.id, mail.mailTraceId!));
    const [quoteTrace] = await db.select().from(mailTraces).where(eq(mailTraces.id, quoteMail.traceId!));
    expect(trace).toMatchObject({ quoteId: quote.id, contactId: guest.id, threadId: quoteTrace.threadId });

    const [stored] = await db.select().from(quoteQuestions).where(eq(quoteQuestions.id, sent.id));
    expect(stored).toMatchObject({ questionId: asked.id, author: 'staff', authorUserId: tenant.userId, mailTraceId: trace.id, body: 'Ja, <b>gerne</b>!\nBitte an der Leine.' });
    const view = await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids);
    expect(view?.questions[0].answers.map((entry) => entry.body)).toEqual(['Ja, <b>gerne</b>!\nBitte an der Leine.']);
  });

  it('cannot be given to another campsite’s question, nor to an answer, and the other campsite reads nothing', async () => {
    const mine = await germanQuote();
    const theirs = await germanQuote();
    const asked = await theirs.ask('Frage der anderen', 0);
    expect(await refusal(mine.answer(asked.id, 'Risposta intrusa'))).toMatchObject({ kind: 'not_found' });
    expect(await refusal(theirs.answer(asked.id, 'Risposta', mine.campsite.id))).toMatchObject({ kind: 'not_found' });
    const given = await theirs.answer(asked.id, 'Risposta vera');
    expect(await refusal(theirs.answer(given.id, 'Risposta alla risposta'))).toMatchObject({ kind: 'not_found' });
    expect(await quoteQuestionThread(ctxFor(db, { campsiteId: mine.campsite.id }), { quoteId: theirs.quote.id })).toEqual([]);
    expect(await contactQuestionThreads(ctxFor(db, { campsiteId: mine.campsite.id }), { contactId: theirs.guest.id })).toEqual([]);
    expect((await quoteQuestionThread(ctxFor(db, { campsiteId: theirs.ids.campsiteId }), theirs.ids))[0].answers.map((entry) => entry.body)).toEqual(['Risposta vera']);
  });

  it('sent twice with the same attempt (a retry, a double submit, at once) is saved and mailed once; a new attempt is a new answer', async () => {
    const { ask, user, campsite, ids } = await germanQuote();
    const asked = await ask('Gibt es einen Pool?', null);
    const send = (text: string, attemptKey: string) =>
      answerQuestion(ctxFor(db, { campsiteId: campsite.id, userId: user.id, email: user.email }), { questionId: asked.id, text, origin: ORIGIN, attemptKey });
    const [first, second] = await Promise.all([send('Ja, beheizt.', 'attempt-key-0000000001'), send('Ja, beheizt.', 'attempt-key-0000000001')]);
    expect(first.id).toBe(second.id);
    expect([first.repeated, second.repeated].filter(Boolean)).toHaveLength(1);
    const again = await send('Ja, beheizt.', 'attempt-key-0000000001');
    expect(again).toMatchObject({ id: first.id, repeated: true, mailed: null });
    const answerMails = async () => (await outboxOf(campsite.id)).filter((mail) => mail.kind === 'question-answer');
    expect(await answerMails()).toHaveLength(1);
    expect((await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids))?.questions[0].answers.map((entry) => entry.body)).toEqual(['Ja, beheizt.']);
    await send('Und von 9 bis 19 Uhr offen.', 'attempt-key-0000000002');
    expect(await answerMails()).toHaveLength(2);
    expect((await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids))?.questions[0].answers).toHaveLength(2);
  });

  it('to a guest without an address is saved and shown on the page, with no mail', async () => {
    const { ask, answer, campsite, ids } = await germanQuote({ email: '' });
    const asked = await ask('Frage ohne Adresse', null);
    const sent = await answer(asked.id, 'Antwort');
    expect(sent.mailed).toBeNull();
    expect((await outboxOf(campsite.id)).filter((mail) => mail.kind === 'question-answer')).toHaveLength(0);
    expect((await buildGuestQuoteView(guestCtxFor(db, ids.campsiteId), ids))?.questions[0].answers).toHaveLength(1);
  });

  it('with the mailbox bound, goes out from it as a reply in the quote’s conversation, where the guest’s next reply lands too', async () => {
    const { ask, answer, campsite, guest, quote, tenant } = await germanQuote();
    const address = `info-${quote.id.slice(0, 8)}@lago.example`;
    const [mailbox] = await db.insert(mailboxes).values({ campingId: campsite.id, provider: 'imap', address, encryptedSecret: 'x' }).returning();
    const ref = { id: mailbox.id, address };
    // The quote's mail went out by the outbox; the guest answered it into the campsite's mailbox.
    const template = await createTemplate(ctxFor(db, { campsiteId: campsite.id }), templateFieldsSchema.parse({ name: 'Angebot', languageId: 3, html: '<p>Ihr Angebot</p>' }));
    const quoteMail = await sendQuoteMail(ctxFor(db, tenant), { quoteId: quote.id, templateId: template.id, attachmentIds: [] }, ORIGIN);
    const guestReplyId = newMessageId('example.it');
    await saveSyncBatch(jobCtxFor(db, campsite.id), ref, {
      messages: [{ providerMessageId: 'INBOX:1:1', providerThreadId: null, raw: Buffer.from(rawMail({ from: guest.email!, to: address, subject: `Re: ${quoteMail.subject}`, text: 'Danke!', messageId: guestReplyId })), folders: ['INBOX'], unread: true, receivedAt: new Date() }],
      flags: [],
      deletedProviderMessageIds: [],
    });
    const [conversation] = await db.select().from(mailboxThreads).where(and(eq(mailboxThreads.campingId, campsite.id), eq(mailboxThreads.quoteId, quote.id)));
    expect(conversation).toBeDefined();

    // The provider's side of the send: the message composed as the SMTP client composes it, recorded.
    const sentMails: OutgoingMail[] = [];
    const provider = {
      send: async (mail: OutgoingMail) => {
        sentMails.push(mail);
        return { providerMessageId: null, providerThreadId: null, raw: await composeRaw(mail) };
      },
      close: async () => undefined,
    } as unknown as MailboxClient;
    const asked = await ask('Können wir früher anreisen?', 0);
    const sent = await answer(asked.id, 'Ja, ab 12 Uhr.', campsite.id, { mailboxClient: provider });
    expect(sent.mailed).toBe('mailbox');
    expect(sentMails).toHaveLength(1);
    expect(sentMails[0]).toMatchObject({ from: address, to: [guest.email], inReplyTo: guestReplyId });
    expect(sentMails[0].subject).toMatch(/^Antwort auf Ihre Frage - Camping Lago - RIF\.: [0-9A-F]{10} \[CRM\]$/);
    expect(sentMails[0].html).toContain('Ja, ab 12 Uhr.');
    expect((await outboxOf(campsite.id)).filter((mail) => mail.kind === 'question-answer')).toHaveLength(0);
    const ours = await db.select().from(mailboxMessages).where(and(eq(mailboxMessages.campingId, campsite.id), eq(mailboxMessages.direction, 'out')));
    expect(ours.map((message) => message.threadId)).toEqual([conversation.id]);
    const [stored] = await db.select().from(quoteQuestions).where(eq(quoteQuestions.id, sent.id));
    expect(stored.mailTraceId).toBe(ours[0].mailTraceId);

    // The guest answers the answer: the sync files it in the same conversation.
    await saveSyncBatch(jobCtxFor(db, campsite.id), ref, {
      messages: [{ providerMessageId: 'INBOX:1:2', providerThreadId: null, raw: Buffer.from(rawMail({ from: guest.email!, to: address, subject: `Re: ${sentMails[0].subject}`, text: 'Super, danke!', inReplyTo: sentMails[0].messageId })), folders: ['INBOX'], unread: true, receivedAt: new Date() }],
      flags: [],
      deletedProviderMessageIds: [],
    });
    const messages = await db.select({ threadId: mailboxMessages.threadId }).from(mailboxMessages).where(eq(mailboxMessages.campingId, campsite.id));
    expect(messages).toHaveLength(3);
    expect(new Set(messages.map((message) => message.threadId))).toEqual(new Set([conversation.id]));
  });
});

describe('cleanMessage', () => {
  it('keeps the text as typed but drops control, bidirectional and zero-width characters', () => {
    expect(cleanMessage('  Ciao\u0000 a\u200Btutti\u202E!\r\n\r\n\r\n\r\nA presto \t ')).toBe('Ciao atutti!\n\nA presto');
    expect(cleanMessage('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});
