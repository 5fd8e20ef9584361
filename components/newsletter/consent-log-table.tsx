import { Badge, Button, Group, Stack, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, TextInput, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkButton } from '@/components/ui/link-button';
import { cardCell, ResponsiveTable } from '@/components/ui/responsive-table';
import { CONSENT_ACTION_LABELS, CONSENT_METHOD_LABELS, formatConsentDate, type ConsentAction, type ConsentLogItem } from '@/lib/newsletter/consent-log';
import type { Page } from '@/lib/pagination';

const ACTION_COLOR: Record<ConsentAction, string> = { requested: 'blue', confirmed: 'teal', subscribed: 'teal', unsubscribed: 'red' };
const BASE = '/mailing/consensi';

/** The consent log: a filter by address, the CSV of the same filter, the rows newest first. */
export async function ConsentLogTable({ page, email }: { page: Page<ConsentLogItem>; email: string | null }) {
  const t = await getTranslations('newsletterConsents');
  const filter = email ? `email=${encodeURIComponent(email)}` : '';
  const more = page.nextCursor ? `${BASE}?${filter ? `${filter}&` : ''}dopo=${encodeURIComponent(page.nextCursor)}` : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button component="a" href={`${BASE}/export${filter ? `?${filter}` : ''}`} variant="default" data-testid="consents-export">
          {t('export')}
        </Button>
      </Group>
      <Text c="dimmed">{t('intro')}</Text>
      <form method="get" action={BASE} role="search">
        <Group align="flex-end" gap="xs">
          <TextInput name="email" type="search" label={t('filter')} defaultValue={email ?? ''} maw={360} style={{ flex: 1 }} />
          <Button type="submit" variant="default">
            {t('filterButton')}
          </Button>
          {email && (
            <LinkButton href={BASE} variant="subtle">
              {t('clear')}
            </LinkButton>
          )}
        </Group>
      </form>
      {page.items.length === 0 ? (
        <Text c="dimmed">{email ? t('emptyFiltered') : t('empty')}</Text>
      ) : (
        <ResponsiveTable minWidth={900} striped highlightOnHover aria-label={t('title')} data-testid="consents-table">
          <TableThead>
            <TableTr>
              <TableTh scope="col">{t('date')}</TableTh>
              <TableTh scope="col">{t('email')}</TableTh>
              <TableTh scope="col">{t('action')}</TableTh>
              <TableTh scope="col">{t('method')}</TableTh>
              <TableTh scope="col">{t('ip')}</TableTh>
              <TableTh scope="col">{t('textShown')}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {page.items.map((row) => (
              <TableTr key={row.id}>
                <TableTd {...cardCell(null, 'primary')} style={{ whiteSpace: 'nowrap' }}>
                  {formatConsentDate(row.at)}
                </TableTd>
                <TableTd {...cardCell(t('email'))}>{row.email}</TableTd>
                <TableTd {...cardCell(null, 'badge')}>
                  <Badge color={ACTION_COLOR[row.action] ?? 'gray'} variant="light" tt="none" radius="sm" miw="max-content">
                    {CONSENT_ACTION_LABELS[row.action] ?? row.action}
                  </Badge>
                </TableTd>
                <TableTd {...cardCell(t('method'), 'short')}>{CONSENT_METHOD_LABELS[row.method] ?? row.method}</TableTd>
                <TableTd {...cardCell(t('ip'), 'short')} style={{ whiteSpace: 'nowrap' }}>
                  {row.ip ?? ''}
                </TableTd>
                <TableTd {...cardCell(t('textShown'))}>{row.textShown}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </ResponsiveTable>
      )}
      {more && (
        <LinkButton href={more} variant="default" w="fit-content">
          {t('more')}
        </LinkButton>
      )}
    </Stack>
  );
}
