'use client';

import { BarChart } from '@mantine/charts';
import { Anchor, Center, Paper, RingProgress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { CampaignStatsSummary, LinkStat } from '@/lib/campaigns/types';
import { formatNumber, formatPercent } from '@/lib/format';

type Props = { stats: CampaignStatsSummary; links: LinkStat[] };

/** The rates as rings over sent or delivered, each with its figures in words, and the clicks per link. */
export function CampaignStats({ stats, links }: Props) {
  const t = useTranslations('campaigns');
  const hasEvents = stats.delivered + stats.opens + stats.clicks + stats.bounced + stats.complained + stats.delayed + stats.unsubscribed > 0;
  const rates = [
    { key: 'delivered', rate: stats.rates.delivered, count: stats.delivered, over: 'ofSent', total: stats.sent, color: 'teal.8' },
    { key: 'opened', rate: stats.rates.opened, count: stats.opened, over: 'ofDelivered', total: stats.delivered, color: 'blue.8' },
    { key: 'clicked', rate: stats.rates.clicked, count: stats.clicked, over: 'ofDelivered', total: stats.delivered, color: 'grape.8' },
    { key: 'bounced', rate: stats.rates.bounced, count: stats.bounced, over: 'ofSent', total: stats.sent, color: 'orange.9' },
    { key: 'complained', rate: stats.rates.complained, count: stats.complained, over: 'ofDelivered', total: stats.delivered, color: 'red.8' },
    { key: 'unsubscribed', rate: stats.rates.unsubscribed, count: stats.unsubscribed, over: 'ofDelivered', total: stats.delivered, color: 'gray.8' },
  ] as const;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="campaign-stats">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('stats.title')}
          </Title>
          {!hasEvents && (
            <div data-testid="stats-empty">
              <Text fw={600}>{t('stats.empty')}</Text>
              <Text size="sm" c="dimmed">
                {t('stats.emptyHint')}
              </Text>
            </div>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            {rates.map((item) => (
              <Stack key={item.key} gap={4} align="center" data-testid={`rate-${item.key}`}>
                <RingProgress
                  size={96}
                  thickness={9}
                  roundCaps
                  sections={[{ value: Math.min(100, item.rate * 100), color: item.color }]}
                  label={
                    <Center>
                      <Text fw={700} size="sm">
                        {formatPercent(item.rate)}
                      </Text>
                    </Center>
                  }
                />
                <Text fw={600} size="sm" ta="center">
                  {t(`stats.${item.key}`)}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {t(`stats.${item.over}`, { count: formatNumber(item.count), total: formatNumber(item.total) })}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('stats.opens', { count: stats.opens })} · {t('stats.clicks', { count: stats.clicks })} · {t('stats.delayed')}: {formatNumber(stats.delayed)}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="link-stats">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('links.title')}
          </Title>
          {links.length === 0 ? (
            <Text c="dimmed">{t('links.empty')}</Text>
          ) : (
            <>
              <div role="img" aria-label={t('links.chart')}>
                <BarChart
                  h={Math.min(60 + links.length * 36, 400)}
                  data={links.slice(0, 10).map((link) => ({ link: shortUrl(link.url), [t('links.clicks')]: link.clicks, [t('links.recipients')]: link.recipients }))}
                  dataKey="link"
                  orientation="vertical"
                  yAxisProps={{ width: 160 }}
                  series={[
                    { name: t('links.clicks'), color: 'grape.8' },
                    { name: t('links.recipients'), color: 'blue.8' },
                  ]}
                  withLegend
                  withTooltip
                />
              </div>
              <Table.ScrollContainer minWidth={420}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('links.url')}</Table.Th>
                      <Table.Th ta="right">{t('links.clicks')}</Table.Th>
                      <Table.Th ta="right">{t('links.recipients')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {links.map((link) => (
                      <Table.Tr key={link.url} data-testid="link-row">
                        <Table.Td style={{ wordBreak: 'break-all' }}>
                          {/^https?:\/\//.test(link.url) ? (
                            <Anchor href={link.url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                              {link.url}
                            </Anchor>
                          ) : (
                            link.url
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(link.clicks)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(link.recipients)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function shortUrl(url: string): string {
  const bare = url.replace(/^https?:\/\/(www\.)?/, '');
  return bare.length > 40 ? `${bare.slice(0, 39)}…` : bare;
}
