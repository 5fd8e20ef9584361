import { Group, Paper, SimpleGrid, Stack, Table, TableTbody, TableTd, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/db/client';
import { ProgressChart } from '@/components/dashboard/progress-chart';
import { StatCard } from '@/components/dashboard/stat-card';
import { PageContainer } from '@/components/shell/page-container';
import { ProgressTag } from '@/components/quotes/progress-tag';
import { requireStaff } from '@/lib/auth/staff';
import { getOwnCampsite } from '@/lib/campsites/service';
import { getOverview } from '@/lib/dashboard/service';
import { formatNumber, formatPercent } from '@/lib/format';
import { QUOTE_PROGRESS } from '@/lib/quotes/progress';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('dashboard'))('title') };
}

export default async function DashboardPage() {
  const tenant = await requireStaff();
  const db = getDb();
  const [campsite, overview, t, tp] = await Promise.all([
    getOwnCampsite(db, tenant),
    getOverview(db, tenant),
    getTranslations('dashboard'),
    getTranslations('progress'),
  ]);
  const rows = QUOTE_PROGRESS.map((progress) => ({ progress, label: tp(progress), value: overview.quotesByProgress[progress] }));
  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle', { campsite: campsite.name })}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <StatCard label={t('contacts')} value={formatNumber(overview.contacts)} testId="stat-contacts" />
          <StatCard label={t('quotes')} value={formatNumber(overview.quotes)} testId="stat-quotes" />
          <StatCard label={t('requestsThisMonth')} value={formatNumber(overview.requestsThisMonth)} testId="stat-requests-month" />
          <StatCard
            label={t('acceptanceRate')}
            value={overview.acceptanceRate === null ? '—' : formatPercent(overview.acceptanceRate)}
            hint={t('acceptanceHint')}
            testId="stat-acceptance"
          />
        </SimpleGrid>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {t('byProgress')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('quotesThisMonth')}: {formatNumber(overview.quotesThisMonth)}
            </Text>
          </Group>
          {overview.quotes === 0 ? (
            <Text c="dimmed">{t('noQuotes')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <ProgressChart rows={rows} seriesLabel={t('count')} title={t('byProgressChart')} />
              <Table striped highlightOnHover data-testid="progress-table">
                <TableTbody>
                  {rows.map((row) => (
                    <TableTr key={row.progress}>
                      <TableTd>
                        <ProgressTag progress={row.progress} label={row.label} />
                      </TableTd>
                      <TableTd ta="right" fw={600}>
                        {formatNumber(row.value)}
                      </TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </SimpleGrid>
          )}
        </Paper>
      </Stack>
    </PageContainer>
  );
}
