import { Stack, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { AddCampsiteForm } from '@/components/settings/campsites/add-campsite-form';
import { requireOperator } from '@/lib/auth/roles';
import type { SectionProps } from './types';

/** v=addCamp (operator only; the registry already 404s anyone else, the service checks again). */
export async function AddCampsiteSection({ tenant, basePath }: SectionProps) {
  requireOperator(tenant);
  const t = await getTranslations('settingsCampsites');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('addTitle')}
      </Title>
      <AddCampsiteForm basePath={basePath} />
    </Stack>
  );
}
