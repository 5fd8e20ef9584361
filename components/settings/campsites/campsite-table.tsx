import { Badge, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDate } from '@/lib/format';

export type CampsiteListRow = { id: string; name: string; lucee: boolean; platformCampId: string | null; createdAt: Date };

/** The campsites the user may manage; the name opens its settings. Scrolls sideways on a phone. */
export function CampsiteTable({ rows, basePath, providerId }: { rows: CampsiteListRow[]; basePath: string; providerId: string | null }) {
  const t = useTranslations('settingsCampsites');
  if (rows.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <TableScrollContainer minWidth={520}>
      <Table striped highlightOnHover>
        <TableThead>
          <TableTr>
            <TableTh>{t('name')}</TableTh>
            <TableTh>{t('variant')}</TableTh>
            <TableTh>{t('platformId')}</TableTh>
            <TableTh>{t('created')}</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody>
          {rows.map((row) => (
            <TableTr key={row.id}>
              <TableTd>
                <LinkAnchor href={`${basePath}?v=showCamp&campingID=${encodeURIComponent(row.id)}`} fw={600}>
                  {row.name}
                </LinkAnchor>{' '}
                {row.id === providerId && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('providerBadge')}
                  </Badge>
                )}
              </TableTd>
              <TableTd>{row.lucee ? t('lucee') : t('standard')}</TableTd>
              <TableTd>{row.platformCampId || t('notDefined')}</TableTd>
              <TableTd>{formatDate(row.createdAt)}</TableTd>
            </TableTr>
          ))}
        </TableTbody>
      </Table>
    </TableScrollContainer>
  );
}
