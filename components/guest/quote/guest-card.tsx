import { Badge, Group, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title, Typography } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatGuestDate, formatGuestMoney } from '@/lib/i18n/guest-format';
import type { guestTranslator } from '@/lib/i18n/guest-translator';
import type { GuestLocale } from '@/lib/i18n/locales';
import type { GuestCard as Card } from '@/lib/public-quotes/view';
import { CardPictures } from './card-pictures';

type Translate = Awaited<ReturnType<typeof guestTranslator<'guestQuote'>>>['t'];
type Props = { card: Card; t: Translate; locale: GuestLocale; accepted: boolean; dimmed: boolean; full: boolean; action?: ReactNode; detailsLink?: ReactNode };

/** One offer as the guest reads it: the stay, the guests, every price line and the total. */
export function GuestCard({ card, t, locale, accepted, dimmed, full, action, detailsLink }: Props) {
  const money = (cents: number) => formatGuestMoney(cents, locale);
  const dates = card.arrival && card.departure ? t('dates', { arrival: formatGuestDate(card.arrival, locale), departure: formatGuestDate(card.departure, locale) }) : '';
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-label={t('offer', { idx: card.idx + 1 })}
      data-testid="guest-card"
      // The offers not chosen step back with a grey ground, not with transparency: their text stays readable.
      bg={dimmed ? 'gray.0' : undefined}
      style={accepted ? { borderColor: 'var(--mantine-color-green-7)', borderWidth: 2 } : dimmed ? { borderStyle: 'dashed' } : undefined}
    >
      <Stack gap="sm">
        <CardPictures images={full ? card.images : card.images.slice(0, 1)} />
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('offer', { idx: card.idx + 1 })}
            </Text>
            <Title order={2} size="h3">
              {card.typologyName}
            </Title>
            <Text size="sm">
              {dates}
              {card.nights !== null && ` · ${t('nights', { count: card.nights })}`}
            </Text>
          </div>
          {/* Teal, not green: white on Mantine's darkest green is 4.4:1, under WCAG AA. */}
          {accepted && (
            <Badge color="teal" leftSection={<IconCheck size={12} aria-hidden />}>
              {t('acceptedBadge')}
            </Badge>
          )}
        </Group>
        {card.people.length > 0 && (
          <Text size="sm">
            <b>{t('guests')}:</b> {card.people.map((person) => `${person.count} × ${person.label}`).join(', ')}
          </Text>
        )}
        {card.extras.length > 0 && (
          <Text size="sm">
            <b>{t('extras')}:</b> {card.extras.map((item) => `${item.quantity} × ${item.label}`).join(', ')}
          </Text>
        )}
        {full && (
          <Table fz="sm" verticalSpacing={4} aria-label={t('priceDetails')}>
            <TableThead>
              <TableTr>
                <TableTh>{t('line')}</TableTh>
                <TableTh ta="right">{t('amount')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {card.priceLines.map((line, index) => (
                <TableTr key={index}>
                  <TableTd>
                    {line.kind === 'tax' ? t('touristTax') : line.label}
                    <Text size="xs" c="dimmed">
                      {line.quantity} × {money(line.unitCents)}
                    </Text>
                  </TableTd>
                  <TableTd ta="right">{money(line.totalCents)}</TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        )}
        {card.discountCents > 0 && (
          <Group justify="space-between">
            <Text size="sm">{card.offerName ? t('offerDiscount', { name: card.offerName }) : t('discount')}</Text>
            <Text size="sm" c="green.9">
              −{money(card.discountCents)}
            </Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700}>{t('total')}</Text>
          <Text fw={700} fz="xl" data-testid="guest-card-total">
            {money(card.totalCents)}
          </Text>
        </Group>
        {card.text && (
          <Typography fz="sm">
            <div dangerouslySetInnerHTML={{ __html: card.text }} />
          </Typography>
        )}
        {full && card.description && (
          <div>
            <Text fw={600} size="sm">
              {t('about')}
            </Text>
            <Typography fz="sm">
              <div dangerouslySetInnerHTML={{ __html: card.description }} />
            </Typography>
          </div>
        )}
        {(action || detailsLink) && (
          <Group justify="space-between">
            {detailsLink ?? <span />}
            {action}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
