import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConversionPanel } from '@/components/dashboard/conversion-panel';
import { QuotesPanel } from '@/components/dashboard/quotes-panel';
import { RefreshButton } from '@/components/dashboard/refresh-button';
import { StatCard } from '@/components/dashboard/stat-card';
import { TrendsPanel } from '@/components/dashboard/trends-panel';
import { TodayPanel } from '@/components/follow-ups/today-panel';
import { PageContainer } from '@/components/shell/page-container';
import { NpsPanel } from '@/components/surveys/nps-panel';
import { getOwnCampsite } from '@/lib/campsites/service';
import { staffPage } from '@/lib/context/staff';
import { getDashboard } from '@/lib/dashboard/service';
import { todayFollowUps } from '@/lib/follow-ups/page-data';
import { parseBucket, parseComparison } from '@/lib/dashboard/validation';
import { formatDate, formatNumber } from '@/lib/format';
import { romeIsoDate } from '@/lib/date-filter';
import { npsPanel } from '@/lib/surveys/nps';
import { refreshDashboardAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('dashboard'))('title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
/** A hand-edited URL with an unknown period falls back to the default instead of failing. */
const orDefault = <T,>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};
const time = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });

export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  const { run } = await staffPage();
  const params = await searchParams;
  const campsite = await run((ctx) => getOwnCampsite(ctx));
  const comparison = orDefault(() => parseComparison(single(params.confronto)), 'stagione' as const);
  const bucket = orDefault(() => parseBucket(single(params.raggruppa)), 'giorno' as const);
  const now = new Date();
  const [dashboard, nps, today, t] = await Promise.all([
    run((ctx) => getDashboard(ctx, now, { comparison, bucket, lucee: campsite.lucee })),
    run((ctx) => npsPanel(ctx, { season: Number(single(params.nps)) || null })),
    run((ctx) => todayFollowUps(ctx, now)),
    getTranslations('dashboard'),
  ]);
  const updated = dashboard.refreshedAt;
  const status = !updated
    ? t('neverRefreshed')
    : romeIsoDate(updated) === romeIsoDate(now)
      ? t('refreshedAt', { time: time.format(updated) })
      : t('refreshedOn', { date: `${formatDate(updated)} ${time.format(updated)}` });
  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('subtitle', { campsite: campsite.name })}</Text>
          </div>
          <RefreshButton label={t('refreshNow')} status={status} action={refreshDashboardAction} />
        </Group>
        <TodayPanel items={today.items} suggestions={today.suggestions} users={today.users} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <StatCard label={t('contacts')} value={formatNumber(dashboard.contacts.value)} href={dashboard.contacts.href} testId="stat-contacts" />
          <StatCard label={t('quotes')} value={formatNumber(dashboard.quotes.total.value)} href={dashboard.quotes.total.href} testId="stat-quotes" />
          <StatCard
            label={t('mailsThisMonth')}
            value={formatNumber(dashboard.mails.thisMonth.value)}
            href={dashboard.mails.thisMonth.href}
            hint={t('mailsLastMonth', { count: formatNumber(dashboard.mails.lastMonth.value) })}
            hintHref={dashboard.mails.lastMonth.href}
            testId="stat-mails"
          />
          <StatCard
            label={t('requests')}
            value={formatNumber(dashboard.requests.total.value)}
            href={dashboard.requests.total.href}
            hint={`${formatDate(dashboard.requests.range.from)} – ${formatDate(dashboard.requests.range.to)}`}
            testId="stat-requests"
          />
        </SimpleGrid>
        <QuotesPanel quotes={dashboard.quotes} />
        <ConversionPanel dashboard={dashboard} lucee={campsite.lucee} />
        <TrendsPanel dashboard={dashboard} />
        <NpsPanel panel={nps} />
      </Stack>
    </PageContainer>
  );
}
