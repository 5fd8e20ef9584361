import { and, desc, eq, sql } from 'drizzle-orm';
import { contacts, quoteProgressEvents, quoteRequests, quotes } from '@/db/schema';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { guestLocaleOf } from '@/lib/i18n/locales';
import { requestQuoteTitle } from '@/lib/i18n/quote-titles';
import { queueContactConfirmation } from '@/lib/mail/system-mails';
import { CONFIRM_VALID_DAYS, recordSubscriptionRequest } from '@/lib/newsletter/consent';
import type { SubscriptionRequest } from '@/lib/newsletter/consent-validation';
import { guestEvents } from '@/lib/notifications/events';
import { defaultValidUntil } from '@/lib/quotes/service';
import type { FormLanguage } from './form-options';
import { mayMailFromForm } from './unvouched-mail';
import type { RequestInput } from './validation';


type ContactRow = typeof contacts.$inferSelect;
export type StoredRequest = {
  contactId: string;
  quoteId: string;
  contactCreated: boolean;
  /** The confirmation mail was queued (the form may not mail an unvouched address again). */
  mailed: boolean;
  /** Its newsletter link was in it. */
  newsletterPending: boolean;
};

const italianDate = (iso: string) => iso.split('-').reverse().join('/');
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The staff read the notification in Italian: «per 2 adulti e 1 bambino dal 01/07/2027 al 08/07/2027». */
function stayForStaff(input: RequestInput): string {
  const party = input.adults
    ? `per ${plural(input.adults, 'adulto', 'adulti')}${input.children ? ` e ${plural(input.children, 'bambino', 'bambini')}` : ''}`
    : '';
  const dates = input.arrival && input.departure ? `dal ${italianDate(input.arrival)} al ${italianDate(input.departure)}` : input.arrival ? `dal ${italianDate(input.arrival)}` : '';
  return [party, dates].filter(Boolean).join(' ');
}

/**
 * The guest already known by this e-mail (any case) gets only what the campsite's record lacks
 * (names, phone, nation, language): an anonymous form must not change what the staff know, and
 * anyone can type a guest's address. What the guest typed stays on the request for the staff to
 * apply. Otherwise a contact is created, with no owner, marked as from the form.
 */
async function upsertContact(ctx: CampsiteCtx, input: RequestInput, languageId: number | null): Promise<{ row: ContactRow; created: boolean }> {
  const { db: tx, campsiteId } = ctx;
  // Two submissions with the same address take turns (the staff's create uses the same lock).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || lower(${input.email}::text)))`);
  const [existing] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.campingId, campsiteId), sql`lower(${contacts.email}) = lower(${input.email}::text)`))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(1);
  const phone = input.phone ? { phone: input.phone, phonePrefix: input.phonePrefix } : {};
  if (existing) {
    const missing = {
      ...(!existing.firstName && input.firstName ? { firstName: input.firstName } : {}),
      ...(!existing.lastName && input.lastName ? { lastName: input.lastName } : {}),
      ...(!existing.phone && input.phone ? phone : {}),
      ...(!existing.nationId && input.nationId ? { nationId: input.nationId } : {}),
      ...(!existing.languageId && (input.languageId ?? languageId) ? { languageId: input.languageId ?? languageId } : {}),
    };
    if (Object.keys(missing).length === 0) return { row: existing, created: false };
    const [row] = await tx
      .update(contacts)
      .set({ ...missing, version: sql`${contacts.version} + 1` })
      .where(and(eq(contacts.id, existing.id), eq(contacts.campingId, campsiteId)))
      .returning();
    return { row, created: false };
  }
  const [row] = await tx
    .insert(contacts)
    .values({
      campingId: campsiteId,
      ownerId: null,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      email: input.email,
      ...phone,
      nationId: input.nationId,
      languageId: input.languageId ?? languageId,
      source: 'form',
    })
    .returning();
  return { row, created: true };
}

