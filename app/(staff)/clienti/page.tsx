import { Alert, Button, EmptyState, EmptyStateDescription, EmptyStateTitle, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileImport, IconPlus, IconUsers } from '@tabler/icons-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ContactFilters } from '@/components/contacts/contact-filters';
import { ContactTable } from '@/components/contacts/contact-table';
import { contactExportHref, contactListHref, parseContactListParams } from '@/lib/contacts/list-params';
import { PageContainer } from '@/components/shell/page-container';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { LinkButton } from '@/components/ui/link-button';
import { nationNameOf } from '@/lib/contacts/reference';
import { countContacts, listContacts } from '@/lib/contacts/search';
import { staffPage } from '@/lib/context/staff';
import { AppError } from '@/lib/errors';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('contacts'))('title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ContactsPage({ searchParams }: Props) {
  const { run } = await staffPage();
  const params = parseContactListParams(await searchParams);
  const t = await getTranslations('contacts');
  // Invalid dates (or a stale cursor) in the URL: say so, and show the list without them.
  let filterError: string | null = null;
  let filters = params;
  let page;
  let total;
  try {
    [page, total] = await run((ctx) => Promise.all([listContacts(ctx, { ...filters, limit: 25 }), countContacts(ctx, filters)]));
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== 'bad_request') throw error;
    filterError = error.message;
    filters = { ...params, dateFrom: '', dateTo: '', cursor: null };
    const unfiltered = filters;
    [page, total] = await run((ctx) => Promise.all([listContacts(ctx, { ...unfiltered, limit: 25 }), countContacts(ctx, unfiltered)]));
  }
  const filtered = Boolean(filters.search.trim() || filters.dateFrom || filters.dateTo || filters.nationId !== null);
  const nationId = filters.nationId ?? null;
  const nationName = nationId ? await run((ctx) => nationNameOf(ctx, nationId)) : null;

  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed" data-testid="contacts-count">
              {t(`list.${filtered ? 'countFiltered' : 'count'}${total.capped ? 'Capped' : ''}`, { count: total.count })}
            </Text>
          </div>
          <Group gap="xs">
            <LinkButton href="/clienti/nuovo" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('actions.new')}
            </LinkButton>
            <LinkButton href="/clienti/importa" variant="light" leftSection={<IconFileImport size={16} aria-hidden />}>
              {t('actions.import')}
            </LinkButton>
            <Button
              component="a"
              href={contactExportHref(filters)}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              title={t('actions.exportHint')}
              data-testid="contacts-export"
            >
              {t('actions.export')}
            </Button>
          </Group>
        </Group>

        <ContactFilters initial={params} dateError={filterError} />
        {nationId !== null && (
          <Text size="sm" data-testid="contacts-nation-filter">
            {t('list.onlyNation', { nation: nationName ?? t('list.nationUnknown') })}{' '}
            <LinkAnchor href={contactListHref({ ...filters, nationId: null, cursor: null })}>{t('list.removeFilter')}</LinkAnchor>
          </Text>
        )}
        {filterError && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('list.filterError')} role="alert">
            {filterError}
          </Alert>
        )}

        {page.items.length === 0 ? (
          <EmptyState
            icon={<IconUsers size={32} aria-hidden />}
            withIndicatorBackground
            py="xl"
          >
            <EmptyStateTitle order={2}>{filtered || filters.cursor ? t('list.noMatchTitle') : t('list.emptyTitle')}</EmptyStateTitle>
            <EmptyStateDescription>{filtered || filters.cursor ? t('list.noMatchText') : t('list.emptyText')}</EmptyStateDescription>
            <Group justify="center" mt="md">
              {filtered || filters.cursor ? (
                <LinkButton href="/clienti" variant="light">
                  {t('list.clearFilters')}
                </LinkButton>
              ) : (
                <>
                  <LinkButton href="/clienti/nuovo">{t('actions.new')}</LinkButton>
                  <LinkButton href="/clienti/importa" variant="light">
                    {t('actions.import')}
                  </LinkButton>
                </>
              )}
            </Group>
          </EmptyState>
        ) : (
          <ContactTable contacts={page.items} />
        )}

        {(page.nextCursor || filters.cursor) && (
          <Group justify="space-between">
            {filters.cursor ? (
              <LinkButton href={contactListHref({ ...filters, cursor: null })} variant="subtle">
                {t('list.firstPage')}
              </LinkButton>
            ) : (
              <span />
            )}
            {page.nextCursor && (
              <LinkButton href={contactListHref({ ...filters, cursor: page.nextCursor })} variant="light" data-testid="contacts-next-page">
                {t('list.nextPage')}
              </LinkButton>
            )}
          </Group>
        )}
      </Stack>
    </PageContainer>
  );
}
