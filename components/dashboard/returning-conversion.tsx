import { Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatNumber, formatPercent } from '@/lib/format';
import type { ReturningFigures } from '@/lib/dashboard/returning';

/** Returning guests against first-time guests in the period, next to the conversion figures. */
export async function ReturningConversion({ figures }: { figures: ReturningFigures }) {
  const t = await getTranslations('returningGuests');
  const rows = [
    // The number of guests goes in the row's name: four columns fit a phone like the table above.
    { key: 'returning', label: t('returningGuests', { count: figures.returning.guests }), group: figures.returning },
    { key: 'first-time', label: t('firstTimeGuests', { count: figures.firstTime.guests }), group: figures.firstTime },
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('dashboardTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('dashboardHint')}
      </Text>
      <TableScrollContainer minWidth={0} type="native">
        <Table data-testid="returning-conversion-table" fz={{ base: 'xs', sm: 'sm' }}>
          <TableThead>
            <TableTr>
              <TableTh>{t('group')}</TableTh>
              <TableTh ta="right">{t('quotes')}</TableTh>
              <TableTh ta="right">{t('won')}</TableTh>
              <TableTh ta="right">{t('rate')}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {rows.map(({ key, label, group }) => (
              <TableTr key={key} data-testid={`returning-row-${key}`}>
                <TableTh scope="row" fw={400}>
                  {label}
                </TableTh>
                <TableTd ta="right">
                  <LinkAnchor prefetch={false} href={group.quotes.href}>{formatNumber(group.quotes.value)}</LinkAnchor>
                </TableTd>
                <TableTd ta="right">
                  <LinkAnchor prefetch={false} href={group.won.href}>{formatNumber(group.won.value)}</LinkAnchor>
                </TableTd>
                <TableTd ta="right" fw={700}>
                  {group.rate === null ? '—' : formatPercent(group.rate)}
                </TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
    </Stack>
  );
}