/**
 * A quote in progress 'richiesta' with its first event and the request as it came: what the
 * form and the expired quote's "new quote" both leave for the staff.
 */
export async function openRequestQuote(
  ctx: CampsiteCtx,
  input: {
    contactId: string;
    ownerId: string | null;
    languageId: number | null;
    note: string;
    request: { arrival: string | null; departure: string | null; message: string; payload: Record<string, unknown> };
    now: Date;
  },
): Promise<{ id: string; name: string }> {
  const { db: tx, campsiteId } = ctx;
  const [quote] = await tx
    .insert(quotes)
    .values({
      campingId: campsiteId,
      contactId: input.contactId,
      ownerId: input.ownerId,
      // The guest reads the title on their page: in their language.
      name: requestQuoteTitle(guestLocaleOf(input.languageId), input.now),
      languageId: input.languageId,
      progress: 'richiesta',
      progressChangedAt: input.now,
      validUntil: defaultValidUntil(input.now),
    })
    .returning({ id: quotes.id, name: quotes.name });
  await tx.insert(quoteProgressEvents).values({
    campingId: campsiteId,
    quoteId: quote.id,
    fromProgress: null,
    toProgress: 'richiesta',
    actorKind: 'guest',
    note: input.note,
  });
  await tx.insert(quoteRequests).values({ campingId: campsiteId, quoteId: quote.id, contactId: input.contactId, languageId: input.languageId, ...input.request });
  return quote;
}

/** The guest ticked the newsletter: the double opt-in's record, its link mailed with the confirmation. */
export type NewsletterRequest = Pick<SubscriptionRequest, 'textShown' | 'ip' | 'userAgent' | 'languageId'>;

export type RequestToStore = {
  input: RequestInput;
  language: FormLanguage;
  payload: Record<string, unknown>;
  /** The base of the links in the confirmation mail. */
  origin: string;
  newsletter?: NewsletterRequest | null;
  now?: Date;
};

/**
 * Everything a submission leaves behind, all or nothing: the contact, a quote in progress
 * 'richiesta' with its first event, the request as the guest sent it, the staff's notification,
 * and one confirmation mail when the form may send it (unvouched-mail.ts), carrying the
 * newsletter's confirmation link when the guest asked for it. A withheld mail starts no opt-in:
 * its link would reach nobody.
 */
export async function storeRequest(ctx: CampsiteCtx, request: RequestToStore): Promise<StoredRequest> {
  const { input, language, origin, now = new Date() } = request;
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const contact = await upsertContact(inTx, input, language.languageId);
    const quote = await openRequestQuote(inTx, {
      contactId: contact.row.id,
      ownerId: null,
      languageId: language.languageId,
      note: 'Richiesta dal modulo del sito',
      request: { arrival: input.arrival, departure: input.departure, message: input.message ?? '', payload: request.payload },
      now,
    });
    await guestEvents.request(inTx, quote, contact.row, stayForStaff(input));
    const stored = { contactId: contact.row.id, quoteId: quote.id, contactCreated: contact.created, mailed: false, newsletterPending: false };
    if (!(await mayMailFromForm(inTx, { ...contact.row, created: contact.created }, now))) return stored;
    const optIn = request.newsletter
      ? await recordSubscriptionRequest(inTx, {
          ...request.newsletter,
          email: input.email,
          firstName: input.firstName,
          method: 'form',
          origin,
          holdUntilConfirmed: contact.created,
        })
      : null;
    await queueContactConfirmation(inTx, {
      guest: contact.row,
      locale: language.locale,
      origin,
      quoteId: quote.id,
      arrival: input.arrival,
      departure: input.departure,
      message: input.message,
      newsletter: optIn ? { confirmUrl: optIn.confirmUrl, validDays: CONFIRM_VALID_DAYS } : null,
    });
    return { ...stored, mailed: true, newsletterPending: Boolean(optIn) };
  });
}
