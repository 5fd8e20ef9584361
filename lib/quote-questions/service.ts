import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { contacts, quoteCards, quoteQuestions, quotes } from '@/db/schema';
import { invalidateQuotes } from '@/lib/cache/tags';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { guestLocaleOf } from '@/lib/i18n/locales';
import { deliverSoon } from '@/lib/mail/mailer';
import type { MailboxClient } from '@/lib/vocabulary/mailbox-types';
import { guestEvents } from '@/lib/notifications/events';
import { limiter, minutesLeft, type LimitRule } from '@/lib/rate-limit/limiter';
import { queueQuestionToCampsite, sendAnswerMail } from './mails';
import { ANSWER_MAX_LENGTH, cleanMessage, messageStart, QUESTION_MAX_LENGTH } from './text';

/** A guest asks a few questions; more than five an hour about one quote is a script or a stuck key. */
export const QUESTIONS_PER_QUOTE: LimitRule = { points: 5, durationSeconds: 60 * 60 };
/** One address may hold several guests (a family, an office): the bound is wider, still far from a flood. */
export const QUESTIONS_PER_ADDRESS: LimitRule = { points: 20, durationSeconds: 60 * 60 };
const perQuote = limiter('quote-question:quote', QUESTIONS_PER_QUOTE);
const perAddress = limiter('quote-question:address', QUESTIONS_PER_ADDRESS);

/** Refusals the mini-site shows in the guest's language; `code` picks the text. */
export type QuestionRefusal = 'not_found' | 'unknown_card' | 'empty' | 'too_long' | 'rate_limited';

const refuse = (code: QuestionRefusal, message: string, details: Record<string, unknown> = {}) =>
  new AppError(code === 'not_found' ? 'not_found' : code === 'rate_limited' ? 'rate_limited' : 'bad_request', message, { code, ...details });

export type AskedQuestion = { id: string; cardIdx: number | null; body: string; createdAt: string };

/**
 * A guest's question from the mini-site, under an offer (cardIdx) or about the whole quote. The
 * three ids must belong together, else the quote is simply not found. Stored as plain text with
 * the staff's notification and the campsite's mail in one transaction; the quote's cached page is
 * dropped once that committed.
 */
export async function askQuestion(
  ctx: CampsiteCtx,
  input: { quoteId: string; contactId: string; text: string; cardIdx: number | null; ip: string | null; origin: string },
): Promise<AskedQuestion> {
  const body = cleanMessage(input.text);
  if (body === '') throw refuse('empty', 'Scrivi la domanda.');
  if (body.length > QUESTION_MAX_LENGTH) throw refuse('too_long', `La domanda può avere al massimo ${QUESTION_MAX_LENGTH} caratteri.`);
  const { db, campsiteId } = ctx;
  const [row] = await db
    .select({ quote: { id: quotes.id, name: quotes.name }, contact: { id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email } })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .where(and(eq(quotes.id, input.quoteId), eq(quotes.campingId, campsiteId), eq(quotes.contactId, input.contactId)));
  if (!row) throw refuse('not_found', 'Preventivo non trovato.');
  if (input.cardIdx !== null) {
    const [card] = await db
      .select({ totalCents: quoteCards.totalCents })
      .from(quoteCards)
      .where(and(eq(quoteCards.quoteId, row.quote.id), eq(quoteCards.campingId, campsiteId), eq(quoteCards.idx, input.cardIdx)));
    // The page shows priced offers only: another index is not an offer the guest saw.
    if (!card || card.totalCents <= 0) throw refuse('unknown_card', 'Offerta non trovata.');
  }
  const byQuote = await perQuote.consume(db, `${campsiteId}:${row.quote.id}`);
  const byAddress = input.ip ? await perAddress.consume(db, input.ip) : null;
  const over = !byQuote.allowed ? byQuote : byAddress && !byAddress.allowed ? byAddress : null;
  if (over) throw refuse('rate_limited', `Troppe domande in poco tempo: riprova tra ${minutesLeft(over)} minuti.`, { retryAfterSeconds: Math.ceil(over.msBeforeNext / 1000) });

  const quoteName = row.quote.name === 'undefined' ? '' : row.quote.name;
  const asked = await db.transaction(async (tx) => {
    const [question] = await tx
      .insert(quoteQuestions)
      .values({ campingId: campsiteId, quoteId: row.quote.id, contactId: row.contact.id, cardIdx: input.cardIdx, author: 'guest', body })
      .returning();
    await guestEvents.question({ ...ctx, db: tx }, row.quote, row.contact, { start: messageStart(body), offer: input.cardIdx === null ? null : input.cardIdx + 1 });
    await queueQuestionToCampsite({ ...ctx, db: tx }, { questionId: question.id, guest: row.contact, quote: { id: row.quote.id, name: quoteName }, cardIdx: input.cardIdx, question: body, origin: input.origin });
    return question;
  });
  invalidateQuotes([row.quote.id]);
  deliverSoon();
  return { id: asked.id, cardIdx: asked.cardIdx, body: asked.body, createdAt: asked.createdAt.toISOString() };
}

