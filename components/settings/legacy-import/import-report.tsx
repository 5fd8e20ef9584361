'use client';

import { List, ListItem, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ImportReportView } from '@/lib/legacy-import-runs/view';

const shown = (value: unknown) => JSON.stringify(value) ?? '—';

/** The verification report at the end of a run: counts on both sides, the sampled differences, what was skipped and why. */
export function ImportReport({ report, campsiteName }: { report: ImportReportView; campsiteName: string }) {
  const t = useTranslations('legacyImport');
  return (
    <Stack gap="sm" component="section" aria-labelledby="legacy-import-report">
      <Title order={2} size="h4" id="legacy-import-report">
        {t('reportTitle')}
      </Title>
      <Text size="sm">{report.dryRun ? t('reportDryRun') : t('reportDone', { name: campsiteName })}</Text>
      <TableScrollContainer minWidth={520}>
        <Table fz="sm" verticalSpacing="xs" data-testid="legacy-import-report-counts">
          <TableThead>
            <TableTr>
              <TableTh>{t('kind')}</TableTh>
              <TableTh ta="right">{t('oldSide')}</TableTh>
              <TableTh ta="right">{t('here')}</TableTh>
              <TableTh ta="right">{t('written')}</TableTh>
              <TableTh ta="right">{t('unchanged')}</TableTh>
              <TableTh ta="right">{t('skipped')}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {report.kinds.map((kind) => (
              <TableTr key={kind.kind}>
                <TableTh scope="row" fw={500}>{kind.label}</TableTh>
                <TableTd ta="right">{kind.there}</TableTd>
                <TableTd ta="right">{kind.here}</TableTd>
                <TableTd ta="right">{kind.written}</TableTd>
                <TableTd ta="right">{kind.unchanged}</TableTd>
                <TableTd ta="right">{kind.skipped}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
      <Title order={3} size="h5">
        {t('samplesTitle')}
      </Title>
      {report.samples.length === 0 ? (
        <Text size="sm">{t('noSamples')}</Text>
      ) : (
        report.samples.map((sample) => (
          <div key={sample.kind}>
            <Text size="sm">
              {sample.differences.length === 0
                ? t('sampleSame', { kind: sample.kind, count: sample.compared })
                : t('sampleDifferent', { kind: sample.kind, count: sample.compared, differences: sample.differences.length })}
            </Text>
            {sample.differences.length > 0 && (
              <List size="sm" spacing={2}>
                {sample.differences.slice(0, 20).map((difference, index) => (
                  <ListItem key={`${difference.oldId}-${difference.field}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                    {t('difference', { oldId: difference.oldId, field: difference.field, there: shown(difference.there), here: shown(difference.here) })}
                  </ListItem>
                ))}
              </List>
            )}
          </div>
        ))
      )}
      <Title order={3} size="h5">
        {report.skippedTotal ? t('skippedTitle', { count: report.skippedTotal }) : t('skippedNone')}
      </Title>
      {report.skipped.length > 0 && (
        <TableScrollContainer minWidth={480}>
          <Table fz="sm" verticalSpacing="xs">
            <TableThead>
              <TableTr>
                <TableTh>{t('kind')}</TableTh>
                <TableTh>{t('oldId')}</TableTh>
                <TableTh>{t('reason')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {report.skipped.map((skip, index) => (
                <TableTr key={`${skip.kind}-${skip.oldId}-${index}`}>
                  <TableTd>{skip.kind}</TableTd>
                  <TableTd style={{ overflowWrap: 'anywhere' }}>{skip.oldId}</TableTd>
                  <TableTd>{skip.reason}</TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScrollContainer>
      )}
      <Text size="sm" c="dimmed">
        {t('calls', { count: report.calls })}
      </Text>
    </Stack>
  );
}
