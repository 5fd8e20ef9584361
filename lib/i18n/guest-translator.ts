import { createTranslator } from 'next-intl';
import { TIME_ZONE } from '@/lib/format';
import type { GuestTextOverrides } from './guest-overrides';
import type { GuestLocale } from './locales';
import { guestMessages } from './guest-messages';

/**
 * Translations for cached guest components: built from the message files (and the campsite's own
 * texts, read with the page's data) alone, because a cached scope may not read the request that
 * getTranslations would consult.
 */
export async function guestTranslator<N extends 'guestQuote' | 'guestUnsubscribe' | 'guestNewsletter' | 'guestForm' | 'guest'>(
  locale: GuestLocale,
  namespace: N,
  overrides?: GuestTextOverrides | null,
) {
  const messages = await guestMessages(locale, overrides);
  return { t: createTranslator({ locale, messages, namespace, timeZone: TIME_ZONE }), messages };
}