export type SentAnswer = { id: string; questionId: string; mailed: 'mailbox' | 'outbox' | null; repeated?: boolean };

/**
 * The answer's id from the form's attempt key: the same click sent again (a retry after a lost
 * answer, a double submit) names the same row, so it is saved and mailed once. Derived inside the
 * campsite and the question, so no key can name another campsite's row.
 */
export function answerIdOf(campsiteId: string, questionId: string, attemptKey: string): string {
  return createHash('sha256').update(`${campsiteId}:${questionId}:${attemptKey}`).digest('base64url').slice(0, 22);
}

/**
 * A staff answer to one of the campsite's questions: saved, shown on the mini-site under the
 * question and mailed to the guest in their language (lib/quote-questions/mails.ts). Another
 * campsite's question, or an answer given as the question, is not found.
 */
export async function answerQuestion(
  ctx: StaffCtx,
  input: { questionId: string; text: string; origin: string; attemptKey?: string },
  options: { mailboxClient?: MailboxClient } = {},
): Promise<SentAnswer> {
  const { db, campsiteId } = ctx;
  const body = cleanMessage(input.text);
  if (body === '') throw new AppError('bad_request', 'Scrivi la risposta.');
  if (body.length > ANSWER_MAX_LENGTH) throw new AppError('bad_request', `La risposta può avere al massimo ${ANSWER_MAX_LENGTH} caratteri.`);
  const [row] = await db
    .select({ question: quoteQuestions, quote: { id: quotes.id, languageId: quotes.languageId }, contact: contacts })
    .from(quoteQuestions)
    .innerJoin(quotes, and(eq(quotes.id, quoteQuestions.quoteId), eq(quotes.campingId, quoteQuestions.campingId)))
    .innerJoin(contacts, and(eq(contacts.id, quoteQuestions.contactId), eq(contacts.campingId, quoteQuestions.campingId)))
    .where(and(eq(quoteQuestions.id, input.questionId), eq(quoteQuestions.campingId, campsiteId), isNull(quoteQuestions.questionId)));
  if (!row) throw new AppError('not_found', 'Domanda non trovata.');
  const { question, quote, contact } = row;
  const answerId = input.attemptKey ? answerIdOf(campsiteId, question.id, input.attemptKey) : newId();
  const email = contact.email?.trim() || null;
  const mail = email
    ? {
        guest: { ...contact, email },
        locale: guestLocaleOf(quote.languageId ?? contact.languageId),
        quote,
        question: question.body,
        answer: body,
        origin: input.origin,
        answerId,
      }
    : null;
  const saved = await db.transaction(async (tx) => {
    // Two sends of one attempt take turns here; the second finds the first's answer and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote-answer:${answerId}`}::text))`);
    const [earlier] = await tx
      .select({ id: quoteQuestions.id })
      .from(quoteQuestions)
      .where(and(eq(quoteQuestions.id, answerId), eq(quoteQuestions.campingId, campsiteId)));
    if (earlier) return 'repeated' as const;
    // Through the bound mailbox the mail leaves at once (and is not taken back if the save
    // failed); through the outbox it is queued with the answer, both or neither.
    const sent = mail ? await sendAnswerMail({ ...ctx, db: tx }, mail, options) : null;
    await tx.insert(quoteQuestions).values({
      id: answerId,
      campingId: campsiteId,
      quoteId: quote.id,
      contactId: contact.id,
      questionId: question.id,
      author: 'staff',
      authorUserId: ctx.tenant.userId,
      body,
      mailTraceId: sent?.traceId ?? null,
    });
    return sent;
  });
  if (saved === 'repeated') return { id: answerId, questionId: question.id, mailed: null, repeated: true };
  invalidateQuotes([quote.id]);
  if (saved?.via === 'outbox') deliverSoon();
  return { id: answerId, questionId: question.id, mailed: saved?.via ?? null };
}
