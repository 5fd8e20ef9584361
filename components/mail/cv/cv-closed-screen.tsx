'use client';

import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';

/** /emailCVL after the send: the mail left and the session is over, so the platform's window can close. */
export function CvClosedScreen({ loggedOut }: { loggedOut: boolean }) {
  const t = useTranslations('cvMail.closed');
  return (
    <Paper withBorder p="lg" radius="md" role="status" aria-live="polite" data-testid="cv-closed">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Text>{loggedOut ? t('loggedOut') : t('logoutFailed')}</Text>
        {!loggedOut && <Alert color="yellow">{t('logoutFailedHint')}</Alert>}
      </Stack>
    </Paper>
  );
}
