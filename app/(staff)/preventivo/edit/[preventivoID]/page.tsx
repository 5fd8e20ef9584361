import { Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { QuoteEditor } from '@/components/quotes/editor/quote-editor';
import { PageContainer } from '@/components/shell/page-container';
import { requireStaff } from '@/lib/auth/staff';
import { getBookingPlatform } from '@/lib/booking-platform';
import { loadEditorData } from '@/lib/quotes/editor-data';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { LOCKED_CONTENT } from '@/lib/quotes/state-machine';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.editor'))('editTitle') };
}

export default async function EditQuotePage({ params }: { params: Promise<{ preventivoID: string }> }) {
  const tenant = await requireStaff();
  const { preventivoID } = await params;
  const db = getDb();
  const detail = await quoteDetailOr404(db, tenant, preventivoID);
  // An accepted or booked quote is read-only: its preview says why.
  if (LOCKED_CONTENT.includes(detail.quote.progress)) redirect(`/crea-preventivo/preview/${detail.contact.id}/${detail.quote.id}`);
  const data = await loadEditorData(db, tenant, getBookingPlatform(), { detail });
  const t = await getTranslations('quotes.editor');
  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1}>{t('editTitle')}</Title>
        <QuoteEditor data={data} />
      </Stack>
    </PageContainer>
  );
}
