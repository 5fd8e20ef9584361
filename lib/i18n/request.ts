import { getRequestConfig } from 'next-intl/server';
import { TIME_ZONE } from '@/lib/format';

export const STAFF_LOCALE = 'it';

/** Staff pages are Italian; guest pages pass their own locale to getTranslations. */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = requested === 'de' || requested === 'en' ? requested : STAFF_LOCALE;
  return { locale, timeZone: TIME_ZONE, messages: (await import(`../../messages/${locale}.json`)).default };
});
