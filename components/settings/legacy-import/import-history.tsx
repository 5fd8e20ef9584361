import { Badge, Group, Stack, VisuallyHidden, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { LinkAnchor } from '@/components/ui/link-anchor';
import { formatDateTime } from '@/lib/format';
import type { LegacyImportView } from '@/lib/legacy-import-runs/view';
import { STATUS_COLOR } from './kinds';

const totals = (view: LegacyImportView) =>
  Object.values(view.counts).reduce((sum, counts) => ({ read: sum.read + counts.read, written: sum.written + counts.written }), { read: 0, written: 0 });

/** The latest imports of every campsite, with their outcome and a link to their progress or report. */
export async function ImportHistory({ imports, basePath }: { imports: LegacyImportView[]; basePath: string }) {
  const t = await getTranslations('legacyImport');
  return (
    <Stack gap="sm" component="section" aria-labelledby="legacy-import-history">
      <Title order={2} size="h4" id="legacy-import-history">
        {t('historyTitle')}
      </Title>
      {imports.length === 0 ? (
        <Text size="sm">{t('historyEmpty')}</Text>
      ) : (
        <TableScrollContainer minWidth={640}>
          <Table fz="sm" verticalSpacing="xs">
            <TableThead>
              <TableTr>
                <TableTh>{t('started')}</TableTh>
                <TableTh>{t('campsite')}</TableTh>
                <TableTh>{t('source')}</TableTh>
                <TableTh>{t('outcome')}</TableTh>
                <TableTh>
                  <VisuallyHidden>{t('details')}</VisuallyHidden>
                </TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {imports.map((view) => {
                const started = formatDateTime(new Date(view.startedAt));
                return (
                  <TableTr key={view.id}>
                    <TableTd style={{ whiteSpace: 'nowrap' }}>{started}</TableTd>
                    <TableTd>
                      {view.campsiteName}
                      {view.newCampsite && <Text size="xs" c="dimmed">{t('newCampsiteNote')}</Text>}
                    </TableTd>
                    <TableTd style={{ overflowWrap: 'anywhere' }}>{view.sourceUrl}</TableTd>
                    <TableTd>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600} c={STATUS_COLOR[view.status]}>
                          {t(`status.${view.status}`)}
                        </Text>
                        {view.dryRun && (
                          <Badge variant="light" color="gray" c="dark.7">
                            {t('dryRunBadge')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">{t('summary', totals(view))}</Text>
                    </TableTd>
                    <TableTd>
                      <LinkAnchor href={`${basePath}?v=importa&id=${encodeURIComponent(view.id)}`} aria-label={t('detailsOf', { date: started })} size="sm">
                        {t('details')}
                      </LinkAnchor>
                    </TableTd>
                  </TableTr>
                );
              })}
            </TableTbody>
          </Table>
        </TableScrollContainer>
      )}
    </Stack>
  );
}
