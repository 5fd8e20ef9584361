import { Stack, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { QuoteOptionsForm } from '@/components/settings/quote-options-form';
import { getDb } from '@/db/client';
import { getOwnCampsite } from '@/lib/campsites/service';
import type { SectionProps } from './types';

export async function QuoteOptionsSection({ tenant }: SectionProps) {
  const campsite = await getOwnCampsite(getDb(), tenant);
  const t = await getTranslations('settings.quoteOptions');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <QuoteOptionsForm reminderDays={campsite.reminderDays} />
    </Stack>
  );
}
