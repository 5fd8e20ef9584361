import { createElement } from 'react';
import { eq } from 'drizzle-orm';
import { campsites } from '@/db/schema';
import { AcceptanceToCampsite, AcceptanceToGuest } from '@/emails/acceptance';
import { ContactConfirmation } from '@/emails/contact-confirmation';
import { MAIL_TEXTS } from '@/emails/texts';
import { contactDisplayName } from '@/lib/contacts/display';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { formatGuestDate } from '@/lib/i18n/guest-format';
import type { GuestLocale } from '@/lib/i18n/locales';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { enqueueMail, newReferenceId } from './outbox';
import { renderMail } from './render';

type Guest = { id: string; firstName: string; lastName: string; email: string | null };

async function campsiteOf(ctx: CampsiteCtx) {
  const [campsite] = await ctx.db
    .select({ name: campsites.name, contacts: campsites.contacts })
    .from(campsites)
    .where(eq(campsites.id, ctx.campsiteId));
  return { name: campsite?.name ?? '', replyTo: campsite?.contacts?.email || null };
}

/** The guest's confirmation after the contact form (and /sendMailConfirm), in their language. */
export async function queueContactConfirmation(
  ctx: CampsiteCtx,
  input: {
    guest: Guest;
    locale: GuestLocale;
    origin: string;
    quoteId?: string;
    arrival?: string | null;
    departure?: string | null;
    message?: string | null;
    idempotencyKey?: string;
    newsletter?: { confirmUrl: string; validDays: number } | null;
  },
) {
  if (!input.guest.email) return null;
  const campsite = await campsiteOf(ctx);
  const t = MAIL_TEXTS[input.locale];
  const element = createElement(ContactConfirmation, {
    locale: input.locale,
    campsite: campsite.name,
    guestName: input.guest.firstName ?? '',
    arrival: input.arrival ? formatGuestDate(input.arrival, input.locale) : null,
    departure: input.departure ? formatGuestDate(input.departure, input.locale) : null,
    message: input.message,
    newsletter: input.newsletter,
  });
  const { html, text } = await renderMail(element, input.origin);
  return enqueueMail(ctx, {
    kind: 'contact-confirmation',
    to: [input.guest.email],
    subject: t.confirmSubject(campsite.name),
    html,
    text,
    replyTo: campsite.replyTo,
    contactId: input.guest.id,
    quoteId: input.quoteId ?? null,
    referenceId: newReferenceId(6),
    idempotencyKey: input.idempotencyKey,
  });
}

/** After the guest accepted: a confirmation to the guest (the offer in their words), a notice to the campsite (in Italian). */
export async function queueAcceptanceMails(
  ctx: CampsiteCtx,
  input: { guest: Guest; locale: GuestLocale; origin: string; quote: { id: string; name: string }; offer: string; guestOffer: string },
) {
  const campsite = await campsiteOf(ctx);
  const { origin } = input;
  const quoteUrl = origin + guestQuotePath({ campsiteId: ctx.campsiteId, quoteId: input.quote.id, contactId: input.guest.id });
  if (input.guest.email) {
    const guestMail = await renderMail(
      createElement(AcceptanceToGuest, { locale: input.locale, campsite: campsite.name, guestName: input.guest.firstName ?? '', offer: input.guestOffer, quoteUrl }),
      origin,
    );
    await enqueueMail(ctx, {
      kind: 'acceptance-guest',
      to: [input.guest.email],
      subject: MAIL_TEXTS[input.locale].acceptedSubject(campsite.name),
      ...guestMail,
      replyTo: campsite.replyTo,
      contactId: input.guest.id,
      quoteId: input.quote.id,
      idempotencyKey: `acceptance-guest:${input.quote.id}`,
    });
  }
  if (campsite.replyTo) {
    const guestName = contactDisplayName(input.guest);
    const staffUrl = `${origin}/crea-preventivo/preview/${encodeURIComponent(input.guest.id)}/${encodeURIComponent(input.quote.id)}`;
    const campsiteMail = await renderMail(
      createElement(AcceptanceToCampsite, { campsite: campsite.name, guestName, guestEmail: input.guest.email, quoteName: input.quote.name, offer: input.offer, staffUrl }),
      origin,
    );
    await enqueueMail(ctx, {
      kind: 'acceptance-campsite',
      to: [campsite.replyTo],
      subject: `Preventivo accettato da ${guestName}`,
      ...campsiteMail,
      replyTo: input.guest.email,
      contactId: input.guest.id,
      quoteId: input.quote.id,
      idempotencyKey: `acceptance-campsite:${input.quote.id}`,
    });
  }
}
