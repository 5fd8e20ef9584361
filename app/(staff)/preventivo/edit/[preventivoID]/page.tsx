import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { QuoteEditor } from '@/components/quotes/editor/quote-editor';
import { PageContainer } from '@/components/shell/page-container';
import { staffPage } from '@/lib/context/staff';
import { getBookingPlatform } from '@/lib/booking-platform';
import { loadEditorData } from '@/lib/quotes/editor-data';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { LOCKED_CONTENT } from '@/lib/quotes/state-machine';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.editor'))('editTitle') };
}

type Notice = { riproposto?: string | string[]; risorsa?: string | string[]; unita?: string | string[] };
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** After "Riproponi l'anno scorso": where the draft came from and what became of last year's unit. */
async function ReproposedNotice({ notice }: { notice: Notice }) {
  const year = single(notice.riproposto);
  if (!year || !/^\d{4}$/.test(year)) return null;
  const t = await getTranslations('returningGuests');
  const status = single(notice.risorsa);
  const unit = single(notice.unita)?.slice(0, 80);
  const resource = unit && (status === 'free' || status === 'taken' || status === 'unknown') ? t(status === 'free' ? 'resourceFree' : status === 'taken' ? 'resourceTaken' : 'resourceUnknown', { unit }) : null;
  return (
    <Alert color="teal" role="status" title={t('draftNotice', { year })} data-testid="repropose-notice">
      {resource && <Text size="sm">{resource}</Text>}
    </Alert>
  );
}

export default async function EditQuotePage({ params, searchParams }: { params: Promise<{ preventivoID: string }>; searchParams: Promise<Notice> }) {
  const { run } = await staffPage();
  const { preventivoID } = await params;
  const notice = await searchParams;
  const detail = await run((ctx) => quoteDetailOr404(ctx, preventivoID));
  // An accepted or booked quote is read-only: its preview says why.
  if (LOCKED_CONTENT.includes(detail.quote.progress)) redirect(`/crea-preventivo/preview/${detail.contact.id}/${detail.quote.id}`);
  // The platform's availability call runs inside the campsite's transaction; its timeout bounds it.
  const data = await run((ctx) => loadEditorData(ctx, getBookingPlatform(), { detail }));
  const t = await getTranslations('quotes.editor');
  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1}>{t('editTitle')}</Title>
        <ReproposedNotice notice={notice} />
        <QuoteEditor data={data} />
      </Stack>
    </PageContainer>
  );
}
