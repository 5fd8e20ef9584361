import { Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { QuoteOptionsForm } from '@/components/settings/quote-options-form';
import { ComingSoon } from '@/components/shell/coming-soon';
import { PageContainer } from '@/components/shell/page-container';
import { getDb } from '@/db/client';
import { requireStaff } from '@/lib/auth/staff';
import { getOwnCampsite } from '@/lib/campsites/service';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('nav'))('settings') };
}

/** /settings?v=…: the quote options are here; the other sections come with their issues. */
export default async function Page({ searchParams }: { searchParams: Promise<{ v?: string }> }) {
  const tenant = await requireStaff({ packLevel: 10 });
  const { v } = await searchParams;
  if (v !== 'settPrev') return <ComingSoon section={(await getTranslations('nav'))('settings')} />;
  const campsite = await getOwnCampsite(getDb(), tenant);
  const t = await getTranslations('settings.quoteOptions');
  return (
    <PageContainer>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <QuoteOptionsForm reminderDays={campsite.reminderDays} />
      </Stack>
    </PageContainer>
  );
}
