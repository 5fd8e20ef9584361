import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { QuoteEditor } from '@/components/quotes/editor/quote-editor';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { getBookingPlatform } from '@/lib/booking-platform';
import { loadEditorData } from '@/lib/quotes/editor-data';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.editor'))('createTitle') };
}

/** The creation wizard; ?cliente=<id> starts from a guest already chosen (e.g. from the contact page). */
export default async function CreateQuotePage({ searchParams }: { searchParams: Promise<{ cliente?: string }> }) {
  const { run } = await staffPage();
  const { cliente } = await searchParams;
  // The platform's availability call runs inside the campsite's transaction; its timeout bounds it.
  const data = await run((ctx) => loadEditorData(ctx, getBookingPlatform(), { contactId: typeof cliente === 'string' ? cliente : undefined }));
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
