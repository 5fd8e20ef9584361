import { Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CardSummary } from '@/components/quotes/card-summary';
import { displayQuoteName } from '@/components/quotes/quote-name';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { staffPage } from '@/lib/context/staff';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';

type Params = { idCliente: string; idPreventivo: string; schedaID: string };

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.preview'))('cardTitle') };
}

export default async function CardPreviewPage({ params }: { params: Promise<Params> }) {
  const { run } = await staffPage();
  const { idCliente, idPreventivo, schedaID } = await params;
  const detail = await run((ctx) => quoteDetailOr404(ctx, idPreventivo, idCliente));
  const card = detail.cards.find((candidate) => candidate.id === schedaID);
  if (!card) notFound();
  const t = await getTranslations('quotes');
  return (
    <PageContainer>
      <Stack gap="md" maw={720}>
        <LinkAnchor href={`/crea-preventivo/preview/${idCliente}/${idPreventivo}`} size="sm">
          ← {t('preview.backToQuote')}
        </LinkAnchor>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('preview.cardTitle')}
          </Text>
          <Title order={1} size="h2">
            {displayQuoteName(detail.quote.name, t('unnamed'))}
          </Title>
          <Text c="dimmed">{contactName(detail.contact)}</Text>
        </div>
        <CardSummary card={card} accepted={detail.quote.acceptedCardIdx === card.idx} />
      </Stack>
    </PageContainer>
  );
}
