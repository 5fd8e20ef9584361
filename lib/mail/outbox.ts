import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { contacts, mailOutbox, mailTraces, type MailMeta } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { env } from '@/lib/env';
import { newId } from '@/lib/ids';
import { newMessageId } from './message-id';
import { fromWithDisplayName } from './sender-name';
import { subjectWithReference } from './subject';

/** What caused a mail: shown on the outbox page, and newsletters skip the subject reference. */
export type MailKind =
  | 'quote'
  | 'reminder'
  /** A guest's automatic mail before arrival or after departure (issue 32). */
  | 'stay'
  | 'contact-confirmation'
  | 'newsletter-confirmation'
  | 'acceptance-guest'
  | 'acceptance-campsite'
  | 'question-campsite'
  | 'question-answer'
  | 'staff'
  | 'newsletter'
  | 'cv'
  /** A one-time link to a user imported from the old CRM: no trace (it opens a session), no subject reference. */
  | 'user-invitation';

export type NewMail = {
  kind: MailKind;
  to: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string | null;
  /** The display name of the From header (the campsite's quote-sending settings); MAIL_FROM's address stays. */
  senderName?: string | null;
  /** The contact the mail is about; found by the first recipient's address when left out. */
  contactId?: string | null;
  quoteId?: string | null;
  /** Continues an existing thread (tracciaMail); a new mail starts its own. */
  threadId?: string;
  /** A reference from getUUID; a new one otherwise. */
  referenceId?: string;
  attachmentIds?: string[];
  meta?: MailMeta;
  /** Makes a repeated request (a double click, a retried API call) enqueue the mail once. */
  idempotencyKey?: string;
};

export type EnqueuedMail = { outboxId: string; traceId: string | null; referenceId: string; subject: string; duplicate: boolean };

/** A short reference for subjects: 6 hex characters for the public flows (spec section 8), 10 otherwise. */
export const newReferenceId = (length: 6 | 10 = 10) => randomBytes(5).toString('hex').slice(0, length).toUpperCase();

/** The campsite's contact with this address (case does not matter), or null. */
export async function contactByAddress(ctx: CampsiteCtx, address: string | undefined): Promise<string | null> {
  if (!address) return null;
  const [found] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.campingId, ctx.campsiteId), sql`lower(${contacts.email}) = lower(${address.trim()}::text)`))
    .limit(1);
  return found?.id ?? null;
}

/**
 * Writes a mail to the outbox (and, unless it is a newsletter, its trace on the contact) with the
 * caller's transaction, so that the mail exists exactly when the change that caused it does.
 * Delivery happens afterwards (delivery.ts); nothing here talks to the network.
 */
export async function enqueueMail(ctx: CampsiteCtx, mail: NewMail): Promise<EnqueuedMail> {
  const { db, campsiteId } = ctx;
  if (mail.idempotencyKey) {
    const [existing] = await db
      .select({ id: mailOutbox.id, traceId: mailOutbox.mailTraceId, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.campingId, campsiteId), eq(mailOutbox.idempotencyKey, `${campsiteId}:${mail.idempotencyKey}`)));
    if (existing) return { outboxId: existing.id, traceId: existing.traceId, referenceId: '', subject: existing.subject, duplicate: true };
  }
  // Neither a newsletter nor an invitation is a conversation with a guest: no reference, no trace.
  const untraced = mail.kind === 'newsletter' || mail.kind === 'user-invitation';
  const referenceId = mail.referenceId ?? newReferenceId();
  const subject = subjectWithReference(mail.subject, referenceId, { newsletter: untraced });
  const fromAddress = fromWithDisplayName(env().MAIL_FROM, mail.senderName);
  const rfcMessageId = newMessageId(fromAddress);
  let traceId: string | null = null;
  if (!untraced) {
    const contactId = mail.contactId ?? (await contactByAddress(ctx, mail.to[0]));
    traceId = newId();
    await db.insert(mailTraces).values({
      id: traceId,
      campingId: campsiteId,
      contactId,
      quoteId: mail.quoteId ?? null,
      threadId: mail.threadId ?? referenceId,
      referenceId,
      direction: 'out',
      recipients: mail.to,
      subject,
      body: mail.html,
      rfcMessageId,
      meta: mail.meta ?? {},
    });
  }
  const outboxId = newId();
  await db.insert(mailOutbox).values({
    id: outboxId,
    campingId: campsiteId,
    idempotencyKey: mail.idempotencyKey ? `${campsiteId}:${mail.idempotencyKey}` : `mail:${outboxId}`,
    kind: mail.kind,
    fromAddress,
    replyTo: mail.replyTo ?? null,
    recipients: mail.to,
    subject,
    html: mail.html,
    text: mail.text ?? null,
    attachmentIds: mail.attachmentIds ?? [],
    mailTraceId: traceId,
    rfcMessageId,
  });
  return { outboxId, traceId, referenceId, subject, duplicate: false };
}
