import { createTranslator } from 'next-intl';
import { TIME_ZONE } from '@/lib/format';
import type { GuestLocale } from './locales';
import { guestMessages } from './request';

/**
 * Translations for cached guest components: built from the message files alone, because a
 * 'use cache' scope may not read the request that getTranslations would consult.
 */
export async function guestTranslator<N extends 'guestQuote' | 'guestUnsubscribe' | 'guestForm' | 'guest'>(locale: GuestLocale, namespace: N) {
  const messages = await guestMessages(locale);
  return { t: createTranslator({ locale, messages, namespace, timeZone: TIME_ZONE }), messages };
}
