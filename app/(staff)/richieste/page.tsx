import { Alert, EmptyState, Group, Stack, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProgressTag } from '@/components/quotes/progress-tag';
import { ReturningBadge } from '@/components/returning/returning-badge';
import { contactDisplayName as contactName } from '@/lib/contacts/display';
import { RequestFilters } from '@/components/requests/request-filters';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { staffPage } from '@/lib/context/staff';
import { formatDateTime } from '@/lib/format';
import { AppError } from '@/lib/errors';
import { parseRequestListParams, requestListHref, type RequestListParams } from '@/lib/quotes/request-list-params';
import { listRequests } from '@/lib/quotes/requests';
import { lastStaysForQuotes } from '@/lib/quotes/returning-guests';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('quotes.requests'))('title') };
}

const italian = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '—');

export default async function RequestsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { run } = await staffPage();
  let params = parseRequestListParams(await searchParams);
  const { scope, search } = params;
  // Dates that do not read as days: say so, and show the list without them.
  let filterError: string | null = null;
  const load = (wanted: RequestListParams) =>
    run(async (ctx) => {
      const found = await listRequests(ctx, wanted);
      // One query for the whole page: which of these guests booked in an earlier season.
      return { page: found, returning: await lastStaysForQuotes(ctx, { quoteIds: found.items.map((item) => item.quoteId) }) };
    });
  let loaded;
  try {
    loaded = await load(params);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'bad_request') throw error;
    filterError = error.message;
    params = { ...params, dateFrom: '', dateTo: '', cursor: null };
    loaded = await load(params);
  }
  const { page, returning } = loaded;
  const [t, tp] = await Promise.all([getTranslations('quotes.requests'), getTranslations('progress')]);
  const nextPage = (cursor: string) => requestListHref({ ...params, cursor });
  const dated = Boolean(params.dateFrom || params.dateTo);
  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('subtitle')}</Text>
          </div>
        </Group>
        <RequestFilters scope={scope} search={search} />
        {filterError && (
          <Alert color="orange" title={t('filterError')} role="alert">
            {filterError}
          </Alert>
        )}
        {dated && (
          <Text size="sm" data-testid="request-date-filter">
            {t('receivedBetween', { from: params.dateFrom, to: params.dateTo || params.dateFrom })}{' '}
            <LinkAnchor href={requestListHref({ ...params, dateFrom: '', dateTo: '', cursor: null })}>{t('removeDates')}</LinkAnchor>
          </Text>
        )}
        {page.items.length === 0 ? (
          <EmptyState title={search ? t('emptySearch', { search }) : dated ? t('emptyDates') : scope === 'open' ? t('empty') : t('emptyAll')} />
        ) : (
          <ResponsiveTable minWidth={760} highlightOnHover verticalSpacing="sm" data-testid="request-table">
            <TableThead>
              <TableTr>
                <TableTh>{t('received')}</TableTh>
                <TableTh>{tp('richiesta')}</TableTh>
                <TableTh>{t('stay')}</TableTh>
                <TableTh>{t('message')}</TableTh>
                <TableTh />
              </TableTr>
            </TableThead>
            <TableTbody>
              {page.items.map((item) => (
                <TableTr key={item.quoteId}>
                  <TableTd {...cardCell(t('received'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.createdAt)}
                  </TableTd>
                  <TableTd {...cardCell(null, 'primary')}>
                    <Text size="sm" fw={600}>
                      {contactName(item.contact)}
                    </Text>
                    <ProgressTag progress={item.progress} label={tp(item.progress)} />
                    <ReturningBadge stay={returning.get(item.quoteId)} />
                  </TableTd>
                  <TableTd {...cardCell(t('stay'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                    {italian(item.arrival)} – {italian(item.departure)}
                  </TableTd>
                  <TableTd {...cardCell(t('message'))}>
                    <Text size="sm" lineClamp={2}>
                      {item.message || '—'}
                    </Text>
                  </TableTd>
                  <TableTd {...cardCell(null, 'actions')}>
                    <LinkAnchor href={`/richieste/preview/${item.quoteId}`}>{t('open')}</LinkAnchor>
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </ResponsiveTable>
        )}
        {page.nextCursor && (
          <Group justify="flex-end">
            <LinkButton href={nextPage(page.nextCursor)} variant="light">
              {(await getTranslations('quotes'))('nextPage')}
            </LinkButton>
          </Group>
        )}
      </Stack>
    </PageContainer>
  );
}
