import { getRequestConfig } from 'next-intl/server';
import { TIME_ZONE } from '@/lib/format';
import { isGuestLocale, type GuestLocale } from './locales';

export const STAFF_LOCALE = 'it';

/** The guest pages' texts of one language: the common ones plus one file per page. */
export async function guestMessages(locale: GuestLocale) {
  const [form, quote, unsubscribe] = await Promise.all([
    import(`../../messages/${locale}/guest-form.json`),
    import(`../../messages/${locale}/guest-quote.json`),
    import(`../../messages/${locale}/guest-unsubscribe.json`),
  ]);
  const common = locale === 'it' ? { guest: (await import('../../messages/it/guest.json')).default } : (await import(`../../messages/${locale}.json`)).default;
  return { ...common, guestForm: form.default, guestQuote: quote.default, guestUnsubscribe: unsubscribe.default };
}

/** The staff interface: the shell's texts, one namespace file per domain, and the Italian guest texts. */
async function staffMessages() {
  const [base, contacts, quotes, images, templates, mail, guest] = await Promise.all([
    import('../../messages/it.json'),
    import('../../messages/it/contacts.json'),
    import('../../messages/it/quotes.json'),
    import('../../messages/it/images.json'),
    import('../../messages/it/templates.json'),
    import('../../messages/it/mail.json'),
    guestMessages('it'),
  ]);
  return { ...base.default, contacts: contacts.default, quotes: quotes.default, images: images.default, templates: templates.default, mail: mail.default, ...guest };
}

/** Staff pages are Italian; a guest page asks for its own language with getTranslations({ locale }). */
export default getRequestConfig(async ({ locale: explicit, requestLocale }) => {
  const requested = explicit ?? (await requestLocale);
  const locale = isGuestLocale(requested) ? requested : STAFF_LOCALE;
  const messages = locale === STAFF_LOCALE ? await staffMessages() : await guestMessages(locale);
  return { locale, timeZone: TIME_ZONE, messages };
});
