import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingSteps } from '@/components/quotes/booking-steps';
import { displayQuoteName } from '@/components/quotes/quote-name';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { staffPage } from '@/lib/context/staff';
import { formatMoney } from '@/lib/format';
import { quoteDetailOr404 } from '@/lib/quotes/page-loaders';
import { BOOKABLE } from '@/lib/quotes/state-machine';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.booking'))('title') };
}

const italian = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '—');

export default async function BookingStepsPage({ params }: { params: Promise<{ idPreventivo: string }> }) {
  const { run } = await staffPage();
  const { idPreventivo } = await params;
  const detail = await run((ctx) => quoteDetailOr404(ctx, idPreventivo));
  const [t, tq, tp] = await Promise.all([getTranslations('quotes.booking'), getTranslations('quotes'), getTranslations('progress')]);
  const { quote, contact } = detail;
  const quoteHref = `/crea-preventivo/preview/${contact.id}/${quote.id}`;
  const cards = detail.cards
    .filter((card) => card.totalCents > 0 && (quote.acceptedCardIdx === null || quote.acceptedCardIdx === card.idx))
    .map((card) => ({
      idx: card.idx,
      label: `${tq('card.title', { idx: card.idx + 1 })} · ${card.typologyName}`,
      stay: tq('card.dates', { arrival: italian(card.arrival), departure: italian(card.departure) }),
      total: formatMoney(card.totalCents),
    }));
  return (
    <PageContainer>
      <Stack gap="lg" maw={760}>
        <LinkAnchor href={quoteHref} size="sm">
          ← {t('backToQuote')}
        </LinkAnchor>
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">
            {displayQuoteName(quote.name, tq('unnamed'))} · {contactName(contact)}
          </Text>
        </div>
        {quote.progress === 'convertito' && quote.bookingNumber ? (
          <Stack gap="md">
            <Alert color="green" role="status" title={t('done', { number: quote.bookingNumber, year: quote.bookingYear ?? '' })} data-testid="booking-done" />
            <LinkButton href={quoteHref} w="fit-content">
              {t('backToQuote')}
            </LinkButton>
          </Stack>
        ) : !BOOKABLE.includes(quote.progress) || cards.length === 0 ? (
          <Alert color="orange" role="status" title={t('notBookable', { progress: tp(quote.progress) })} />
        ) : (
          <BookingSteps quoteId={quote.id} quoteHref={quoteHref} cards={cards} initialCardIdx={quote.acceptedCardIdx ?? cards[0].idx}
            preferredResourceId={typeof quote.resources[0] === 'string' ? quote.resources[0] : null}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
