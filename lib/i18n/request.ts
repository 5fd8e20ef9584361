import { getRequestConfig } from 'next-intl/server';
import { TIME_ZONE } from '@/lib/format';

export const STAFF_LOCALE = 'it';

/** The staff interface: the shell's texts plus one namespace file per domain. */
async function staffMessages() {
  const [base, contacts, quotes] = await Promise.all([
    import('../../messages/it.json'),
    import('../../messages/it/contacts.json'),
    import('../../messages/it/quotes.json'),
  ]);
  return { ...base.default, contacts: contacts.default, quotes: quotes.default };
}

/** Staff pages are Italian; guest pages pass their own locale to getTranslations. */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = requested === 'de' || requested === 'en' ? requested : STAFF_LOCALE;
  const messages = locale === STAFF_LOCALE ? await staffMessages() : (await import(`../../messages/${locale}.json`)).default;
  return { locale, timeZone: TIME_ZONE, messages };
});
