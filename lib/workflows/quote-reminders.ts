import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { campsiteContext, type CampsiteCtx } from '@/lib/context/unit-of-work';
import { QUEUES } from '@/lib/jobs/queues';
import { campsites, contacts, quotes } from '@/db/schema';
import { appUrl } from '@/lib/env';
import { reminderTemplate } from '@/lib/templates/service';
import { AppError } from '@/lib/errors';
import { draftQuoteMail } from './quote-mail';
import { enqueueMail } from '@/lib/mail/outbox';

/**
 * Quotes sent and still unopened after the campsite's reminderDays get the reminder template
 * once. reminder_sent_at is set in the same transaction as the queued mail, and the idempotency
 * key is the quote's, so two servers running the job cannot remind twice.
 */
export async function sendDueReminders(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ quoteId: quotes.id, campsiteId: quotes.campingId, languageId: quotes.languageId, contactLanguage: contacts.languageId })
    .from(quotes)
    .innerJoin(campsites, eq(campsites.id, quotes.campingId))
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .where(
      and(
        eq(quotes.progress, 'inviato'),
        eq(quotes.reminderEnabled, true),
        isNull(quotes.reminderSentAt),
        isNull(quotes.readAt),
        sql`${contacts.email} is not null and ${contacts.email} <> ''`,
        sql`${campsites.reminderDays} > 0`,
        lte(quotes.sentAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${campsites.reminderDays})`),
      ),
    )
    .limit(200);
  let queued = 0;
  for (const row of due) {
    const template = await reminderTemplate(campsiteContext({ kind: 'job', campsiteId: row.campsiteId, job: QUEUES.reminders }, db), row.languageId ?? row.contactLanguage);
    if (!template) continue;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(quotes)
        .set({ reminderSentAt: now })
        .where(and(eq(quotes.id, row.quoteId), isNull(quotes.reminderSentAt), eq(quotes.progress, 'inviato')))
        .returning({ id: quotes.id, contactId: quotes.contactId });
      if (!claimed) return false;
      // The quote's campsite as the job's unit of work, on this sweep's transaction: a reminder's
      // claim and its mail stay one commit, as before campsites had their own units of work.
      const ctx = campsiteContext({ kind: 'job', campsiteId: row.campsiteId, job: QUEUES.reminders }, tx);
      const draft = await draftQuoteMail(ctx, { quoteId: row.quoteId, templateId: template.id, reminder: true }, appUrl());
      await enqueueMail(ctx, {
        kind: 'reminder',
        to: [draft.to],
        subject: draft.subject,
        html: draft.html,
        text: draft.text,
        replyTo: draft.replyTo,
        senderName: draft.senderName,
        contactId: claimed.contactId,
        quoteId: row.quoteId,
        meta: { tag: 'sollecito' },
        idempotencyKey: `reminder:${row.quoteId}`,
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}

/** The staff's per-quote switch: the job skips a quote whose reminder is off. */
export async function setQuoteReminder(ctx: CampsiteCtx, quoteId: string, enabled: boolean): Promise<boolean> {
  const [updated] = await ctx.db
    .update(quotes)
    .set({ reminderEnabled: enabled })
    .where(and(eq(quotes.id, quoteId), eq(quotes.campingId, ctx.campsiteId)))
    .returning({ enabled: quotes.reminderEnabled });
  if (!updated) throw new AppError('not_found', 'Preventivo non trovato.');
  return updated.enabled;
}
