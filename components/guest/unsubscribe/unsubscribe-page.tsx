import type { Metadata } from 'next';
import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { isGuestLocale } from '@/lib/i18n/locales';
import type { RecipientIds, Subscription } from '@/lib/newsletter/subscription';
import styles from '../guest-panel.module.css';
import { SubscriptionPanel } from './subscription-panel';

export const unsubscribeMetadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** Both unsubscribe addresses: the guest's language unless the address names one. The page loads the subscription. */
export async function UnsubscribePage({ ids, subscription, lang }: { ids: RecipientIds; subscription: Subscription; lang?: string }) {
  const locale = isGuestLocale(lang) ? lang : subscription.locale;
  const { t, messages } = await guestTranslator(locale, 'guestUnsubscribe');
  return (
    <GuestIntlProvider locale={locale} messages={{ guestUnsubscribe: messages.guestUnsubscribe }}>
      <GuestFrame locale={locale}>
        <div className={styles.card}>
          <h1 className={styles.title}>{t('title', { campsite: subscription.campsiteName })}</h1>
          {subscription.firstName && <p className={styles.text}>{t('greeting', { name: subscription.firstName })}</p>}
          <SubscriptionPanel campsiteId={ids.campsiteId} contactId={ids.contactId} campsite={subscription.campsiteName} subscribed={subscription.subscribed} />
        </div>
      </GuestFrame>
    </GuestIntlProvider>
  );
}
