'use client';

import { Button, Group, Paper, SimpleGrid, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ImportReport, ImportRowNote } from '@/lib/contacts/import';

function Stat({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color}>
        {value.toLocaleString('it-IT')}
      </Text>
    </Paper>
  );
}

function RowNotes({ title, notes, count, testId }: { title: string; notes: ImportRowNote[]; count: number; testId: string }) {
  const t = useTranslations('contacts.import');
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title} ({count.toLocaleString('it-IT')})
      </Title>
      <TableScrollContainer minWidth={360} maxHeight={420} type="native">
        <Table striped verticalSpacing="xs" stickyHeader data-testid={testId}>
          <TableThead>
            <TableTr>
              <TableTh scope="col" w={80}>
                {t('row')}
              </TableTh>
              <TableTh scope="col">{t('reason')}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {notes.map((note) => (
              <TableTr key={`${note.row}-${note.reason}`}>
                <TableTd>{note.row}</TableTd>
                <TableTd>{note.reason}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </TableScrollContainer>
      {count > notes.length && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('detailsCut', { shown: notes.length, count })}
        </Text>
      )}
    </Paper>
  );
}

/** What the import did: how many created, updated, skipped, refused, and each row that was not imported and why. */
export function ImportReportView({ report, onAnother }: { report: ImportReport; onAnother: () => void }) {
  const t = useTranslations('contacts');
  return (
    <Stack gap="lg" data-testid="import-report">
      <Title order={2} size="h3">
        {t('import.reportTitle')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        <Stat label={t('import.total')} value={report.total} testId="import-total" />
        <Stat label={t('import.created')} value={report.created} color="teal.8" testId="import-created" />
        <Stat label={t('import.updated')} value={report.updated} color="blue.8" testId="import-updated" />
        <Stat label={t('import.skipped')} value={report.skipped} color="gray.7" testId="import-skipped" />
        <Stat label={t('import.refused')} value={report.refused} color={report.refused ? 'red.8' : undefined} testId="import-refused" />
      </SimpleGrid>
      {(report.refused > 0 || report.skipped > 0) && (
        <Text size="sm" c="dimmed">
          {t('import.rowHint')}
        </Text>
      )}
      <RowNotes title={t('import.refusedTitle')} notes={report.refusedRows} count={report.refused} testId="import-refused-rows" />
      <RowNotes title={t('import.skippedTitle')} notes={report.skippedRows} count={report.skipped} testId="import-skipped-rows" />
      <Group gap="sm">
        <Button component={Link} href="/clienti">
          {t('actions.backToList')}
        </Button>
        <Button variant="light" onClick={onAnother}>
          {t('import.another')}
        </Button>
      </Group>
    </Stack>
  );
}
