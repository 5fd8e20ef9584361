import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDate, formatNumber } from '@/lib/format';
import type { Dashboard } from '@/lib/dashboard/service';
import type { Bucket } from '@/lib/dashboard/validation';
import { FigureLink } from './figure-link';
import { ProgressChart } from './progress-chart';
import { SeriesChart } from './series-chart';
import { seriesColor } from './series-colors';

const BUCKETS: Bucket[] = ['giorno', 'settimana', 'mese'];
const MONTHS = ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'];

/** Requests over time, seasons compared month by month, guests by nationality. */
export async function TrendsPanel({ dashboard }: { dashboard: Dashboard }) {
  const t = await getTranslations('dashboard');
  const { requests, seasons, nations } = dashboard;
  const seasonNames = seasons.map((season) => t('season', { season: season.season }));
  const seasonData = Array.from({ length: 12 }, (_, index) => ({
    mese: MONTHS[Number(seasons[0].months[index].month.slice(5, 7)) - 1],
    // Months still to come are left out rather than drawn as zero.
    ...Object.fromEntries(seasons.filter((season) => !season.months[index].future).map((season) => [seasonNames[seasons.indexOf(season)], season.months[index].quotes.value])),
  }));
  const nationRows = nations.slice(0, 8).map((nation) => ({ label: nation.name ?? t('nationUnknown'), value: nation.contacts.value }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('requests')}
            </Title>
            <Group gap="xs">
              {BUCKETS.map((bucket) => (
                <LinkAnchor key={bucket} href={`/dashboard?raggruppa=${bucket}`} fw={bucket === requests.bucket ? 700 : 400} size="sm">
                  {t(`buckets.${bucket}`)}
                </LinkAnchor>
              ))}
            </Group>
          </Group>
          <LinkAnchor prefetch={false} href={requests.total.href} size="sm" data-testid="requests-total">
            {formatDate(requests.range.from)} – {formatDate(requests.range.to)}: <strong>{formatNumber(requests.total.value)}</strong>
          </LinkAnchor>
          <SeriesChart
            title={t('requestsChart')}
            data={requests.points.map((point) => ({ periodo: formatDate(point.start).slice(0, requests.bucket === 'mese' ? 10 : 5), [t('count')]: point.requests }))}
            dataKey="periodo"
            series={[{ name: t('count'), color: 'blue.6' }]}
            testId="requests-chart"
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('seasons')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('seasonsHint')}
          </Text>
          <SeriesChart
            kind="line"
            title={t('seasonsChart')}
            data={seasonData}
            dataKey="mese"
            series={seasonNames.map((name, index) => ({ name, color: seriesColor(index) }))}
            testId="seasons-chart"
          />
          <Group gap="md" data-testid="season-figures">
            {seasons.map((season, index) => (
              <Text key={season.season} size="sm">
                {seasonNames[index]}:{' '}
                <LinkAnchor prefetch={false} href={season.quotes.href} fw={700} aria-label={t('seasonQuotesLink', { season: seasonNames[index], count: season.quotes.value })}>
                  {formatNumber(season.quotes.value)}
                </LinkAnchor>{' '}
                / {t('won').toLowerCase()}{' '}
                <LinkAnchor prefetch={false} href={season.won.href} aria-label={t('seasonWonLink', { season: seasonNames[index], count: season.won.value })}>
                  {formatNumber(season.won.value)}
                </LinkAnchor>
              </Text>
            ))}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('nationality')}
        </Title>
        {nationRows.length === 0 ? (
          <Text c="dimmed">{t('noData')}</Text>
        ) : (
          <>
            <ProgressChart rows={nationRows} seriesLabel={t('contacts')} title={t('nationalityChart')} />
            {/* The chart's bars as links: each opens the contacts of that nationality. */}
            <Group gap="md" mt="sm" data-testid="nation-figures">
              {nations.map((nation) => (
                <FigureLink key={nation.nationId} label={nation.name ?? t('nationUnknown')} value={formatNumber(nation.contacts.value)} href={nation.contacts.href} />
              ))}
            </Group>
          </>
        )}
      </Paper>
    </SimpleGrid>
  );
}
