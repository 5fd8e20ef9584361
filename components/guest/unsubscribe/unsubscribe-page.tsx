import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDb } from '@/db/client';
import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import { AppError } from '@/lib/errors';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import { isGuestLocale } from '@/lib/i18n/locales';
import { getSubscription, type RecipientIds } from '@/lib/newsletter/subscription';
import { SubscriptionPanel } from './subscription-panel';

export const unsubscribeMetadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** Both unsubscribe addresses: the guest's language unless the address names one. */
export async function UnsubscribePage({ ids, lang }: { ids: RecipientIds; lang?: string }) {
  const subscription = await getSubscription(getDb(), ids).catch((error) => {
    if (error instanceof AppError && error.kind === 'not_found') notFound();
    throw error;
  });
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
