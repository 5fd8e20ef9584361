import { TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import type { ActionResult } from '@/lib/actions';
import { formatDate, formatNumber } from '@/lib/format';
import { ListRowActions } from './list-row-actions';

export type ListTableRow = { id: string; name: string; description: string; memberCount: number; sendableCount: number; createdAt: Date };

type Props = { lists: ListTableRow[]; deleteAction: (input: { id: string }) => Promise<ActionResult<{ id: string }>> };

/** The campsite's lists; on a phone each list is a card with its actions at the foot. */
export async function ListTable({ lists, deleteAction }: Props) {
  const t = await getTranslations('lists');
  return (
    <ResponsiveTable minWidth={640} striped highlightOnHover verticalSpacing="sm" aria-label={t('table.label')} data-testid="lists-table">
      <TableThead>
        <TableTr>
          <TableTh scope="col">{t('table.name')}</TableTh>
          <TableTh scope="col" ta="right">
            {t('table.members')}
          </TableTh>
          <TableTh scope="col" ta="right" title={t('table.sendableHint')}>
            {t('table.sendable')}
          </TableTh>
          <TableTh scope="col">{t('table.created')}</TableTh>
          <TableTh scope="col" ta="right">
            {t('table.actions')}
          </TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {lists.map((list) => (
          <TableTr key={list.id} data-testid="list-row">
            <TableTd {...cardCell(null, 'primary')}>
              <LinkAnchor href={`/mailing/${list.id}`} fw={600} aria-label={t('table.open', { name: list.name })}>
                {list.name}
              </LinkAnchor>
              {list.description && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {list.description}
                </Text>
              )}
            </TableTd>
            <TableTd {...cardCell(t('table.members'), 'short')} ta="right" data-testid="list-members">
              {formatNumber(list.memberCount)}
            </TableTd>
            <TableTd {...cardCell(t('table.sendable'), 'short')} ta="right" data-testid="list-sendable">
              {formatNumber(list.sendableCount)}
            </TableTd>
            <TableTd {...cardCell(t('table.created'), 'short')} style={{ whiteSpace: 'nowrap' }}>
              {formatDate(list.createdAt)}
            </TableTd>
            <TableTd {...cardCell(null, 'actions')}>
              <ListRowActions id={list.id} name={list.name} memberCount={list.memberCount} deleteAction={deleteAction} />
            </TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </ResponsiveTable>
  );
}
