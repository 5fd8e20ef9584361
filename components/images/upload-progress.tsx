'use client';

import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { UploadEntry } from './use-uploads';

/** One line per file: name, bar, then «Caricata» or the server's refusal. Announced politely. */
export function UploadProgress({ entries, onClear }: { entries: UploadEntry[]; onClear: () => void }) {
  const t = useTranslations('images.upload');
  if (entries.length === 0) return null;
  const done = entries.filter((entry) => entry.status === 'done').length;
  const finished = entries.every((entry) => entry.status === 'done' || entry.status === 'failed');
  return (
    <Stack gap="xs" aria-live="polite">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('summary', { done, total: entries.length })}
        </Text>
        {finished && (
          <Button variant="subtle" size="xs" onClick={onClear}>
            {t('clear')}
          </Button>
        )}
      </Group>
      {entries.map((entry) => (
        <div key={entry.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {entry.name}
            </Text>
            <Text size="xs" c={entry.status === 'failed' ? 'red.8' : 'dimmed'}>
              {entry.status === 'waiting' ? t('waiting') : entry.status === 'done' ? t('done') : entry.status === 'failed' ? t('failed') : `${entry.progress}%`}
            </Text>
          </Group>
          <Progress
            value={entry.status === 'failed' ? 100 : entry.progress}
            color={entry.status === 'failed' ? 'red' : entry.status === 'done' ? 'teal' : 'blue'}
            size="sm"
            aria-label={t('progressLabel', { name: entry.name })}
          />
          {entry.error && (
            <Text size="xs" c="red.8" role="alert">
              {entry.error}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}
