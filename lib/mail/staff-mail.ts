import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mailAttachments, mailTraces, type MailMeta } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { deliverSoon } from './mailer';
import { enqueueMail, type MailKind } from './outbox';
import { subjectWithReference } from './subject';
import { assertContact, assertQuote } from './traces';

/** A mail written by the staff (/sendMail) or by the booking platform's pages (/sendMailCV). */
export type StaffMailInput = {
  to: string[];
  subject: string;
  html: string;
  contactId?: string | null;
  quoteId?: string | null;
  /** From getUUID; a new one otherwise. */
  referenceId?: string | null;
  threadId?: string | null;
  attachmentIds?: string[];
  meta?: MailMeta;
  /** The From display name (the CV mail settings' "mittente"); none keeps MAIL_FROM's. */
  senderName?: string | null;
};

export type SentStaffMail = { traceId: string; referenceId: string; threadId: string; subject: string; duplicate: boolean };

/** Every attachment must be one of this campsite's: an id of another campsite is not found. */
export async function assertAttachments(ctx: CampsiteCtx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await ctx.db
    .select({ id: mailAttachments.id })
    .from(mailAttachments)
    .where(and(eq(mailAttachments.campingId, ctx.campsiteId), inArray(mailAttachments.id, ids)));
  if (found.length !== ids.length) throw new AppError('not_found', 'Allegato non trovato.');
}

const sameRecipients = (a: string[], b: string[]) => a.length === b.length && a.every((address, i) => address.toLowerCase() === b[i]?.toLowerCase());

/**
 * Queues the mail with its trace (the subject gets the reference unless it has a brace) and
 * links its attachments to the trace, in one transaction; delivery starts once it committed.
 * The same reference sent again with the same mail is a retry and answers the first one; with
 * another mail it is refused, since a reference names one mail.
 */
export async function sendStaffMail(ctx: CampsiteCtx, kind: Extract<MailKind, 'staff' | 'cv'>, input: StaffMailInput): Promise<SentStaffMail> {
  const attachmentIds = [...new Set(input.attachmentIds ?? [])];
  const campsiteId = ctx.campsiteId;
  const sent = await ctx.db.transaction(async (tx): Promise<SentStaffMail> => {
    const inTx = { ...ctx, db: tx };
    if (input.contactId) await assertContact(inTx, input.contactId);
    if (input.quoteId) await assertQuote(inTx, input.quoteId);
    await assertAttachments(inTx, attachmentIds);
    if (input.referenceId) {
      const [used] = await tx
        .select({ id: mailTraces.id, campingId: mailTraces.campingId, threadId: mailTraces.threadId, subject: mailTraces.subject, recipients: mailTraces.recipients })
        .from(mailTraces)
        .where(eq(mailTraces.referenceId, input.referenceId))
        .limit(1);
      if (used) {
        const retry =
          used.campingId === campsiteId &&
          used.subject === subjectWithReference(input.subject, input.referenceId) &&
          sameRecipients(used.recipients, input.to);
        if (!retry) throw new AppError('conflict', 'Questo riferimento (uuid) è già stato usato per un’altra e-mail: chiedine uno nuovo con /getUUID.');
        return { traceId: used.id, referenceId: input.referenceId, threadId: used.threadId, subject: used.subject, duplicate: true };
      }
    }
    const queued = await enqueueMail(inTx, {
      kind,
      to: input.to,
      subject: input.subject,
      html: input.html,
      contactId: input.contactId ?? null,
      quoteId: input.quoteId ?? null,
      threadId: input.threadId ?? undefined,
      referenceId: input.referenceId ?? undefined,
      attachmentIds,
      meta: input.meta,
      senderName: input.senderName ?? null,
    });
    const traceId = queued.traceId!;
    if (attachmentIds.length) {
      await tx
        .update(mailAttachments)
        .set({ mailTraceId: traceId })
        .where(and(eq(mailAttachments.campingId, campsiteId), inArray(mailAttachments.id, attachmentIds), isNull(mailAttachments.mailTraceId)));
    }
    return { traceId, referenceId: queued.referenceId, threadId: input.threadId ?? queued.referenceId, subject: queued.subject, duplicate: false };
  });
  if (!sent.duplicate) deliverSoon();
  return sent;
}
