import { Anchor, Badge, Table, Text } from '@mantine/core';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatDate } from '@/lib/format';

export type CampsiteListRow = { id: string; name: string; lucee: boolean; platformCampId: string | null; createdAt: Date };

/** The campsites the user may manage; the name opens its settings. Scrolls sideways on a phone. */
export function CampsiteTable({ rows, basePath, providerId }: { rows: CampsiteListRow[]; basePath: string; providerId: string | null }) {
  const t = useTranslations('settingsCampsites');
  if (rows.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('name')}</Table.Th>
            <Table.Th>{t('variant')}</Table.Th>
            <Table.Th>{t('platformId')}</Table.Th>
            <Table.Th>{t('created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} href={`${basePath}?v=showCamp&campingID=${encodeURIComponent(row.id)}`} fw={600}>
                  {row.name}
                </Anchor>{' '}
                {row.id === providerId && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('providerBadge')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{row.lucee ? t('lucee') : t('standard')}</Table.Td>
              <Table.Td>{row.platformCampId || t('notDefined')}</Table.Td>
              <Table.Td>{formatDate(row.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
