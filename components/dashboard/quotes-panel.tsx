import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { formatMoney, formatNumber } from '@/lib/format';
import type { Dashboard } from '@/lib/dashboard/service';
import { QUOTE_PROGRESS } from '@/lib/vocabulary/quote-progress';
import { FigureLink } from './figure-link';
import { ProgressChart } from './progress-chart';
import { StatCard } from './stat-card';

/** Quotes by progress (each count opens the filtered list) and their value. */
export async function QuotesPanel({ quotes }: { quotes: Dashboard['quotes'] }) {
  const [t, tp] = await Promise.all([getTranslations('dashboard'), getTranslations('progress')]);
  const rows = QUOTE_PROGRESS.map((progress) => ({ progress, label: tp(progress), ...quotes.byProgress[progress] }));
  const value = quotes.value;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label={t('proposed')} value={formatMoney(value.proposedCents.value)} href={value.proposedCents.href} hint={t('proposedHint')} testId="stat-proposed" />
        <StatCard label={t('accepted')} value={formatMoney(value.acceptedCents.value)} href={value.acceptedCents.href} hint={t('acceptedHint')} testId="stat-accepted" />
        <StatCard label={t('converted')} value={formatMoney(value.convertedCents.value)} href={value.convertedCents.href} hint={t('convertedHint')} testId="stat-converted" />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('byProgress')}
        </Title>
        {quotes.total.value === 0 ? (
          <Text c="dimmed">{t('noQuotes')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <ProgressChart rows={rows} seriesLabel={t('count')} title={t('byProgressChart')} />
            <Group gap="md" align="flex-start" data-testid="progress-table">
              {rows.map((row) => (
                <FigureLink key={row.progress} label={row.label} value={formatNumber(row.value)} href={row.href} testId={`progress-${row.progress}`} />
              ))}
            </Group>
          </SimpleGrid>
        )}
      </Paper>
    </Stack>
  );
}
