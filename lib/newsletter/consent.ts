import { createHash, randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { campsites, contacts, listMemberships, mailingLists, newsletterConsents, type ConsentMethod, type ContactSource } from '@/db/schema';
import { NewsletterConfirmation, OPT_IN_TEXTS } from '@/emails/newsletter-confirmation';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { deliverSoon } from '@/lib/mail/mailer';
import { enqueueMail } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mail/render';
import { consentTokenSchema, subscriptionRequestSchema, type SubscriptionRequest } from './consent-validation';

/** How long a confirmation link stays valid. */
export const CONFIRM_VALID_DAYS = 7;
const DAY_MS = 86_400_000;

/** Only the hash of a token is stored: a copy of the table confirms nobody. */
export const hashConsentToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The guest's confirmation page. */
export const confirmationPath = (token: string) => `/mailing/conferma/${encodeURIComponent(token)}`;

const SOURCE_OF: Record<ConsentMethod, ContactSource> = { form: 'form', link: 'form', platform: 'platform', api: 'api', staff: 'staff' };

export type RequestedSubscription = { contactId: string; consentId: string; contactCreated: boolean; outboxId: string; locale: GuestLocale };

/** A double opt-in request written, before its link is mailed: what the mail needs. */
export type RecordedSubscription = Omit<RequestedSubscription, 'outboxId'> & {
  token: string;
  /** The address as checked, trimmed. */
  email: string;
  confirmUrl: string;
  guestName: string;
  campsite: { name: string; replyTo: string | null };
};

type SubscriptionParams = Omit<SubscriptionRequest, 'campsiteId'> & { holdUntilConfirmed?: boolean };

/**
 * Double opt-in, first half, in the caller's transaction: the contact of this address in the
 * campsite (any case) is found or created and a 'requested' row holds the hash of a fresh token.
 * Nobody is subscribed yet: a new contact is kept off the newsletters until the click
 * (holdUntilConfirmed does the same for a contact the caller has just created); an existing
 * contact's subscription stays as it is. The link is the caller's to mail: its own mail
 * (requestSubscription) or inside another one (the contact form's confirmation).
 */
export async function recordSubscriptionRequest(ctx: CampsiteCtx, params: SubscriptionParams): Promise<RecordedSubscription> {
  const input = subscriptionRequestSchema.parse({ ...params, campsiteId: ctx.campsiteId });
  const { campsiteId, email } = input;
  const { db: tx } = ctx;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const [campsite] = await tx
    .select({ name: campsites.name, contacts: campsites.contacts })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  if (!campsite) throw new AppError('not_found', 'Campeggio non trovato.');
  if (input.listId) {
    const [list] = await tx
      .select({ id: mailingLists.id })
      .from(mailingLists)
      .where(and(eq(mailingLists.id, input.listId), eq(mailingLists.campingId, campsiteId)));
    if (!list) throw new AppError('not_found', 'Lista non trovata.');
  }
  // The contact form and the staff's create take the same lock: one contact per address.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campsiteId}::text || lower(${email}::text)))`);
  const [existing] = await tx
    .select({ id: contacts.id, firstName: contacts.firstName, languageId: contacts.languageId })
    .from(contacts)
    .where(and(eq(contacts.campingId, campsiteId), sql`lower(${contacts.email}) = lower(${email}::text)`))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(1);
  let contact = existing;
  if (!contact) {
    [contact] = await tx
      .insert(contacts)
      .values({
        campingId: campsiteId,
        ownerId: null,
        firstName: input.firstName ?? '',
        email,
        languageId: input.languageId ?? null,
        source: SOURCE_OF[input.method],
        newsletterOptOutAt: now,
      })
      .returning({ id: contacts.id, firstName: contacts.firstName, languageId: contacts.languageId });
  } else if (params.holdUntilConfirmed) {
    await tx
      .update(contacts)
      .set({ newsletterOptOutAt: now })
      .where(and(eq(contacts.id, contact.id), eq(contacts.campingId, campsiteId)));
  }
  const languageId = input.languageId ?? contact.languageId ?? null;
  const [consent] = await tx
    .insert(newsletterConsents)
    .values({
      campingId: campsiteId,
      contactId: contact.id,
      listId: input.listId ?? null,
      email,
      action: 'requested',
      method: input.method,
      textShown: input.textShown,
      languageId,
      ip: input.ip ?? null,
      userAgent: input.userAgent ?? null,
      tokenHash: hashConsentToken(token),
      expiresAt: new Date(now.getTime() + CONFIRM_VALID_DAYS * DAY_MS),
      at: now,
    })
    .returning({ id: newsletterConsents.id });
  return {
    contactId: contact.id,
    consentId: consent.id,
    contactCreated: !existing,
    locale: guestLocaleOf(languageId),
    token,
    email,
    confirmUrl: input.origin.replace(/\/$/, '') + confirmationPath(token),
    guestName: contact.firstName || input.firstName || '',
    campsite: { name: campsite.name, replyTo: campsite.contacts?.email || null },
  };
}

/** Double opt-in, first half, with its own confirmation mail in the guest's language. */
export async function requestSubscription(ctx: CampsiteCtx, params: SubscriptionParams): Promise<RequestedSubscription & { token: string }> {
  const origin = params.origin.replace(/\/$/, '');
  const result = await ctx.db.transaction(async (tx) => {
    const recorded = await recordSubscriptionRequest({ ...ctx, db: tx }, params);
    const { locale, campsite } = recorded;
    const mail = await renderMail(
      createElement(NewsletterConfirmation, {
        locale,
        campsite: campsite.name,
        guestName: recorded.guestName,
        confirmUrl: recorded.confirmUrl,
        validDays: CONFIRM_VALID_DAYS,
      }),
      origin,
    );
    const queued = await enqueueMail({ ...ctx, db: tx }, {
      kind: 'newsletter-confirmation',
      to: [recorded.email],
      subject: OPT_IN_TEXTS[locale].subject(campsite.name),
      ...mail,
      replyTo: campsite.replyTo,
      contactId: recorded.contactId,
    });
    return { ...recorded, outboxId: queued.outboxId };
  });
  deliverSoon();
  const { contactId, consentId, contactCreated, outboxId, locale, token } = result;
  return { contactId, consentId, contactCreated, outboxId, locale, token };
}

export type ConfirmState = 'pending' | 'confirmed' | 'already' | 'expired' | 'unknown';
export type ConfirmOutcome = { state: ConfirmState; campsiteName: string | null; locale: GuestLocale | null; email: string | null };

const UNKNOWN: ConfirmOutcome = { state: 'unknown', campsiteName: null, locale: null, email: null };

async function requestOf(db: DbOrTx, token: string, lock: boolean) {
  if (!consentTokenSchema.safeParse(token).success) return null;
  const query = db
    .select({ consent: newsletterConsents, campsiteName: campsites.name })
    .from(newsletterConsents)
    .innerJoin(campsites, eq(campsites.id, newsletterConsents.campingId))
    .where(and(eq(newsletterConsents.tokenHash, hashConsentToken(token)), eq(newsletterConsents.action, 'requested')));
  const [row] = lock ? await query.for('update', { of: newsletterConsents }) : await query;
  return row ?? null;
}

function outcomeOf(row: NonNullable<Awaited<ReturnType<typeof requestOf>>>, state: ConfirmState): ConfirmOutcome {
  return { state, campsiteName: row.campsiteName, locale: guestLocaleOf(row.consent.languageId), email: row.consent.email };
}

/** For the confirmation page's render: what the link stands for. Reads only: a mail scanner's GET confirms nothing. */
export async function inspectConfirmation(db: DbOrTx, token: string, now: Date = new Date()): Promise<ConfirmOutcome> {
  const row = await requestOf(db, token, false);
  if (!row || !row.consent.contactId) return UNKNOWN;
  if (row.consent.confirmedAt) return outcomeOf(row, 'already');
  if (row.consent.expiresAt && row.consent.expiresAt.getTime() <= now.getTime()) return outcomeOf(row, 'expired');
  return outcomeOf(row, 'pending');
}

/**
 * Double opt-in, second half (the guest's click): the contact back on the newsletters (and on the
 * list the request named), the request marked confirmed and a 'confirmed' row with the address and
 * browser of the click. Everything is found from the token's own row, so its campsite bounds every
 * change. A second click changes nothing and says so; an unknown or expired token changes nothing.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  client: { ip?: string | null; userAgent?: string | null },
  now: Date = new Date(),
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const row = await requestOf(tx, token, true);
    if (!row || !row.consent.contactId) return UNKNOWN;
    const { consent } = row;
    if (consent.confirmedAt) return outcomeOf(row, 'already');
    if (consent.expiresAt && consent.expiresAt.getTime() <= now.getTime()) return outcomeOf(row, 'expired');
    const campsiteId = consent.campingId;
    const contactId = consent.contactId!;
    await tx
      .update(contacts)
      .set({ newsletterOptOutAt: null })
      .where(and(eq(contacts.id, contactId), eq(contacts.campingId, campsiteId)));
    if (consent.listId) {
      await tx
        .insert(listMemberships)
        .values({ campingId: campsiteId, listId: consent.listId, contactId })
        .onConflictDoUpdate({ target: [listMemberships.listId, listMemberships.contactId], set: { unsubscribedAt: null } });
    }
    await tx
      .update(newsletterConsents)
      .set({ confirmedAt: now })
      .where(and(eq(newsletterConsents.id, consent.id), eq(newsletterConsents.campingId, campsiteId)));
    await tx.insert(newsletterConsents).values({
      campingId: campsiteId,
      contactId,
      listId: consent.listId,
      email: consent.email,
      action: 'confirmed',
      method: 'link',
      textShown: consent.textShown,
      languageId: consent.languageId,
      ip: client.ip?.slice(0, 100) ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      confirmedAt: now,
      at: now,
    });
    return outcomeOf(row, 'confirmed');
  });
}

/**
 * A change that needs no confirmation, written to the log: the staff put a guest on or off the
 * newsletters (/newsletterSubscription), or the guest used their own unsubscribe link. The
 * contact is looked up within the campsite; one of another campsite leaves no row.
 */
export async function logConsentChange(
  { db, campsiteId }: CampsiteCtx,
  params: {
    contactId: string;
    action: 'subscribed' | 'unsubscribed';
    method: ConsentMethod;
    listId?: string | null;
    textShown?: string;
    ip?: string | null;
    userAgent?: string | null;
  },
): Promise<void> {
  const [contact] = await db
    .select({ email: contacts.email, languageId: contacts.languageId })
    .from(contacts)
    .where(and(eq(contacts.id, params.contactId), eq(contacts.campingId, campsiteId)));
  if (!contact) return;
  // A list is named only when it is the campsite's own (a guest's call may name anything).
  const [list] = params.listId
    ? await db
        .select({ id: mailingLists.id })
        .from(mailingLists)
        .where(and(eq(mailingLists.id, params.listId), eq(mailingLists.campingId, campsiteId)))
    : [];
  await db.insert(newsletterConsents).values({
    campingId: campsiteId,
    contactId: params.contactId,
    listId: list?.id ?? null,
    email: contact.email ?? '',
    action: params.action,
    method: params.method,
    textShown: params.textShown ?? '',
    languageId: contact.languageId,
    ip: params.ip?.slice(0, 100) ?? null,
    userAgent: params.userAgent?.slice(0, 500) ?? null,
  });
}
