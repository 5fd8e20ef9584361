'use client';

import { Alert, Table, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { Offer, PriceList } from '@/lib/booking-platform/types';
import { AppError } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { cardDiscount, priceCard, type PricedCard } from '@/lib/booking-platform/pricing';
import type { CardInput } from '@/lib/quotes/validation';

type Outcome = { kind: 'incomplete' } | { kind: 'error'; message: string } | { kind: 'priced'; priced: PricedCard; offer: Offer | null; onlyOnUnit: boolean };

/** The same pure pricing and discount rule the server runs on save (cardDiscount, priceCard), here for a live total while typing. */
export function priceDraft(card: CardInput, priceList: PriceList, offers: Offer[], onlyOnUnitDefault: boolean): Outcome {
  if (!card.typologyId || !card.arrival || !card.departure || !card.people.some((person) => person.count > 0)) return { kind: 'incomplete' };
  const input = { typologyId: card.typologyId, arrival: card.arrival, departure: card.departure, people: card.people, vehicles: card.vehicles, services: card.services };
  try {
    const { discount, offer } = cardDiscount({ ...card, ...input }, offers, onlyOnUnitDefault);
    return { kind: 'priced', priced: priceCard(priceList, input, discount), offer, onlyOnUnit: discount.onlyOnUnit };
  } catch (error) {
    if (error instanceof AppError) return { kind: 'error', message: error.message };
    throw error;
  }
}

export function CardPrice({ outcome, compact = false }: { outcome: Outcome; compact?: boolean }) {
  const t = useTranslations('quotes');
  if (outcome.kind === 'incomplete') return <Text size="sm" c="dimmed">{t('editor.incomplete')}</Text>;
  if (outcome.kind === 'error') {
    return (
      <Alert color="orange" role="alert" p="xs">
        {outcome.message}
      </Alert>
    );
  }
  const { priced, offer, onlyOnUnit } = outcome;
  return (
    <Table fz="sm" verticalSpacing={2} aria-label={t('card.lines')}>
      <Table.Tbody>
        {!compact &&
          priced.lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.unitCents)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
        {priced.discountCents > 0 && (
          <Table.Tr>
            <Table.Td colSpan={3}>{offer ? t('card.offer', { name: offer.name }) : onlyOnUnit ? t('card.discountOnUnit') : t('card.discount')}</Table.Td>
            <Table.Td ta="right" c="green.9">
              −{formatMoney(priced.discountCents)}
            </Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Td colSpan={3} fw={700}>
            {t('card.total')} · {t('card.nights', { count: priced.nights })}
          </Table.Td>
          <Table.Td ta="right" fw={700} data-testid="editor-card-total">
            {formatMoney(priced.totalCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
