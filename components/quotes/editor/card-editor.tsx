'use client';

import { ActionIcon, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { DateField } from '@/components/ui/date-field';
import { RichTextField } from '@/components/ui/rich-text-editor';
import type { Offer, PriceList } from '@/lib/booking-platform/types';
import { CardPrice, priceDraft } from './card-price';
import type { DraftCard } from './draft';

type Props = {
  card: DraftCard;
  position: number;
  count: number;
  priceList: PriceList;
  personTypeIds: string[];
  offers: Offer[];
  onlyOnUnitDefault: boolean;
  onChange: (card: DraftCard) => void;
  onRemove: () => void;
  onDuplicate: () => void;
  onMove: (delta: -1 | 1) => void;
};

function setQuantity<T extends { quantity: number; id: string }>(list: T[], id: string, quantity: number): T[] {
  const others = list.filter((item) => item.id !== id);
  return quantity > 0 ? [...others, { id, quantity } as T] : others;
}

const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);

/** One offer of the quote: accommodation, stay, guests, extras, discount and the live price. */
export function CardEditor({ card, position, count, priceList, personTypeIds, offers, onlyOnUnitDefault, onChange, onRemove, onDuplicate, onMove }: Props) {
  const t = useTranslations('quotes.editor');
  const set = (patch: Partial<DraftCard>) => onChange({ ...card, ...patch });
  const people = personTypeIds.map((id) => ({ id, fee: priceList.people.find((fee) => fee.personTypeId === id)! }));
  const countOf = (personTypeId: string) => card.people.find((person) => person.personTypeId === personTypeId)?.count ?? 0;
  const quantityOf = (list: { id: string; quantity: number }[], id: string) => list.find((item) => item.id === id)?.quantity ?? 0;
  const outcome = priceDraft(card, priceList, offers, onlyOnUnitDefault);
  const offer = card.offerId ? offers.find((candidate) => candidate.id === card.offerId) : undefined;
  // An offer on the accommodation only keeps the switch on; the card says which offer does it.
  const offerOnUnit = offer?.onlyOnUnit ? offer : null;
  const title = t('cardTitle', { idx: position + 1 });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid="card-editor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{title}</Text>
          <Group gap={4}>
            <Tooltip label={t('moveUp')}>
              <ActionIcon variant="subtle" aria-label={t('moveUp')} disabled={position === 0} onClick={() => onMove(-1)}>
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('moveDown')}>
              <ActionIcon variant="subtle" aria-label={t('moveDown')} disabled={position === count - 1} onClick={() => onMove(1)}>
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('duplicateCard')}>
              <ActionIcon variant="subtle" aria-label={t('duplicateCard')} onClick={onDuplicate}>
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('removeCard')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('removeCard')} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('typology')}
            placeholder={t('typologyPlaceholder')}
            data={priceList.typologies.map((typology) => ({ value: typology.typologyId, label: typology.name }))}
            value={card.typologyId ?? null}
            onChange={(value) => set({ typologyId: value })}
            searchable
          />
          <DateField label={t('arrival')} value={card.arrival ?? null} onChange={(arrival) => set({ arrival })} />
          <DateField label={t('departure')} value={card.departure ?? null} minDate={card.arrival ?? undefined} onChange={(departure) => set({ departure })} />
        </SimpleGrid>
        <Text size="sm" fw={600}>
          {t('people')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {people.map(({ id, fee }) => (
            <NumberInput
              key={id}
              label={fee?.name ?? id}
              min={0}
              max={20}
              allowDecimal={false}
              value={countOf(id)}
              onChange={(value) =>
                set({ people: [...card.people.filter((person) => person.personTypeId !== id), { personTypeId: id, count: asNumber(value) }] })
              }
            />
          ))}
        </SimpleGrid>
        {priceList.vehicles.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {priceList.vehicles.map((vehicle) => (
              <NumberInput
                key={vehicle.vehicleId}
                label={vehicle.name}
                min={0}
                max={10}
                allowDecimal={false}
                value={quantityOf(card.vehicles, vehicle.vehicleId)}
                onChange={(value) => set({ vehicles: setQuantity(card.vehicles, vehicle.vehicleId, asNumber(value)) })}
              />
            ))}
          </SimpleGrid>
        )}
        {priceList.services.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {priceList.services.map((service) => (
              <NumberInput
                key={service.serviceId}
                label={service.name}
                min={0}
                max={20}
                allowDecimal={false}
                value={quantityOf(card.services, service.serviceId)}
                onChange={(value) => set({ services: setQuantity(card.services, service.serviceId, asNumber(value)) })}
              />
            ))}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('offer')}
            placeholder={t('offerPlaceholder')}
            description={offer ? t('discountFromOffer') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={offers.map((option) => ({ value: option.id, label: option.name }))}
            value={card.offerId ?? null}
            onChange={(value) => set({ offerId: value })}
            clearable
          />
          <NumberInput
            label={t('discountPercent')}
            min={0}
            max={100}
            decimalScale={2}
            decimalSeparator=","
            disabled={Boolean(card.offerId)}
            value={card.discountBasisPoints / 100}
            onChange={(value) => set({ discountBasisPoints: Math.round(asNumber(value) * 100), discountCents: 0 })}
          />
          <NumberInput
            label={t('discountAmount')}
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            disabled={Boolean(card.offerId)}
            value={card.discountCents / 100}
            onChange={(value) => set({ discountCents: Math.round(asNumber(value) * 100), discountBasisPoints: 0 })}
          />
        </SimpleGrid>
        <Switch
          label={t('discountOnlyOnUnit')}
          description={offerOnUnit ? t('discountOnlyOnUnitByOffer', { name: offerOnUnit.name }) : t('discountNeverOnTax')}
          disabled={offerOnUnit !== null}
          checked={offerOnUnit !== null || (card.discountOnlyOnUnit ?? onlyOnUnitDefault)}
          onChange={(event) => set({ discountOnlyOnUnit: event.currentTarget.checked })}
        />
        <RichTextField label={t('text')} value={card.text} onChange={(text) => set({ text })} lineHeight height={500} />
        <CardPrice outcome={outcome} />
      </Stack>
    </Paper>
  );
}
