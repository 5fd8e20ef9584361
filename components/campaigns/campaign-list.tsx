'use client';

import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import type { ActionResult } from '@/lib/actions';
import type { CampaignSummary } from '@/lib/campaigns/types';
import { subjectForStaff } from '@/lib/templates/placeholders';
import { formatDate, formatNumber, formatPercent } from '@/lib/format';
import type { Page } from '@/lib/pagination';
import { CampaignStatusBadge } from './status-badge';

type LoadMore = (input: { cursor: string | null }) => Promise<ActionResult<Page<CampaignSummary>>>;
type Props = { initial: Page<CampaignSummary>; loadMore: LoadMore };

/**
 * The campsite's newsletters, newest first: subject (to its page), list, status, sent, open rate
 * and date. The first page comes from listCampaigns (lib/campaigns/service.ts); the next ones
 * from campaignPageAction (app/(staff)/mailing/newsletter/list-actions.ts).
 */
export function CampaignList({ initial, loadMore }: Props) {
  const t = useTranslations('campaigns');
  const [items, setItems] = useState(initial.items);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const more = () =>
    startTransition(async () => {
      const answer = await loadMore({ cursor });
      if (!answer.ok) return setError(answer.error);
      setError(null);
      setItems((shown) => [...shown, ...answer.data.items.filter((item) => !shown.some((row) => row.id === item.id))]);
      setCursor(answer.data.nextCursor);
    });

  if (items.length === 0) return <Text c="dimmed">{t('table.empty')}</Text>;
  return (
    <Stack gap="sm" data-testid="campaign-list">
      <ResponsiveTable minWidth={640} striped highlightOnHover verticalSpacing="sm">
        <Table.Caption>{t('table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.subject')}</Table.Th>
            <Table.Th>{t('table.list')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th ta="right">{t('table.sent')}</Table.Th>
            <Table.Th ta="right">{t('table.openRate')}</Table.Th>
            <Table.Th>{t('table.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td {...cardCell(null, 'primary')}>
                <LinkAnchor href={`/mailing/newsletter/${item.id}`} prefetch={false}>
                  {subjectForStaff(item.subject)}
                </LinkAnchor>
              </Table.Td>
              <Table.Td {...cardCell(t('table.list'))}>{item.listName ?? t('noList')}</Table.Td>
              <Table.Td {...cardCell(null, 'badge')}>
                <CampaignStatusBadge status={item.status} />
              </Table.Td>
              <Table.Td {...cardCell(t('table.sent'), 'short')} ta="right">
                {formatNumber(item.sentCount)}
              </Table.Td>
              <Table.Td {...cardCell(t('table.openRate'), 'short')} ta="right">
                {item.stats.delivered > 0 ? formatPercent(item.stats.rates.opened) : '—'}
              </Table.Td>
              <Table.Td {...cardCell(t('table.date'), 'short')}>{formatDate(item.sentAt ?? item.startedAt ?? item.scheduledAt ?? item.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {cursor && (
        <Group justify="center">
          <Button variant="default" onClick={more} loading={pending}>
            {t('table.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
