import { Alert, Stack, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { MailStatusBadge } from '@/components/mail/mail-status-badge';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/format';
import { outboxMailStatus } from '@/lib/mail/mail-status';
import { outboxListHref, type OutboxListParams } from '@/lib/mail/outbox-list-params';
import type { OutboxSummary } from '@/lib/mail/outbox-view';
import type { Page } from '@/lib/pagination';

type Props = {
  page: Page<OutboxSummary>;
  captured: boolean;
  /** Inside the mail client the outbox is one folder: a sub-heading. */
  nested?: boolean;
  /** The filters of the address (a dashboard figure's link), shown above the list with a way out. */
  filters?: OutboxListParams | null;
  /** The address's dates did not read as days: the whole outbox is shown, and this says why. */
  filterError?: string | null;
  /** The address of another page of the same list. */
  hrefFor?: (cursor: string | null) => string;
};

const ALL = outboxListHref({ sentOnly: false, dateFrom: '', dateTo: '' });

export async function OutboxList({ page, captured, nested = false, filters = null, filterError = null, hrefFor = (cursor) => outboxListHref({ sentOnly: false, dateFrom: '', dateTo: '', cursor }) }: Props) {
  const t = await getTranslations('mail.outbox');
  return (
    <Stack gap="md">
      <Title order={nested ? 2 : 1} size={nested ? 'h3' : 'h2'}>
        {captured ? t('capturedTitle') : t('title')}
      </Title>
      <Alert color={captured ? 'yellow' : 'blue'} data-testid="outbox-mode">
        {captured ? t('capturedNote') : t('liveNote')}
      </Alert>
      {filterError && (
        <Alert color="orange" title={t('filterError')} role="alert">
          {filterError}
        </Alert>
      )}
      {filters && (
        <Text size="sm" data-testid="outbox-filter">
          {filters.dateFrom ? t('filteredSent', { from: filters.dateFrom, to: filters.dateTo || filters.dateFrom }) : t('filteredSentAny')}{' '}
          <LinkAnchor href={ALL}>{t('showAll')}</LinkAnchor>
        </Text>
      )}
      {page.items.length === 0 ? (
        <Text c="dimmed">{filters ? t('emptyFiltered') : t('empty')}</Text>
      ) : (
        <ResponsiveTable minWidth={720} striped highlightOnHover>
            <TableThead>
              <TableTr>
                <TableTh scope="col">{t('date')}</TableTh>
                <TableTh scope="col">{t('to')}</TableTh>
                <TableTh scope="col">{t('subject')}</TableTh>
                <TableTh scope="col">{t('kind')}</TableTh>
                <TableTh scope="col">{t('status')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {page.items.map((mail) => (
                <TableTr key={mail.id}>
                  <TableTd {...cardCell(t('date'), 'short')} style={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.sentAt ?? mail.createdAt)}</TableTd>
                  <TableTd {...cardCell(t('to'))}>{mail.recipients.join(', ')}</TableTd>
                  <TableTd {...cardCell(null, 'primary')}>
                    <LinkAnchor href={`/mail/uscita/${mail.id}`}>{mail.subject}</LinkAnchor>
                  </TableTd>
                  <TableTd {...cardCell(t('kind'), 'short')}>{t.has(`kinds.${mail.kind}`) ? t(`kinds.${mail.kind}`) : mail.kind}</TableTd>
                  <TableTd {...cardCell(null, 'badge')}>
                    <MailStatusBadge status={outboxMailStatus(mail.status)} transport={mail.transport} />
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
        </ResponsiveTable>
      )}
      {page.nextCursor && (
        <LinkButton href={hrefFor(page.nextCursor)} variant="default" w="fit-content">
          {t('more')}
        </LinkButton>
      )}
    </Stack>
  );
}
