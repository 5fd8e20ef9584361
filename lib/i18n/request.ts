import { getRequestConfig } from 'next-intl/server';
import { TIME_ZONE } from '@/lib/format';
import { guestMessages } from './guest-messages';
import { isGuestLocale } from './locales';

export { guestMessages };

export const STAFF_LOCALE = 'it';

/** The staff interface: the shell's texts, one namespace file per domain, and the Italian guest texts. */
const STAFF_NAMESPACES = {
  contacts: () => import('../../messages/it/contacts.json'),
  quotes: () => import('../../messages/it/quotes.json'),
  board: () => import('../../messages/it/board.json'),
  images: () => import('../../messages/it/images.json'),
  templates: () => import('../../messages/it/templates.json'),
  mail: () => import('../../messages/it/mail.json'),
  lists: () => import('../../messages/it/lists.json'),
  dashboard: () => import('../../messages/it/dashboard.json'),
  settingsUsers: () => import('../../messages/it/settings-users.json'),
  audit: () => import('../../messages/it/audit.json'),
  settingsCampsites: () => import('../../messages/it/settings-campsites.json'),
  productUpdates: () => import('../../messages/it/product-updates.json'),
  campsiteSettings: () => import('../../messages/it/campsite-settings.json'),
  labelTranslations: () => import('../../messages/it/label-translations.json'),
  campaigns: () => import('../../messages/it/campaigns.json'),
  stepsMailing: () => import('../../messages/it/steps-mailing.json'),
  newsletterConsents: () => import('../../messages/it/newsletter-consents.json'),
  cvMail: () => import('../../messages/it/cv-mail.json'),
  mailboxSettings: () => import('../../messages/it/mailbox-settings.json'),
  mailbox: () => import('../../messages/it/mailbox.json'),
  quoteQuestions: () => import('../../messages/it/quote-questions.json'),
  returningGuests: () => import('../../messages/it/returning-guests.json'),
  legacyImport: () => import('../../messages/it/legacy-import.json'),
  stays: () => import('../../messages/it/stays.json'),
  surveys: () => import('../../messages/it/survey-staff.json'),
  followUps: () => import('../../messages/it/follow-ups.json'),
};

async function staffMessages() {
  const [base, guest, ...domains] = await Promise.all([
    import('../../messages/it.json'),
    guestMessages('it'),
    ...Object.entries(STAFF_NAMESPACES).map(async ([name, load]) => [name, (await load()).default] as const),
  ]);
  return { ...base.default, ...Object.fromEntries(domains), ...guest };
}

/** Staff pages are Italian; a guest page asks for its own language with getTranslations({ locale }). */
export default getRequestConfig(async ({ locale: explicit, requestLocale }) => {
  const requested = explicit ?? (await requestLocale);
  const locale = isGuestLocale(requested) ? requested : STAFF_LOCALE;
  const messages = locale === STAFF_LOCALE ? await staffMessages() : await guestMessages(locale);
  return { locale, timeZone: TIME_ZONE, messages };
});
