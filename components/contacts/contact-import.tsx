'use client';

import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  Radio,
  RadioGroup,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';
import { CsvSyntaxError, parseCsv, type Delimiter } from '@/lib/contacts/csv';
import { guessMapping } from '@/lib/contacts/import-mapping';
import type { ImportReport } from '@/lib/contacts/import';
import { DUPLICATE_STRATEGIES, IMPORT_FIELDS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type DuplicateStrategy, type ImportField, type ImportRequest } from '@/lib/contacts/validation';
import { ImportReportView } from './import-report';

const PREVIEW_ROWS = 5;
const IGNORE = '__ignore';

type Loaded = { name: string; text: string; headers: string[]; preview: string[][]; rows: number; delimiter: Delimiter };

/** UTF-8 (with or without BOM); a file that is not UTF-8 is read as Windows-1252, what older Excel writes. */
async function readText(file: File): Promise<string> {
  const buffer = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

type Props = { action: (input: ImportRequest) => Promise<ActionResult<ImportReport>> };

export function ContactImport({ action }: Props) {
  const t = useTranslations('contacts');
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<(ImportField | null)[]>([]);
  const [strategy, setStrategy] = useState<DuplicateStrategy>('skip');
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [reading, setReading] = useState(false);
  const [pending, startTransition] = useTransition();

  const reset = () => {
    setFile(null);
    setLoaded(null);
    setMapping([]);
    setReport(null);
    setError(null);
  };

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_BYTES) return setError(t('import.tooBig'));
    setReading(true);
    try {
      const text = await readText(chosen);
      const parsed = parseCsv(text, { maxRecords: MAX_IMPORT_ROWS + 1 });
      if (parsed.truncated) return setError(t('import.tooManyRows', { rows: MAX_IMPORT_ROWS.toLocaleString('it-IT') }));
      if (parsed.records.length < 2) return setError(t('import.noRows'));
      const [headers, ...all] = parsed.records;
      // Blank rows are skipped by the import too.
      const rows = all.filter((row) => row.some((cell) => cell.trim() !== ''));
      if (rows.length === 0) return setError(t('import.noRows'));
      setLoaded({ name: chosen.name, text, headers, preview: rows.slice(0, PREVIEW_ROWS), rows: rows.length, delimiter: parsed.delimiter });
      setMapping(guessMapping(headers));
    } catch (caught) {
      setError(t('import.unreadable', { message: caught instanceof CsvSyntaxError ? caught.message : String(caught) }));
    } finally {
      setReading(false);
    }
  };

  const fieldLabel = (field: ImportField) => t(`importFields.${field}`);
  const used = mapping.filter((field): field is ImportField => Boolean(field));
  const repeated = used.find((field, index) => used.indexOf(field) !== index);
  const mappingProblem = repeated
    ? t('import.mappingDuplicate', { field: fieldLabel(repeated) })
    : !used.some((field) => field === 'firstName' || field === 'lastName' || field === 'email')
      ? t('import.mappingNeedsName')
      : null;

  const submit = () => {
    if (!loaded || mappingProblem) return;
    setError(null);
    startTransition(async () => {
      const result = await action({ csv: loaded.text, mapping, strategy });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setReport(result.data);
      window.scrollTo({ top: 0 });
      notifications.show({ color: 'teal', message: t('import.done'), autoClose: 3000 });
    });
  };

  if (report) return <ImportReportView report={report} onAnother={reset} />;

  const delimiterName = { ';': t('import.delimiterSemicolon'), ',': t('import.delimiterComma'), '\t': t('import.delimiterTab') };
  const fieldOptions = [{ value: IGNORE, label: t('import.ignore') }, ...IMPORT_FIELDS.map((field) => ({ value: field, label: fieldLabel(field) }))];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          description={t('import.fileHint', { rows: MAX_IMPORT_ROWS.toLocaleString('it-IT') })}
          accept=".csv,text/csv,text/plain"
          value={file}
          onChange={choose}
          clearable
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          disabled={pending}
          data-testid="import-file"
        />
        {reading && (
          <Text size="sm" c="dimmed" mt="xs">
            {t('import.reading')}
          </Text>
        )}
        {loaded && (
          <Text size="sm" mt="xs" data-testid="import-summary">
            {t('import.summary', { rows: loaded.rows, delimiter: delimiterName[loaded.delimiter] })}
          </Text>
        )}
      </Paper>

      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('import.errorTitle')} role="alert">
          {error}
        </Alert>
      )}

      {loaded && (
        <>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('import.mappingTitle')}>
            <Title order={2} size="h4">
              {t('import.mappingTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('import.mappingHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
              {loaded.headers.map((header, column) => {
                const example = loaded.preview.map((row) => row[column]).find((value) => value?.trim());
                return (
                  <Select
                    key={column}
                    label={header || `#${column + 1}`}
                    description={example ? t('import.exampleValue', { value: example.length > 40 ? `${example.slice(0, 40)}…` : example }) : t('import.noExample')}
                    aria-label={`${t('import.target')}: ${header || `#${column + 1}`}`}
                    data={fieldOptions}
                    value={mapping[column] ?? IGNORE}
                    onChange={(value) =>
                      setMapping((current) => current.map((field, index) => (index === column ? (value && value !== IGNORE ? (value as ImportField) : null) : field)))
                    }
                    allowDeselect={false}
                  />
                );
              })}
            </SimpleGrid>
            {mappingProblem && (
              <Text c="red.8" size="sm" mt="sm" role="alert">
                {mappingProblem}
              </Text>
            )}
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('import.previewTitle')}>
            <Title order={2} size="h4">
              {t('import.previewTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('import.previewHint', { count: loaded.preview.length })}
            </Text>
            <TableScrollContainer minWidth={Math.max(520, loaded.headers.length * 130)} type="native">
              <Table striped verticalSpacing="xs" data-testid="import-preview">
                <TableThead>
                  <TableTr>
                    {loaded.headers.map((header, column) => (
                      <TableTh key={column} scope="col">
                        {header}
                      </TableTh>
                    ))}
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {loaded.preview.map((row, index) => (
                    <TableTr key={index}>
                      {loaded.headers.map((_, column) => (
                        <TableTd key={column}>
                          <Text size="sm" lineClamp={2} maw={260}>
                            {row[column] ?? ''}
                          </Text>
                        </TableTd>
                      ))}
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </TableScrollContainer>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <RadioGroup label={t('import.strategyTitle')} value={strategy} onChange={(value) => setStrategy(value as DuplicateStrategy)}>
              <Stack gap="xs" mt="xs">
                {DUPLICATE_STRATEGIES.map((option) => {
                  const key = option === 'skip' ? 'Skip' : option === 'update' ? 'Update' : 'Keep';
                  return <Radio key={option} value={option} label={t(`import.strategy${key}`)} description={t(`import.strategy${key}Hint`)} />;
                })}
              </Stack>
            </RadioGroup>
          </Paper>

          <Group justify="flex-end">
            <Button onClick={submit} loading={pending} disabled={Boolean(mappingProblem)} data-testid="import-submit">
              {t('import.submit', { rows: loaded.rows })}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
