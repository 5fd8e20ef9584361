import { createElement } from 'react';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { campsites, mailboxThreads, mailTraces } from '@/db/schema';
import { AnswerToGuest, QuestionToCampsite } from '@/emails/question';
import { MAIL_TEXTS } from '@/emails/texts';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import type { GuestLocale } from '@/lib/i18n/locales';
import { enqueueMail } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mail/render';
import { findMailboxRow } from '@/lib/mailbox/mailbox-row';
import { sendFromMailbox } from '@/lib/mailbox/send';
import type { MailboxClient } from '@/lib/vocabulary/mailbox-types';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { messageStart } from './text';

type Guest = { id: string; firstName: string; lastName: string; email: string | null };

export async function campsiteMailFacts(ctx: CampsiteCtx) {
  const [campsite] = await ctx.db.select({ name: campsites.name, contacts: campsites.contacts }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  return { name: campsite?.name ?? '', address: campsite?.contacts?.email || null };
}

const staffPreviewUrl = (origin: string, contactId: string, quoteId: string) =>
  `${origin.replace(/\/$/, '')}/crea-preventivo/preview/${encodeURIComponent(contactId)}/${encodeURIComponent(quoteId)}`;

/** The campsite's notice of a guest's question (Italian, like the acceptance notice); replies go to the guest. */
export async function queueQuestionToCampsite(
  ctx: CampsiteCtx,
  input: { questionId: string; guest: Guest; quote: { id: string; name: string }; cardIdx: number | null; question: string; origin: string },
) {
  const campsite = await campsiteMailFacts(ctx);
  if (!campsite.address) return null;
  const guestName = contactDisplayName(input.guest);
  const element = createElement(QuestionToCampsite, {
    campsite: campsite.name,
    guestName,
    guestEmail: input.guest.email,
    quoteName: input.quote.name,
    offer: input.cardIdx === null ? null : `offerta ${input.cardIdx + 1}`,
    question: input.question,
    staffUrl: staffPreviewUrl(input.origin, input.guest.id, input.quote.id),
  });
  return enqueueMail(ctx, {
    kind: 'question-campsite',
    to: [campsite.address],
    subject: `Domanda di ${guestName}: «${messageStart(input.question, 60)}»`,
    ...(await renderMail(element, input.origin)),
    replyTo: input.guest.email,
    contactId: input.guest.id,
    quoteId: input.quote.id,
    idempotencyKey: `question-campsite:${input.questionId}`,
  });
}

/** The thread of traces the quote's mails to this guest are in: the answer joins it, and so does the guest's reply. */
async function quoteTraceThread(db: DbOrTx, campsiteId: string, guest: { id: string; email: string }, quoteId: string): Promise<string | undefined> {
  const [trace] = await db
    .select({ threadId: mailTraces.threadId })
    .from(mailTraces)
    .where(
      and(
        eq(mailTraces.campingId, campsiteId),
        eq(mailTraces.contactId, guest.id),
        eq(mailTraces.quoteId, quoteId),
        eq(mailTraces.direction, 'out'),
        // Written to the guest: the campsite's own notices about the quote are traced on the guest too.
        sql`${mailTraces.recipients} @> ${JSON.stringify([guest.email])}::jsonb`,
      ),
    )
    .orderBy(desc(mailTraces.createdAt))
    .limit(1);
  return trace?.threadId;
}

/** The newest conversation of the bound mailbox about this quote, if there is one. */
async function quoteMailboxThread(db: DbOrTx, campsiteId: string, mailboxId: string, quoteId: string): Promise<string | null> {
  const [thread] = await db
    .select({ id: mailboxThreads.id })
    .from(mailboxThreads)
    .where(and(eq(mailboxThreads.campingId, campsiteId), eq(mailboxThreads.mailboxId, mailboxId), eq(mailboxThreads.quoteId, quoteId), isNotNull(mailboxThreads.lastMessageAt)))
    .orderBy(desc(mailboxThreads.lastMessageAt), desc(mailboxThreads.id))
    .limit(1);
  return thread?.id ?? null;
}

/** The answer to mail; the campsite and the staff member who answers are the unit of work's. */
export type AnswerMail = {
  guest: Guest & { email: string };
  locale: GuestLocale;
  quote: { id: string };
  question: string;
  answer: string;
  origin: string;
  answerId: string;
};

/**
 * The answer to the guest, by the way the staff's own mails about a quote go: through the
 * campsite's bound mailbox when it can send (a reply in the quote's conversation there, so the
 * guest's next reply lands in it too), otherwise through the outbox with the RIF reference, its
 * trace in the thread of the quote's mails. Returns the trace of the mail.
 */
export async function sendAnswerMail(ctx: StaffCtx, input: AnswerMail, options: { mailboxClient?: MailboxClient } = {}): Promise<{ traceId: string | null; via: 'mailbox' | 'outbox' }> {
  const { db, campsiteId } = ctx;
  const userEmail = ctx.tenant.email;
  const campsite = await campsiteMailFacts(ctx);
  const quoteUrl = input.origin.replace(/\/$/, '') + guestQuotePath({ campsiteId, quoteId: input.quote.id, contactId: input.guest.id });
  const element = createElement(AnswerToGuest, { locale: input.locale, campsite: campsite.name, guestName: input.guest.firstName, question: input.question, answer: input.answer, quoteUrl });
  const rendered = await renderMail(element, input.origin);
  const subject = MAIL_TEXTS[input.locale].answerSubject(campsite.name);
  const mailbox = await findMailboxRow(ctx);
  if (mailbox && mailbox.status !== 'reconnect') {
    const sent = await sendFromMailbox(
      ctx,
      {
        threadId: await quoteMailboxThread(db, campsiteId, mailbox.id, input.quote.id),
        to: [input.guest.email],
        subject,
        html: rendered.html,
        contactId: input.guest.id,
        quoteId: input.quote.id,
      },
      { client: options.mailboxClient },
    );
    return { traceId: sent.traceId, via: 'mailbox' };
  }
  const queued = await enqueueMail(ctx, {
    kind: 'question-answer',
    to: [input.guest.email],
    subject,
    ...rendered,
    replyTo: campsite.address,
    contactId: input.guest.id,
    quoteId: input.quote.id,
    threadId: await quoteTraceThread(db, campsiteId, input.guest, input.quote.id),
    meta: { operatore: userEmail, cliente: input.guest.id, tag: 'domanda' },
    idempotencyKey: `question-answer:${input.answerId}`,
  });
  return { traceId: queued.traceId, via: 'outbox' };
}
