import { createElement } from 'react';
import { and, eq, inArray } from 'drizzle-orm';
import { campsites, contacts, mailAttachments, quotes } from '@/db/schema';
import { QuoteMail } from '@/emails/quote-mail';
import { MAIL_TEXTS } from '@/emails/texts';
import { invalidateQuotes } from '@/lib/cache/tags';
import { readQuoteSender } from '@/lib/configurations/service';
import type { CampsiteCtx, StaffCtx } from '@/lib/context/unit-of-work';
import { AppError } from '@/lib/errors';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { guestQuotePath } from '@/lib/vocabulary/quote-links';
import { renderQuotePdf, type QuotePdf } from '@/lib/public-quotes/pdf/render';
import { changeProgress } from '@/lib/quotes/transitions';
import { fillPlaceholders, fillPlaceholdersText } from '@/lib/templates/placeholders';
import { placeholderValuesFor } from '@/lib/templates/preview';
import { getTemplate } from '@/lib/templates/service';
import { z } from '@/lib/validation';
import { addAttachment } from '@/lib/mail/attachments';
import { deliverSoon } from '@/lib/mail/mailer';
import { enqueueMail } from '@/lib/mail/outbox';
import { renderMail } from '@/lib/mail/render';
import { campsiteContext } from '@/lib/context/unit-of-work';

/** A quote may go to the guest once complete, and again while the guest has not decided. */
export const SENDABLE = ['nuovo', 'inviato', 'letto'] as const;

export type QuoteMailDraft = { to: string; replyTo: string | null; senderName: string | null; subject: string; html: string; text: string; locale: GuestLocale };

/** A configured address only when it is one: configurations written through the legacy API may hold anything. */
export const addressOrNull = (value: string | null | undefined) => {
  const address = value?.trim();
  return address && z.email().safeParse(address).success ? address : null;
};

async function quoteWithGuest(ctx: CampsiteCtx, quoteId: string) {
  const [row] = await ctx.db
    .select({ quote: quotes, contact: contacts, campsiteName: campsites.name, campsiteContacts: campsites.contacts })
    .from(quotes)
    .innerJoin(contacts, and(eq(contacts.id, quotes.contactId), eq(contacts.campingId, quotes.campingId)))
    .innerJoin(campsites, eq(campsites.id, quotes.campingId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.campingId, ctx.campsiteId)));
  if (!row) throw new AppError('not_found', 'Preventivo non trovato.');
  return row;
}

/** The mail a template makes for this quote's guest, exactly as it will be sent. */
export async function draftQuoteMail(
  ctx: CampsiteCtx,
  input: { quoteId: string; templateId: string; subject?: string; reminder?: boolean },
  origin: string,
): Promise<QuoteMailDraft> {
  const { db, campsiteId } = ctx;
  const { quote, contact, campsiteName, campsiteContacts } = await quoteWithGuest(ctx, input.quoteId);
  if (!contact.email) throw new AppError('bad_request', 'Il cliente non ha un indirizzo e-mail: aggiungilo nella sua scheda prima di inviare.');
  const template = await getTemplate(campsiteContext({ kind: 'job', campsiteId, job: 'quote-mail draft' }, db), input.templateId);
  const locale = guestLocaleOf(quote.languageId ?? contact.languageId);
  const values = await placeholderValuesFor(campsiteContext({ kind: 'job', campsiteId, job: 'quote-mail draft' }, db), { contactId: contact.id, quoteId: quote.id }, origin);
  const quoteUrl = origin.replace(/\/$/, '') + guestQuotePath({ campsiteId, quoteId: quote.id, contactId: contact.id });
  const t = MAIL_TEXTS[locale];
  // The quote-sending settings (Opzioni preventivi). Their subject is written in Italian, like the
  // settings: a German or English guest keeps the subject in their own language.
  const sender = await readQuoteSender(campsiteContext({ kind: 'job', campsiteId, job: 'quote-mail draft' }, db));
  const configuredSubject = locale === 'it' ? sender.oggetto.trim() : '';
  const defaultSubject = input.reminder ? t.reminderSubject(campsiteName) : configuredSubject || t.quoteSubject(campsiteName);
  const element = createElement(QuoteMail, {
    locale,
    campsite: campsiteName,
    bodyHtml: fillPlaceholders(template.html, values),
    quoteUrl,
    reminder: input.reminder,
    guestName: contact.firstName,
  });
  const { html, text } = await renderMail(element, origin);
  return {
    to: contact.email,
    replyTo: addressOrNull(sender.replyTo) ?? addressOrNull(campsiteContacts?.email),
    senderName: sender.mittente.trim() || null,
    subject: fillPlaceholdersText(input.subject?.trim() || defaultSubject, values),
    html,
    text,
    locale,
  };
}

