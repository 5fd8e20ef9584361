import { Badge, Group, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDate, formatMoney } from '@/lib/format';
import type { QuoteListItem } from '@/lib/quotes/queries';
import type { LastStay } from '@/lib/quotes/returning-guests';
import { ReturningBadge } from '@/components/returning/returning-badge';
import { ProgressTag } from './progress-tag';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { displayQuoteName } from './quote-name';

/** The list's rows; a row opens the side drawer, keeping the filters in the URL. */
export async function QuoteTable({
  items,
  hrefFor,
  returning = new Map(),
}: {
  items: QuoteListItem[];
  hrefFor: (id: string) => string;
  /** Returning guests' last stays by quote id (lib/quotes/returning-guests.ts). */
  returning?: Map<string, LastStay>;
}) {
  const t = await getTranslations('quotes');
  const tp = await getTranslations('progress');
  const total = (item: QuoteListItem) => {
    if (item.minTotalCents === null || item.maxTotalCents === null || item.maxTotalCents === 0) return '—';
    return item.minTotalCents === item.maxTotalCents ? formatMoney(item.minTotalCents) : t('totalFrom', { amount: formatMoney(item.minTotalCents) });
  };
  return (
    <ResponsiveTable minWidth={860} highlightOnHover verticalSpacing="sm" data-testid="quote-table">
      <TableThead>
        <TableTr>
          <TableTh>{t('columns.name')}</TableTh>
          <TableTh>{t('columns.contact')}</TableTh>
          <TableTh>{t('columns.progress')}</TableTh>
          <TableTh ta="right">{t('columns.cards')}</TableTh>
          <TableTh ta="right">{t('columns.total')}</TableTh>
          <TableTh>{t('columns.created')}</TableTh>
          <TableTh>{t('columns.validUntil')}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {items.map((item) => (
          <TableTr key={item.id} data-testid="quote-row">
            <TableTd {...cardCell(null, 'primary')}>
              <LinkAnchor href={hrefFor(item.id)} scroll={false} fw={600}>
                {displayQuoteName(item.name, t('unnamed'))}
              </LinkAnchor>
              {item.tags.length > 0 && (
                <Group gap={4} mt={4}>
                  {item.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="outline" color="gray">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </TableTd>
            <TableTd {...cardCell(t('columns.contact'))}>
              <Text size="sm">{contactName(item.contact)}</Text>
              {item.contact.email && (
                <Text size="xs" c="dimmed">
                  {item.contact.email}
                </Text>
              )}
              <ReturningBadge stay={returning.get(item.id)} />
            </TableTd>
            <TableTd {...cardCell(null, 'badge')}>
              {/* The whole label, however wide a long address makes the contact's column. */}
              <div style={{ minWidth: 'max-content' }}>
                <ProgressTag progress={item.progress} label={tp(item.progress)} />
              </div>
            </TableTd>
            <TableTd {...cardCell(t('columns.cards'), 'short')} ta="right">
              {item.cards}
            </TableTd>
            <TableTd {...cardCell(t('columns.total'), 'short')} ta="right" style={{ whiteSpace: 'nowrap' }}>
              {total(item)}
            </TableTd>
            <TableTd {...cardCell(t('columns.created'), 'short')}>{formatDate(item.createdAt)}</TableTd>
            <TableTd {...cardCell(t('columns.validUntil'), 'short')}>{item.validUntil ? formatDate(item.validUntil) : '—'}</TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </ResponsiveTable>
  );
}
