import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { isGuestLocale } from '@/lib/i18n/locales';
import type { RecipientIds, Subscription } from '@/lib/newsletter/subscription';
import { SubscriptionPanel } from './subscription-panel';

export const unsubscribeMetadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** Both unsubscribe addresses: the guest's language unless the address names one. The page loads the subscription. */
export async function UnsubscribePage({ ids, subscription, lang }: { ids: RecipientIds; subscription: Subscription; lang?: string }) {
  const locale = isGuestLocale(lang) ? lang : subscription.locale;
  const { t, messages } = await guestTranslator(locale, 'guestUnsubscribe');
  return (
    <GuestIntlProvider locale={locale} messages={{ guestUnsubscribe: messages.guestUnsubscribe }}>
      <GuestFrame locale={locale}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('title', { campsite: subscription.campsiteName })}
            </Title>
            {subscription.firstName && <Text>{t('greeting', { name: subscription.firstName })}</Text>}
            <SubscriptionPanel campsiteId={ids.campsiteId} contactId={ids.contactId} campsite={subscription.campsiteName} subscribed={subscription.subscribed} />
          </Stack>
        </Paper>
      </GuestFrame>
    </GuestIntlProvider>
  );
}
