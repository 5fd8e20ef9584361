import { createTranslator } from 'next-intl';
import { TIME_ZONE } from '@/lib/format';
import type { GuestLocale } from '@/lib/i18n/locales';
import type italian from '../../messages/it/survey.json';

export type SurveyMessages = { survey: typeof italian };

/** The survey page's texts in the guest's language (messages/<lang>/survey.json), namespace 'survey'. */
export async function surveyTranslator(locale: GuestLocale) {
  const messages: SurveyMessages = { survey: (await import(`../../messages/${locale}/survey.json`)).default as typeof italian };
  return { t: createTranslator({ locale, messages, namespace: 'survey', timeZone: TIME_ZONE }), messages };
}
