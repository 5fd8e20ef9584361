import { appUrl } from '@/lib/env';
import { and, desc, eq, gt } from 'drizzle-orm';
import { contacts, mailOutbox, mailTraces, quoteRequests, quotes } from '@/db/schema';
import type { ClientInfo } from '@/lib/auth/service';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { guestLocaleOf } from '@/lib/i18n/locales';
import { limiter, minutesLeft, type LimitRule, type LimitState } from '@/lib/rate-limit/limiter';
import { findPublicCampsite } from '@/lib/requests/form-options';
import { deliverSoon } from '@/lib/mail/mailer';
import { queueContactConfirmation } from '@/lib/mail/system-mails';
import { mayMailFromForm } from './unvouched-mail';

/** A guest asks for their confirmation once; a script asking again and again is slowed down. */
export const CONFIRM_ADDRESS_LIMIT: LimitRule = { points: 10, durationSeconds: 10 * 60 };
export const CONFIRM_RECIPIENT_LIMIT: LimitRule = { points: 3, durationSeconds: 60 * 60 };
const perAddress = limiter('mail-confirm:address', CONFIRM_ADDRESS_LIMIT);
const perRecipient = limiter('mail-confirm:recipient', CONFIRM_RECIPIENT_LIMIT);
/** A confirmation already queued this recently for the same guest is not sent again. */
const RECENT_MS = 10 * 60_000;

export type ConfirmRequest = { contactId: string; quoteId?: string | null; languageId?: number | null; origin?: string };

/**
 * /sendMailConfirm, public: the fixed confirmation template, only to a contact of the campsite the
 * call names (the unit of work's, by its unguessable id) and only at the contact's own stored
 * address; the caller chooses neither the recipient nor the text. The contact form already queues one: a second
 * request for the same guest (and quote) within minutes, or any to an address the campsite cannot vouch for that
 * the form mailed today (unvouched-mail.ts), is answered without sending again.
 */
export async function sendPublicConfirmation(ctx: CampsiteCtx, request: ConfirmRequest, client: ClientInfo): Promise<{ queued: boolean }> {
  const db = ctx.db;
  const campsite = await findPublicCampsite(db, ctx.campsiteId);
  if (!campsite) throw new AppError('not_found', 'Cliente non trovato.');
  const [contact] = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      languageId: contacts.languageId,
      source: contacts.source,
    })
    .from(contacts)
    .where(and(eq(contacts.id, request.contactId), eq(contacts.campingId, campsite.id)));
  if (!contact) throw new AppError('not_found', 'Cliente non trovato.');
  let quote: { id: string; languageId: number | null } | null = null;
  if (request.quoteId) {
    [quote] = await db
      .select({ id: quotes.id, languageId: quotes.languageId })
      .from(quotes)
      .where(and(eq(quotes.id, request.quoteId), eq(quotes.campingId, campsite.id), eq(quotes.contactId, contact.id)));
    if (!quote) throw new AppError('not_found', 'Preventivo non trovato.');
  }
  const email = contact.email?.trim();
  if (!email) throw new AppError('bad_request', 'Il cliente non ha un indirizzo e-mail.');

  const rateLimited = (state: LimitState) =>
    new AppError('rate_limited', `Troppe richieste di conferma: riprova tra ${minutesLeft(state)} minuti.`);
  if (client.ip) {
    const byAddress = await perAddress.consume(db, client.ip);
    if (!byAddress.allowed) throw rateLimited(byAddress);
  }
  const byRecipient = await perRecipient.consume(db, `${campsite.id}:${email.toLowerCase()}`);
  if (!byRecipient.allowed) throw rateLimited(byRecipient);

  const [recent] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .innerJoin(mailTraces, eq(mailTraces.id, mailOutbox.mailTraceId))
    .where(
      and(
        eq(mailOutbox.campingId, campsite.id),
        eq(mailOutbox.kind, 'contact-confirmation'),
        eq(mailTraces.contactId, contact.id),
        quote ? eq(mailTraces.quoteId, quote.id) : gt(mailOutbox.createdAt, new Date(Date.now() - RECENT_MS)),
      ),
    )
    .limit(1);
  if (recent) return { queued: false };

  const [stay] = quote
    ? await db
        .select({ arrival: quoteRequests.arrival, departure: quoteRequests.departure, message: quoteRequests.message })
        .from(quoteRequests)
        .where(and(eq(quoteRequests.quoteId, quote.id), eq(quoteRequests.campingId, campsite.id)))
        .orderBy(desc(quoteRequests.createdAt))
        .limit(1)
    : [];
  const locale = guestLocaleOf(request.languageId ?? quote?.languageId ?? contact.languageId);
  const queued = await db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    if (!(await mayMailFromForm(inTx, { ...contact, created: false }))) return null;
    return queueContactConfirmation(inTx, {
      guest: { ...contact, email },
      locale,
      origin: request.origin ?? appUrl(),
      quoteId: quote?.id,
      arrival: stay?.arrival ?? null,
      departure: stay?.departure ?? null,
      message: stay?.message || null,
      idempotencyKey: quote ? `contact-confirmation:${quote.id}` : undefined,
    });
  });
  if (queued && !queued.duplicate) deliverSoon();
  return { queued: Boolean(queued && !queued.duplicate) };
}
