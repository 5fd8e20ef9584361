import { Badge, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDate, formatDateTime } from '@/lib/format';
import type { StayLedgerEntry } from '@/lib/stays/ledger-list';
import { stayDates } from './upcoming-table';

/** The automatic mails the ledger holds: sent (with the mail's page) or skipped (with who and why). */
export async function StayLedgerTable({ items, showGuest = true }: { items: StayLedgerEntry[]; showGuest?: boolean }) {
  const t = await getTranslations('stays');
  return (
    <ResponsiveTable minWidth={showGuest ? 860 : 640} striped data-testid="stay-mail-ledger">
      <TableThead>
        <TableTr>
          <TableTh scope="col">{t('ledger.recorded')}</TableTh>
          <TableTh scope="col">{t('upcoming.kind')}</TableTh>
          {showGuest && <TableTh scope="col">{t('upcoming.guest')}</TableTh>}
          <TableTh scope="col">{t('upcoming.stay')}</TableTh>
          <TableTh scope="col">{t('ledger.status')}</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {items.map((entry) => (
          <TableTr key={entry.id}>
            <TableTd {...cardCell(t('ledger.recorded'), 'short')} style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(entry.createdAt)}
            </TableTd>
            <TableTd {...cardCell(t('upcoming.kind'), showGuest ? 'short' : 'primary')}>
              {t(`kinds.${entry.kind}`)}
              <Text size="xs" c="dimmed">
                {formatDate(entry.dueOn)}
              </Text>
            </TableTd>
            {showGuest && (
              <TableTd {...cardCell(null, 'primary')}>
                <LinkAnchor href={`/clienti/${entry.contactId}`}>{entry.guestName}</LinkAnchor>
              </TableTd>
            )}
            <TableTd {...cardCell(t('upcoming.stay'), 'short')} style={{ whiteSpace: 'nowrap' }}>
              {stayDates(entry.arrival, entry.departure)}
            </TableTd>
            <TableTd {...cardCell(t('ledger.status'), 'wide')}>
              <Badge color={entry.status === 'skipped' ? 'gray' : 'teal'} variant="light">
                {t(`ledger.${entry.status}`)}
              </Badge>
              {entry.reason && (
                <Text size="sm" span ml="xs">
                  {entry.reason}
                </Text>
              )}
              {entry.outboxId && (
                <LinkAnchor href={`/mail/uscita/${entry.outboxId}`} size="sm" ml="xs">
                  {t('ledger.openMail')}
                </LinkAnchor>
              )}
            </TableTd>
          </TableTr>
        ))}
      </TableTbody>
    </ResponsiveTable>
  );
}
