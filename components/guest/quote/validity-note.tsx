import { formatGuestDate } from '@/lib/i18n/guest-format';
import type { guestTranslator } from '@/lib/i18n/guest-translator';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { Validity } from '@/lib/public-quotes/validity';
import styles from './document.module.css';

type Translate = Awaited<ReturnType<typeof guestTranslator<'guestQuote'>>>['t'];

/** "Offer valid until 05/07/2027 · 5 more days": the date, and how near it is in the guest's words. */
export function ValidityNote({ validUntil, validity, locale, t }: { validUntil: string; validity: Validity; locale: GuestLocale; t: Translate }) {
  if (validity.kind === 'expired') return null;
  const left =
    validity.kind === 'today' ? t('document.expiresToday') : validity.kind === 'tomorrow' ? t('document.expiresTomorrow') : t('document.validDays', { count: validity.count });
  const soon = validity.kind !== 'days' || validity.count <= 3;
  return (
    <p className={styles.validity} data-testid="guest-quote-validity">
      <span>{t('validUntil', { date: formatGuestDate(validUntil, locale) })}</span>
      <span className={soon ? `${styles.pill} ${styles.soon}` : styles.pill}>{left}</span>
    </p>
  );
}
