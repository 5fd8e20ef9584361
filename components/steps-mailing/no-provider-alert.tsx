'use client';

import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** Without the provider's key and secret nothing can be sent: say so, and where to set them. */
export function NoProviderAlert({ settingsHref }: { settingsHref: string | null }) {
  const t = useTranslations('stepsMailing.noProvider');
  return (
    <Alert color="red" variant="outline" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('title')} role="alert" data-testid="no-provider">
      <Text size="sm">{t('text')}</Text>
      {settingsHref ? (
        <Anchor component={Link} href={settingsHref} size="sm" fw={600}>
          {t('link')}
        </Anchor>
      ) : (
        <Text size="sm">{t('askAdmin')}</Text>
      )}
    </Alert>
  );
}
