import { Group, Paper, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDate, formatNumber, formatPercent } from '@/lib/format';
import type { Dashboard } from '@/lib/dashboard/service';
import type { Comparison } from '@/lib/dashboard/periods';
import { ReturningConversion } from './returning-conversion';

const COMPARISONS: Comparison[] = ['mese', 'stagione', 'anno'];
const rate = (value: number | null) => (value === null ? '—' : formatPercent(value));

/** Conversion this period against a year earlier, and by the guests' nationality. */
export async function ConversionPanel({ dashboard, lucee }: { dashboard: Dashboard; lucee: boolean }) {
  const t = await getTranslations('dashboard');
  const { conversion, nationConversion } = dashboard;
  const sides = [
    { key: 'current', label: t('current'), side: conversion.current },
    { key: 'previous', label: t('previous'), side: conversion.previous },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('conversion')}
          </Title>
          <Group gap="xs">
            {COMPARISONS.map((comparison) => (
              <LinkAnchor key={comparison} href={`/dashboard?confronto=${comparison}`} fw={comparison === conversion.comparison ? 700 : 400} size="sm">
                {t(`comparisons.${comparison}`)}
              </LinkAnchor>
            ))}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {lucee ? t('conversionHintLucee') : t('conversionHint')}
        </Text>
        {/* Four columns of figures fit a phone in the small size; should they not, they scroll inside the box. */}
        <TableScrollContainer minWidth={0} type="native">
          <Table data-testid="conversion-table" fz={{ base: 'xs', sm: 'sm' }}>
            <TableThead>
              <TableTr>
                <TableTh>{t('period')}</TableTh>
                <TableTh ta="right">{t('reached')}</TableTh>
                <TableTh ta="right">{t('won')}</TableTh>
                <TableTh ta="right">{t('rate')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {sides.map(({ key, label, side }) => (
                <TableTr key={key}>
                  <TableTd>
                    {label} ({formatDate(side.range.from)} – {formatDate(side.range.to)})
                  </TableTd>
                  <TableTd ta="right">
                    <LinkAnchor prefetch={false} href={side.reached.href}>{formatNumber(side.reached.value)}</LinkAnchor>
                  </TableTd>
                  <TableTd ta="right">
                    <LinkAnchor prefetch={false} href={side.won.href}>{formatNumber(side.won.value)}</LinkAnchor>
                  </TableTd>
                  <TableTd ta="right" fw={700}>
                    {rate(side.rate)}
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScrollContainer>
        <ReturningConversion figures={dashboard.returning} />
        <Title order={3} size="h5">
          {t('nationalityConversion')}
        </Title>
        {nationConversion.nations.length === 0 ? (
          <Text c="dimmed">{t('noData')}</Text>
        ) : (
          <TableScrollContainer minWidth={0} type="native">
            <Table data-testid="nation-conversion-table" fz={{ base: 'xs', sm: 'sm' }}>
              <TableThead>
                <TableTr>
                  <TableTh>{t('nationality')}</TableTh>
                  <TableTh ta="right">{t('reached')}</TableTh>
                  <TableTh ta="right">{t('won')}</TableTh>
                  <TableTh ta="right">{t('rate')}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {nationConversion.nations.slice(0, 8).map((nation) => (
                  <TableTr key={nation.nationId}>
                    <TableTd>{nation.name ?? t('nationUnknown')}</TableTd>
                    <TableTd ta="right">
                      <LinkAnchor prefetch={false} href={nation.reached.href}>{formatNumber(nation.reached.value)}</LinkAnchor>
                    </TableTd>
                    <TableTd ta="right">
                      <LinkAnchor prefetch={false} href={nation.won.href}>{formatNumber(nation.won.value)}</LinkAnchor>
                    </TableTd>
                    <TableTd ta="right" fw={700}>
                      {formatPercent(nation.rate)}
                    </TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

