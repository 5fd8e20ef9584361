'use client';

import { Alert, Button, Checkbox, Group, MultiSelect, Progress, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFilter, IconUsersPlus } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import type { ActionResult } from '@/lib/actions';
import { formatNumber } from '@/lib/format';
import type { ChunkOutcome, FilterPreview } from '@/lib/lists/bulk';
import type { MemberFilter } from '@/lib/lists/validation';
import { QUOTE_PROGRESS, type QuoteProgress } from '@/lib/vocabulary/quote-progress';

export type FilterOptions = { languages: { id: number; name: string }[]; nations: { id: number; name: string }[]; tags: string[] };

type Props = {
  listId: string;
  options: FilterOptions;
  previewAction: (filter: MemberFilter) => Promise<ActionResult<FilterPreview>>;
  chunkAction: (input: { listId: string; filter: MemberFilter; cursor?: string | null }) => Promise<ActionResult<ChunkOutcome>>;
};

type Values = {
  search: string;
  languageIds: string[];
  nationIds: string[];
  tag: string | null;
  lastStayFrom: string | null;
  lastStayTo: string | null;
  lastQuoteFrom: string | null;
  lastQuoteTo: string | null;
  lastQuoteProgress: string[];
  withEmail: boolean;
};

const EMPTY: Values = {
  search: '',
  languageIds: [],
  nationIds: [],
  tag: null,
  lastStayFrom: null,
  lastStayTo: null,
  lastQuoteFrom: null,
  lastQuoteTo: null,
  lastQuoteProgress: [],
  withEmail: false,
};

function toFilter(values: Values): MemberFilter {
  return {
    search: values.search.trim() || null,
    languageIds: values.languageIds.map(Number),
    nationIds: values.nationIds.map(Number),
    tag: values.tag,
    lastStayFrom: values.lastStayFrom,
    lastStayTo: values.lastStayTo,
    lastQuoteFrom: values.lastQuoteFrom,
    lastQuoteTo: values.lastQuoteTo,
    lastQuoteProgress: values.lastQuoteProgress as QuoteProgress[],
    withEmail: values.withEmail,
  };
}

type Run = { total: number; scanned: number; added: number; done: boolean };

/**
 * Filter, count, then add the whole result: the page asks the server for one chunk of 5,000
 * after another and shows how far it got, so 50,000 contacts never ride on one request.
 */
export function AddByFilter({ listId, options, previewAction, chunkAction }: Props) {
  const t = useTranslations('lists');
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<(FilterPreview & { key: string }) | null>(null);
  const [counting, setCounting] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = JSON.stringify(values);
  const running = run !== null && !run.done;
  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((current) => ({ ...current, [name]: value }));

  const count = async () => {
    setCounting(true);
    setFailure(null);
    const answer = await previewAction(toFilter(values));
    setCounting(false);
    if (!answer.ok) {
      setErrors(answer.fieldErrors ?? {});
      setFailure(answer.error);
      return;
    }
    setErrors({});
    setRun(null);
    setPreview({ ...answer.data, key });
  };

  const add = async () => {
    if (!preview) return;
    const filter = toFilter(values);
    let cursor: string | null = null;
    let progress: Run = { total: preview.matching, scanned: 0, added: 0, done: false };
    let memberCount = 0;
    setRun(progress);
    setFailure(null);
    do {
      const answer: ActionResult<ChunkOutcome> = await chunkAction({ listId, filter, cursor });
      if (!answer.ok) {
        setRun({ ...progress, done: true });
        setFailure(t('filter.stopped', { added: formatNumber(progress.added), error: answer.error }));
        router.refresh();
        return;
      }
      progress = { ...progress, scanned: progress.scanned + answer.data.scanned, added: progress.added + answer.data.added };
      progress.total = Math.max(progress.total, progress.scanned);
      memberCount = answer.data.memberCount;
      setRun(progress);
      cursor = answer.data.nextCursor;
    } while (cursor);
    setRun({ ...progress, total: progress.scanned, done: true });
    notifications.show({ color: 'teal', message: t('filter.done', { added: progress.added, members: formatNumber(memberCount) }), autoClose: 4000 });
    router.refresh();
  };

  const percent = run ? (run.total === 0 ? 100 : Math.min(100, Math.round((run.scanned / run.total) * 100))) : 0;
  const stale = preview !== null && preview.key !== key;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('filter.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <TextInput label={t('filter.search')} value={values.search} onChange={(e) => set('search', e.currentTarget.value)} error={errors.search} maxLength={200} />
        <MultiSelect
          label={t('filter.languages')}
          data={options.languages.map((l) => ({ value: String(l.id), label: l.name }))}
          value={values.languageIds}
          onChange={(v) => set('languageIds', v)}
          searchable
          clearable
          data-testid="filter-languages"
        />
        <MultiSelect
          label={t('filter.nations')}
          data={options.nations.map((n) => ({ value: String(n.id), label: n.name }))}
          value={values.nationIds}
          onChange={(v) => set('nationIds', v)}
          searchable
          clearable
        />
        <Select
          label={t('filter.tag')}
          placeholder={t('filter.anyTag')}
          data={options.tags}
          value={values.tag}
          onChange={(v) => set('tag', v)}
          clearable
          disabled={options.tags.length === 0}
        />
        <DateField label={t('filter.lastStayFrom')} value={values.lastStayFrom} onChange={(v) => set('lastStayFrom', v)} error={errors.lastStayFrom} />
        <DateField label={t('filter.lastStayTo')} value={values.lastStayTo} onChange={(v) => set('lastStayTo', v)} error={errors.lastStayTo} />
        <DateField label={t('filter.lastQuoteFrom')} value={values.lastQuoteFrom} onChange={(v) => set('lastQuoteFrom', v)} error={errors.lastQuoteFrom} />
        <DateField label={t('filter.lastQuoteTo')} value={values.lastQuoteTo} onChange={(v) => set('lastQuoteTo', v)} error={errors.lastQuoteTo} />
        <MultiSelect
          label={t('filter.lastQuoteProgress')}
          data={[...QUOTE_PROGRESS]}
          value={values.lastQuoteProgress}
          onChange={(v) => set('lastQuoteProgress', v)}
          clearable
        />
      </SimpleGrid>
      <Checkbox label={t('filter.withEmail')} checked={values.withEmail} onChange={(e) => set('withEmail', e.currentTarget.checked)} />
      <Group gap="sm" align="center">
        <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={count} loading={counting} disabled={running} data-testid="filter-preview">
          {t('filter.preview')}
        </Button>
        {preview && !stale && (
          <>
            <Text fw={600} aria-live="polite" data-testid="filter-preview-result">
              {t('filter.previewResult', { matching: preview.matching, withEmail: formatNumber(preview.withEmail) })}
            </Text>
            {preview.matching > 0 && !run?.done && (
              <Button leftSection={<IconUsersPlus size={16} aria-hidden />} onClick={add} loading={running} data-testid="filter-add">
                {t('filter.add', { count: preview.matching })}
              </Button>
            )}
          </>
        )}
      </Group>
      {stale && (
        <Text size="sm" c="#8f3a06">
          {t('filter.changed')}
        </Text>
      )}
      {run && (
        <Stack gap={4}>
          <Progress.Root size="lg" data-testid="filter-progress">
            <Progress.Section value={percent} animated={!run.done} aria-label={t('filter.progressLabel')} />
          </Progress.Root>
          <Text size="sm" aria-live="polite" data-testid="filter-progress-text">
            {t('filter.progress', { scanned: formatNumber(run.scanned), total: formatNumber(run.total), added: formatNumber(run.added) })}
          </Text>
        </Stack>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
