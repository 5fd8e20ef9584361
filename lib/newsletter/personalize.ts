import type { CampsiteContacts } from '@/db/schema';
import { guestLocaleOf, type GuestLocale } from '@/lib/i18n/locales';
import { fillPlaceholders, fillPlaceholdersText } from '@/lib/templates/placeholders';
import type { BatchMail } from './provider';

/**
 * What one newsletter mail is made of: the same for every recipient but the recipient's own data.
 * languageId: the newsletter's language (the one it is written in), which its unsubscribe line follows.
 */
export type NewsletterContent = { subject: string; html: string; from: string; origin: string; languageId: number | null };
export type NewsletterCampsite = { id: string; name: string; contacts: CampsiteContacts | null };
export type NewsletterRecipient = { contactId: string; email: string; firstName: string; lastName: string; languageId: number | null };

const UNSUBSCRIBE_LABEL: Record<GuestLocale, string> = {
  it: 'Non vuoi più ricevere queste e-mail? Annulla l’iscrizione',
  de: 'Sie möchten diese E-Mails nicht mehr erhalten? Abmelden',
  en: 'No longer want these e-mails? Unsubscribe',
  nl: 'Wilt u deze e-mails niet meer ontvangen? Afmelden',
  fr: 'Vous ne souhaitez plus recevoir ces e-mails ? Se désabonner',
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The guest's own unsubscribe page; a POST to it is the RFC 8058 one-click unsubscribe. With the
 * newsletter's language the address names it (/mailing/unsubscribe/…/de), so the page opens in the
 * language of the line that led there; without one, the page reads the guest's own.
 */
export function unsubscribeUrl(origin: string, campsiteId: string, contactId: string, locale?: GuestLocale | null): string {
  const ids = `${encodeURIComponent(campsiteId)}/${encodeURIComponent(contactId)}`;
  return `${origin.replace(/\/$/, '')}${locale ? `/mailing/unsubscribe/${ids}/${locale}` : `/unsubscribe/${ids}`}`;
}

/**
 * One recipient's mail: placeholders filled (the name, the campsite, the personal unsubscribe
 * link), a visible unsubscribe link at the end, and the List-Unsubscribe headers of RFC 8058.
 * No subject reference (spec section 5). Pure: the same input always gives the same mail, which
 * a batch's idempotency key relies on when a batch is sent again after a crash.
 */
export function personalize(content: NewsletterContent, campsite: NewsletterCampsite, recipient: NewsletterRecipient): BatchMail {
  const newsletterLocale = content.languageId === null ? null : guestLocaleOf(content.languageId);
  const link = unsubscribeUrl(content.origin, campsite.id, recipient.contactId, newsletterLocale);
  const values = {
    nome: recipient.firstName,
    cognome: recipient.lastName,
    nomeCompleto: `${recipient.firstName} ${recipient.lastName}`.trim(),
    campeggio: campsite.name,
    telefonoCampeggio: campsite.contacts?.phone ?? '',
    emailCampeggio: campsite.contacts?.email ?? '',
    indirizzoCampeggio: campsite.contacts?.address ?? '',
    linkDisiscrizione: link,
  };
  const body = fillPlaceholders(content.html, values);
  // The line reads in the newsletter's language, like the text above it; only a newsletter whose
  // language was never chosen falls back to the recipient's.
  const locale = newsletterLocale ?? guestLocaleOf(recipient.languageId);
  const footer = `<p style="font-size:12px;color:#868e96;margin-top:24px"><a href="${escapeAttribute(link)}" style="color:#868e96">${UNSUBSCRIBE_LABEL[locale]}</a></p>`;
  return {
    from: content.from,
    to: recipient.email,
    subject: fillPlaceholdersText(content.subject, values),
    html: /<\/body>/i.test(body) ? body.replace(/<\/body>/i, `${footer}</body>`) : body + footer,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