/**
 * Sends a quote with a template: the mail is queued and the quote becomes inviato in one
 * transaction, so there is never a sent quote without its mail, nor a mail for an unsent quote.
 */
export async function sendQuoteMail(
  ctx: StaffCtx,
  input: { quoteId: string; templateId: string; subject?: string; attachmentIds: string[]; idempotencyKey?: string; attachPdf?: boolean },
  origin: string,
) {
  const { tenant } = ctx;
  // Drawn before the transaction that queues the mail: the drawing takes a moment and writes nothing.
  const pdf = input.attachPdf ? await quotePdfFor(ctx, input.quoteId, origin) : null;
  const queued = await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const { quote, contact } = await quoteWithGuest(inTx, input.quoteId);
    if (!(SENDABLE as readonly string[]).includes(quote.progress)) {
      throw new AppError('conflict', 'Si può inviare solo un preventivo completo (nuovo), già inviato o letto.');
    }
    const draft = await draftQuoteMail(inTx, input, origin);
    if (input.attachmentIds.length) {
      const found = await tx
        .select({ id: mailAttachments.id })
        .from(mailAttachments)
        .where(and(eq(mailAttachments.campingId, tenant.campsiteId), inArray(mailAttachments.id, input.attachmentIds)));
      if (found.length !== new Set(input.attachmentIds).size) throw new AppError('not_found', 'Allegato non trovato.');
    }
    // The quote's PDF, in the guest's language, stored as one more file of this quote for the outbox.
    const attached = pdf
      ? await addAttachment({ ...ctx, db: tx }, { bytes: pdf.bytes, fileName: pdf.fileName, mimeType: 'application/pdf', quoteId: quote.id })
      : null;
    const queued = await enqueueMail({ ...ctx, db: tx }, {
      kind: 'quote',
      to: [draft.to],
      subject: draft.subject,
      html: draft.html,
      text: draft.text,
      replyTo: draft.replyTo,
      senderName: draft.senderName,
      contactId: contact.id,
      quoteId: quote.id,
      attachmentIds: attached ? [...input.attachmentIds, attached.id] : input.attachmentIds,
      meta: { operatore: tenant.email, cliente: contact.id, tag: 'preventivo' },
      idempotencyKey: input.idempotencyKey,
    });
    if (queued.duplicate) {
      // The same send again (a double click): the first one's mail carries its own copy.
      if (attached) await tx.delete(mailAttachments).where(and(eq(mailAttachments.id, attached.id), eq(mailAttachments.campingId, tenant.campsiteId)));
      return queued;
    }
    const sentAt = new Date();
    if (quote.progress === 'nuovo') {
      await changeProgress(inTx, { quoteId: quote.id, to: 'inviato', actor: 'staff', userId: tenant.userId, note: 'Inviato per e-mail', patch: { sentAt } });
    } else {
      await tx.update(quotes).set({ sentAt }).where(and(eq(quotes.id, quote.id), eq(quotes.campingId, tenant.campsiteId)));
    }
    return queued;
  });
  if (!queued.duplicate) {
    invalidateQuotes([input.quoteId]);
    deliverSoon();
  }
  return queued;
}

/** The PDF the guest would download from the mini-site, for a quote of this campsite. */
async function quotePdfFor(ctx: CampsiteCtx, quoteId: string, origin: string): Promise<QuotePdf> {
  const [quote] = await ctx.db.select({ contactId: quotes.contactId }).from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.campingId, ctx.campsiteId)));
  const pdf = quote ? await renderQuotePdf(ctx, { quoteId, contactId: quote.contactId }, { origin }) : null;
  if (!pdf) throw new AppError('not_found', 'Preventivo non trovato.');
  return pdf;
}
