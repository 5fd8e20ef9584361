import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { RefuseForm } from '@/components/requests/refuse-form';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { staffPage } from '@/lib/context/staff';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { canTransition } from '@/lib/quotes/state-machine';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.requests'))('refuseTitle') };
}

export default async function RefuseRequestPage({ params }: { params: Promise<{ idPreventivo: string }> }) {
  const { run } = await staffPage();
  const { idPreventivo } = await params;
  const detail = await run((ctx) => quoteDetailOr404(ctx, idPreventivo));
  const t = await getTranslations('quotes.requests');
  const refusable = canTransition(detail.quote.progress, 'rifiutato', 'staff');
  return (
    <PageContainer>
      <Stack gap="lg" maw={640}>
        <LinkAnchor href={`/richieste/preview/${detail.quote.id}`} size="sm">
          ← {t('previewTitle')}
        </LinkAnchor>
        <div>
          <Title order={1}>{t('refuseTitle')}</Title>
          <Text c="dimmed">{t('refuseText', { name: contactName(detail.contact) })}</Text>
        </div>
        {refusable ? <RefuseForm quoteId={detail.quote.id} /> : <Alert color="orange">{t('notARequest')}</Alert>}
      </Stack>
    </PageContainer>
  );
}
