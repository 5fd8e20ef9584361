'use client';

import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { Offer, PriceList } from '@/lib/booking-platform/types';
import type { ContactChoice } from '@/lib/quotes/editor-data';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { CardPrice, priceDraft } from './card-price';
import type { DraftCard } from './draft';

type Props = {
  contact: ContactChoice | null;
  details: { name: string; languageId: number | null; validUntil: string; tags: string[] };
  cards: DraftCard[];
  languages: { id: number; name: string }[];
  priceList: PriceList;
  offers: Offer[];
  onlyOnUnitDefault: boolean;
};

/** Step 3: what will be saved, with the price of every card. */
export function PreviewStep({ contact, details, cards, languages, priceList, offers, onlyOnUnitDefault }: Props) {
  const t = useTranslations('quotes');
  const language = languages.find((candidate) => candidate.id === details.languageId)?.name;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h3">
          {details.name || t('unnamed')}
        </Title>
        <Text>{contact ? contactName(contact) : '—'}</Text>
        <Text size="sm" c="dimmed">
          {[language, details.validUntil && `${t('editor.validUntil')}: ${details.validUntil.split('-').reverse().join('/')}`].filter(Boolean).join(' · ')}
        </Text>
        {details.tags.length > 0 && (
          <Group gap={4} mt="xs">
            {details.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="sm" mt="xs">
          {t('editor.cardsSummary', { count: cards.length })}
        </Text>
      </Paper>
      {cards.map((card, index) => (
        <Paper key={card.key} withBorder radius="md" p="md">
          <Text fw={700}>
            {t('editor.cardTitle', { idx: index + 1 })} · {priceList.typologies.find((typology) => typology.typologyId === card.typologyId)?.name ?? '—'}
          </Text>
          {card.arrival && card.departure && (
            <Text size="sm">{t('card.dates', { arrival: card.arrival.split('-').reverse().join('/'), departure: card.departure.split('-').reverse().join('/') })}</Text>
          )}
          <CardPrice outcome={priceDraft(card, priceList, offers, onlyOnUnitDefault)} />
        </Paper>
      ))}
    </Stack>
  );
}
