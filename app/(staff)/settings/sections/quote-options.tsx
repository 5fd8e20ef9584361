import { Alert, Stack, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { QuoteOptionsForm } from '@/components/settings/quote-options-form';
import { QuoteSenderForm } from '@/components/settings/quote-sender-form';
import { getOwnCampsite } from '@/lib/campsites/service';
import { getQuoteSender } from '@/lib/configurations/service';
import type { SectionProps } from './types';

/** Everyone reads the quote options; only the campsite's admin saves them (the services check again). */
export async function QuoteOptionsSection({ tenant, run }: SectionProps) {
  const [[campsite, sender], t] = await Promise.all([
    run((ctx) => Promise.all([getOwnCampsite(ctx), getQuoteSender(ctx)])),
    getTranslations('settings.quoteOptions'),
  ]);
  const canSave = tenant.isAdmin || tenant.isOperator;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {!canSave && <Alert color="blue">{t('readOnly')}</Alert>}
      <QuoteOptionsForm reminderDays={campsite.reminderDays} canSave={canSave} />
      <QuoteSenderForm sender={sender} canSave={canSave} />
    </Stack>
  );
}
