import { applyGuestOverrides, type GuestTextOverrides } from './guest-overrides';
import type { GuestLocale } from './locales';

/**
 * The guest pages' texts of one language: the common ones plus one file per page, with the
 * campsite's own wording of some of them when given (lib/campsites/guest-texts.ts).
 */
export async function guestMessages(locale: GuestLocale, overrides?: GuestTextOverrides | null) {
  const [form, quote, unsubscribe, newsletter] = await Promise.all([
    import(`../../messages/${locale}/guest-form.json`),
    import(`../../messages/${locale}/guest-quote.json`),
    import(`../../messages/${locale}/guest-unsubscribe.json`),
    import(`../../messages/${locale}/guest-newsletter.json`),
  ]);
  const common = locale === 'it' ? { guest: (await import('../../messages/it/guest.json')).default } : (await import(`../../messages/${locale}.json`)).default;
  return applyGuestOverrides(
    { ...common, guestForm: form.default, guestQuote: quote.default, guestUnsubscribe: unsubscribe.default, guestNewsletter: newsletter.default },
    overrides,
  );
}
