import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { GuestFrame } from '@/components/guest/guest-frame';
import { GuestIntlProvider } from '@/components/guest/guest-intl-provider';
import { guestTranslator } from '@/lib/i18n/guest-translator';
import type { ConfirmPageData } from '@/lib/newsletter/confirm-page';
import { OptInPanel, type ConfirmAction } from './opt-in-panel';

/** The double opt-in page, in the language of the request (or the browser's, for a link we do not know). */
export async function OptInPage({ token, data, confirm }: { token: string; data: ConfirmPageData; confirm: ConfirmAction }) {
  const { locale } = data;
  const { t, messages } = await guestTranslator(locale, 'guestNewsletter');
  const campsite = data.campsiteName ?? '';
  const notice = data.blocked ? t('rateLimited') : data.state === 'unknown' ? t('unknown') : data.state === 'expired' ? t('expired') : null;
  return (
    <GuestIntlProvider locale={locale} messages={{ guestNewsletter: messages.guestNewsletter }}>
      <GuestFrame locale={locale}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={1} size="h2">
              {campsite ? t('title', { campsite }) : t('unknownTitle')}
            </Title>
            {notice ? (
              <Alert color="red" role="status" data-testid="opt-in-result">
                {notice}
              </Alert>
            ) : data.state === 'already' ? (
              <Alert color="green" role="status" data-testid="opt-in-result">
                {t('already')}
              </Alert>
            ) : (
              <>
                <Text>{t('intro', { campsite, email: data.email ?? '' })}</Text>
                <OptInPanel token={token} campsite={campsite} confirm={confirm} />
              </>
            )}
          </Stack>
        </Paper>
      </GuestFrame>
    </GuestIntlProvider>
  );
}
