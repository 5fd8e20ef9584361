import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { QuoteEditor } from '@/components/quotes/editor/quote-editor';
import { PageContainer } from '@/components/shell/page-container';
import { requireStaff } from '@/lib/auth/staff';
import { getBookingPlatform } from '@/lib/booking-platform';
import { loadEditorData } from '@/lib/quotes/editor-data';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.editor'))('createTitle') };
}

/** The creation wizard; ?cliente=<id> starts from a guest already chosen (e.g. from the contact page). */
export default async function CreateQuotePage({ searchParams }: { searchParams: Promise<{ cliente?: string }> }) {
  const tenant = await requireStaff();
  const { cliente } = await searchParams;
  const data = await loadEditorData(getDb(), tenant, getBookingPlatform(), { contactId: typeof cliente === 'string' ? cliente : undefined });
  const t = await getTranslations('quotes.editor');
  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('createTitle')}</Title>
          {data.initial.contact === null && cliente && <Text c="red">{t('contactRequired')}</Text>}
        </div>
        <QuoteEditor data={data} />
      </Stack>
    </PageContainer>
  );
}
