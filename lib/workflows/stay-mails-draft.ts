import { createElement } from 'react';
import { and, eq } from 'drizzle-orm';
import { campsites, contacts, templates } from '@/db/schema';
import { StayMail } from '@/emails/stay-mail';
import { readQuoteSender } from '@/lib/configurations/service';
import type { CampsiteCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { renderMail } from '@/lib/mail/render';
import { defaultStayText, STAY_MAIL_TEXTS } from '@/lib/stays/default-texts';
import { stayOfQuote } from '@/lib/stays/stay-of-quote';
import { fillPlaceholders, fillPlaceholdersText, type PlaceholderValues } from '@/lib/templates/placeholders';
import { placeholderValuesFor } from '@/lib/templates/preview';
import { automaticTemplateLanguages } from '@/lib/templates/service';
import type { StayMailSettings } from '@/lib/vocabulary/campsite-shapes';
import type { StayMessageKind } from '@/lib/vocabulary/stay-messages';
import { addressOrNull } from './quote-mail';

export type StayMailDraft = { to: string; replyTo: string | null; senderName: string | null; subject: string; html: string; text: string; locale: GuestLocale; contactId: string };

const templateIdOf = (kind: StayMessageKind, settings: StayMailSettings) =>
  kind === 'pre_arrival' ? settings.preArrival.templateId : kind === 'day_before' ? settings.preArrival.dayBeforeTemplateId : settings.postStay.templateId;

/**
 * The campsite's chosen template when it is written for this guest's language (their own; for a
 * foreign guest English; never Italian to a foreign guest: templates/selection.ts), else null and
 * the guest reads the built-in text in their language.
 */
async function chosenTemplate(ctx: CampsiteCtx, templateId: string | null, guestLanguageId: number | null) {
  if (!templateId) return null;
  const [row] = await ctx.db
    .select({ html: templates.html, languageId: templates.languageId })
    .from(templates)
    .where(and(eq(templates.id, templateId), eq(templates.campingId, ctx.campsiteId), eq(templates.purpose, 'quote')));
  return row && automaticTemplateLanguages(guestLanguageId).includes(row.languageId) ? row : null;
}

function summaryOf(locale: GuestLocale, values: PlaceholderValues) {
  const words = STAY_MAIL_TEXTS[locale].summary;
  const rows = [
    [words.arrival, values.arrivo],
    [words.departure, values.partenza],
    [words.nights, values.notti],
    [words.accommodation, values.alloggio],
    [words.pitch, values.piazzola],
    [words.party, values.ospiti],
    [words.checkin, values.orarioCheckin],
    [words.checkout, values.orarioCheckout],
    [words.hours, values.orariCampeggio],
    [words.phone, values.telefonoCampeggio],
    [words.email, values.emailCampeggio],
    [words.address, values.indirizzoCampeggio],
  ] as const;
  return { title: words.title, rows: rows.flatMap(([label, value]) => (value?.trim() ? [{ label, value: value.trim() }] : [])) };
}

/**
 * A stay's mail as the guest will read it, in their language (the quote's, else the contact's):
 * the campsite's template or the built-in text with the placeholders filled, the booking's summary
 * under the built-in text before arrival, the links as buttons, the quote-sending settings' sender.
 * After departure the survey must exist already (createStaySurvey) for its link to be filled.
 */
export async function draftStayMail(ctx: CampsiteCtx, input: { quoteId: string; kind: StayMessageKind; settings: StayMailSettings }, origin: string): Promise<StayMailDraft> {
  const stay = await stayOfQuote(ctx, input.quoteId);
  if (!stay) throw new AppError('not_found', 'Preventivo non trovato.');
  const [guest] = await ctx.db.select({ email: contacts.email }).from(contacts).where(and(eq(contacts.id, stay.contactId), eq(contacts.campingId, ctx.campsiteId)));
  if (!guest?.email) throw new AppError('bad_request', 'Il cliente non ha un indirizzo e-mail.');
  const [campsite] = await ctx.db.select({ name: campsites.name, contacts: campsites.contacts }).from(campsites).where(eq(campsites.id, ctx.campsiteId));
  const locale = guestLocaleOf(stay.languageId);
  const texts = STAY_MAIL_TEXTS[locale];
  const values = await placeholderValuesFor(ctx, { contactId: stay.contactId, quoteId: stay.quoteId }, origin);
  const template = await chosenTemplate(ctx, templateIdOf(input.kind, input.settings), stay.languageId);
  const builtIn = defaultStayText(input.kind, locale);
  const subject = fillPlaceholdersText(builtIn.subject, values);
  const links =
    input.kind === 'post_stay'
      ? [
          { href: values.linkSondaggio ?? '', label: texts.buttons.survey },
          { href: values.linkRecensione ?? '', label: texts.buttons.review },
        ]
      : [{ href: values.linkPreventivo ?? '', label: texts.buttons.booking }];
  const element = createElement(StayMail, {
    lang: locale,
    campsite: campsite?.name ?? '',
    preview: subject,
    bodyHtml: fillPlaceholders(template?.html ?? builtIn.body, values),
    summary: template || input.kind === 'post_stay' ? null : summaryOf(locale, values),
    buttons: links.filter((link) => link.href),
    footer: texts.footer.replace('{campsite}', campsite?.name ?? ''),
  });
  const { html, text } = await renderMail(element, origin);
  const sender = await readQuoteSender(ctx);
  return {
    to: guest.email,
    replyTo: addressOrNull(sender.replyTo) ?? addressOrNull(campsite?.contacts?.email),
    senderName: sender.mittente.trim() || null,
    subject,
    html,
    text,
    locale,
    contactId: stay.contactId,
  };
}
