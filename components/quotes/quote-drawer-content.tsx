import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { LinkButton } from '@/components/ui/link-button';
import { classifyError } from '@/lib/error-classification';
import { getQuoteDetail } from '@/lib/quotes/detail';
import { BOOKABLE, LOCKED_CONTENT } from '@/lib/quotes/state-machine';
import type { Tenant } from '@/lib/tenant';
import { CardSummary } from './card-summary';
import { ProgressTag } from './progress-tag';
import { QuoteDrawer } from './quote-drawer';
import { QuoteHistory } from './quote-history';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { displayQuoteName } from './quote-name';

type Props = { tenant: Tenant; quoteId: string; closeHref: string; previousHref: string | null; nextHref: string | null };

export async function QuoteDrawerContent({ tenant, quoteId, closeHref, previousHref, nextHref }: Props) {
  const t = await getTranslations('quotes');
  const tp = await getTranslations('progress');
  let detail;
  try {
    detail = await getQuoteDetail(getDb(), tenant, quoteId);
  } catch (error) {
    const known = classifyError(error);
    if (!known) throw error;
    return (
      <QuoteDrawer title={t('drawer.title')} closeHref={closeHref} previousHref={previousHref} nextHref={nextHref}>
        <Text role="alert">{known.message}</Text>
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
