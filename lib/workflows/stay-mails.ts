import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campsites, contacts, quotes, stayMessages } from '@/db/schema';
import { runJobWork, type CampsiteCtx } from '@/lib/context/unit-of-work';
import { appUrl } from '@/lib/env';
import { QUEUES } from '@/lib/jobs/queues';
import { enqueueMail } from '@/lib/mail/outbox';
import { logger } from '@/lib/ops/logger.mjs';
import { dueDays, romeToday } from '@/lib/stays/schedule';
import { dueStayMails, type DueStayMail } from '@/lib/stays/send-due';
import { stayMailsOf } from '@/lib/stays/settings';
import { stayOfQuote } from '@/lib/stays/stay-of-quote';
import { createStaySurvey } from '@/lib/stays/survey-row';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';
import { draftStayMail } from './stay-mails-draft';

/** At most this many stay mails per run, like the reminders: the next run (10 minutes on) takes the rest. */
const RUN_LIMIT = 200;

const TAG: Record<StayMessageKind, string> = { pre_arrival: 'prima dell’arrivo', day_before: 'giorno prima dell’arrivo', post_stay: 'dopo la partenza' };

export const SKIP_REASONS = {
  suppressed: 'Non inviato: l’indirizzo e-mail del cliente è bloccato (rimbalzo o segnalazione di spam).',
  unsubscribed: 'Non inviato: il cliente ha annullato l’iscrizione alle comunicazioni.',
  dayBeforeLate: 'Non inviato: il messaggio prima dell’arrivo è partito solo il giorno prima dell’arrivo.',
} as const;

type Outcome = 'queued' | 'skipped' | 'none';

/** The ledger row (quote, kind): whoever inserts it first sends; everyone else finds nothing to do. */
async function claim(ctx: CampsiteCtx, mail: DueStayMail, status: 'queued' | 'skipped', reason: string | null = null): Promise<string | null> {
  const [row] = await ctx.db
    .insert(stayMessages)
    .values({ campingId: ctx.campsiteId, quoteId: mail.quoteId, kind: mail.kind, status, dueOn: mail.dueOn, reason })
    .onConflictDoNothing({ target: [stayMessages.quoteId, stayMessages.kind] })
    .returning({ id: stayMessages.id });
  return row?.id ?? null;
}

/**
 * One stay mail in the caller's transaction: the quote is locked and still 'convertito', the ledger
 * row is claimed, the survey made (after departure), the mail queued with the key of its stay and
 * kind. A crash or an error anywhere rolls all of it back, and the next run sends it once.
 */
export async function sendStayMail(ctx: CampsiteCtx, mail: DueStayMail, settings: StayMailSettings, today: string, origin: string): Promise<Outcome> {
  const [quote] = await ctx.db
    .select({ progress: quotes.progress, contactId: quotes.contactId })
    .from(quotes)
    .where(and(eq(quotes.id, mail.quoteId), eq(quotes.campingId, ctx.campsiteId)))
    .for('update');
  // Cancelled or refused since it was found (moved away from 'convertito'): nothing, and no ledger row.
  if (quote?.progress !== 'convertito') return 'none';
  const [guest] = await ctx.db
    .select({ email: contacts.email, optedOut: contacts.newsletterOptOutAt, suppressed: contacts.emailSuppressedAt })
    .from(contacts)
    .where(and(eq(contacts.id, quote.contactId), eq(contacts.campingId, ctx.campsiteId)));
  if (!guest?.email?.trim()) return 'none';
  // A suppressed address gets nothing. The unsubscribe covers the review request; the mails
  // before arrival are service information about the guest's own booking and still go.
  const reason = guest.suppressed ? SKIP_REASONS.suppressed : mail.kind === 'post_stay' && guest.optedOut ? SKIP_REASONS.unsubscribed : null;
  if (reason) return (await claim(ctx, mail, 'skipped', reason)) ? 'skipped' : 'none';
  const ledgerId = await claim(ctx, mail, 'queued');
  if (!ledgerId) return 'none';
  if (mail.kind === 'post_stay') await createStaySurvey(ctx, { quoteId: mail.quoteId });
  const draft = await draftStayMail(ctx, { quoteId: mail.quoteId, kind: mail.kind, settings }, origin);
  const queued = await enqueueMail(ctx, {
    kind: 'stay',
    to: [draft.to],
    subject: draft.subject,
    html: draft.html,
    text: draft.text,
    replyTo: draft.replyTo,
    senderName: draft.senderName,
    contactId: draft.contactId,
    quoteId: mail.quoteId,
    meta: { tag: TAG[mail.kind] },
    idempotencyKey: `stay:${mail.kind}:${mail.quoteId}`,
  });
  await ctx.db.update(stayMessages).set({ outboxId: queued.outboxId }).where(and(eq(stayMessages.id, ledgerId), eq(stayMessages.campingId, ctx.campsiteId)));
  if (mail.kind === 'pre_arrival') await skipLateDayBefore(ctx, mail, settings, today);
  return 'queued';
}

/** A pre-arrival mail that went out only the day before arrival (a late booking) makes the day-before one redundant. */
async function skipLateDayBefore(ctx: CampsiteCtx, mail: DueStayMail, settings: StayMailSettings, today: string) {
  const stay = await stayOfQuote(ctx, mail.quoteId);
  const dayBefore = stay ? dueDays(stay, settings).day_before : undefined;
  if (dayBefore && today >= dayBefore) await claim(ctx, { quoteId: mail.quoteId, kind: 'day_before', dueOn: dayBefore }, 'skipped', SKIP_REASONS.dayBeforeLate);
}

/**
 * The periodic job: for every campsite that turned stay mails on, its due mails, each in its own
 * transaction in the campsite's walled unit of work (runJobWork), so a campsite's run reads and
 * writes only its own rows and one failing stay does not hold back the others.
 */
export async function sendDueStayMails(db: Database, now = new Date(), origin = appUrl()) {
  const today = romeToday(now);
  const turnedOn = await db
    .select({ id: campsites.id, stayMails: campsites.stayMails })
    .from(campsites)
    .where(sql`${campsites.stayMails}->'preArrival'->>'enabled' = 'true' or ${campsites.stayMails}->'postStay'->>'enabled' = 'true'`)
    .orderBy(campsites.id);
  const report = { queued: 0, skipped: 0, failed: 0 };
  let budget = RUN_LIMIT;
  for (const campsite of turnedOn) {
    const settings = stayMailsOf(campsite.stayMails);
    const due = await runJobWork(campsite.id, QUEUES.stayMails, (ctx) => dueStayMails(ctx, settings, today, budget), db);
    for (const mail of due) {
      budget--;
      try {
        const outcome = await runJobWork(campsite.id, QUEUES.stayMails, (ctx) => ctx.db.transaction((tx) => sendStayMail({ ...ctx, db: tx }, mail, settings, today, origin)), db);
        if (outcome !== 'none') report[outcome]++;
      } catch (error) {
        report.failed++;
        logger.error({ err: error, campsiteId: campsite.id, quoteId: mail.quoteId, kind: mail.kind }, 'E-mail del soggiorno non accodata');
      }
    }
    if (budget <= 0) break;
  }
  return report;
}
