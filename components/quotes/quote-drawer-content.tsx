import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/link-button';
import type { QuoteDrawerData } from '@/lib/quotes/page-loaders';
import { BOOKABLE, LOCKED_CONTENT } from '@/lib/quotes/state-machine';
import { CardSummary } from './card-summary';
import { ProgressTag } from './progress-tag';
import { QuoteDrawer } from './quote-drawer';
import { QuoteHistory } from './quote-history';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { displayQuoteName } from './quote-name';

/** `drawer` is loaded by the page (quoteDetailOrFailure in lib/quotes/page-loaders). */
type Props = { drawer: QuoteDrawerData; closeHref: string; previousHref: string | null; nextHref: string | null };

export async function QuoteDrawerContent({ drawer, closeHref, previousHref, nextHref }: Props) {
  const t = await getTranslations('quotes');
  const tp = await getTranslations('progress');
  const { detail } = drawer;
  if (!detail) {
    return (
      <QuoteDrawer title={t('drawer.title')} closeHref={closeHref} previousHref={previousHref} nextHref={nextHref}>
        <Text role="alert">{drawer.failure}</Text>
      </QuoteDrawer>
    );
  }
  const { quote, contact, cards } = detail;
  const previewHref = `/crea-preventivo/preview/${contact.id}/${quote.id}`;
  return (
    <QuoteDrawer title={t('drawer.title')} closeHref={closeHref} previousHref={previousHref} nextHref={nextHref}>
      <Stack gap="md" data-testid="quote-drawer">
        <div>
          <Group gap="xs">
            <Title order={2} size="h3">
              {displayQuoteName(quote.name, t('unnamed'))}
            </Title>
            <ProgressTag progress={quote.progress} label={tp(quote.progress)} />
          </Group>
          <Text c="dimmed">{contactName(contact)}</Text>
        </div>
        <Group gap="xs">
          <LinkButton href={previewHref}>{t('drawer.openPreview')}</LinkButton>
          {!LOCKED_CONTENT.includes(quote.progress) && (
            <LinkButton href={`/preventivo/edit/${quote.id}`} variant="light">
              {t('drawer.edit')}
            </LinkButton>
          )}
          {BOOKABLE.includes(quote.progress) && (
            <LinkButton href={`/preventivi/${quote.id}/stepsPrenotazione`} variant="light">
              {t('drawer.book')}
            </LinkButton>
          )}
        </Group>
        {cards.length === 0 && <Text c="dimmed">{t('drawer.noCards')}</Text>}
        {cards.map((card) => (
          <CardSummary key={card.id} card={card} accepted={quote.acceptedCardIdx === card.idx} />
        ))}
        <Divider label={t('drawer.history')} labelPosition="left" />
        <QuoteHistory events={detail.events} />
      </Stack>
    </QuoteDrawer>
  );
}
