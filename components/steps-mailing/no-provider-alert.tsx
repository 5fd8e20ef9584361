'use client';

import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/**
 * Without the provider's key and secret nothing can be sent: say so, and where to set them.
 * where: the guided procedure (a draft can still be prepared) or the newsletter page (no new newsletter offered).
 */
export function NoProviderAlert({ settingsHref, where = 'wizard' }: { settingsHref: string | null; where?: 'wizard' | 'mailing' }) {
  const wizard = useTranslations('stepsMailing.noProvider');
  const mailing = useTranslations('campaigns.noProvider');
  const t = where === 'mailing' ? mailing : wizard;
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
