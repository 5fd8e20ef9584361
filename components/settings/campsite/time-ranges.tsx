'use client';

import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import type { TimeRange } from '@/lib/vocabulary/campsite-shapes';

type Props = { label: string; name: 'checkin' | 'checkout'; ranges: TimeRange[]; onChange: (ranges: TimeRange[]) => void; error: (path: string) => string | undefined };

/** Several check-in or check-out windows, each "dalle – alle". */
export function TimeRanges({ label, name, ranges, onChange, error }: Props) {
  const t = useTranslations('campsiteSettings.hours');
  const update = (index: number, key: keyof TimeRange, value: string) => onChange(ranges.map((range, i) => (i === index ? { ...range, [key]: value } : range)));
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {error(name) && (
        <Text c="red" size="sm">
          {error(name)}
        </Text>
      )}
      {ranges.map((range, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput type="time" aria-label={`${label} ${index + 1}: ${t('from')}`} label={index === 0 ? t('from') : undefined} value={range.from} onChange={(e) => update(index, 'from', e.currentTarget.value)} error={error(`${name}.${index}.from`)} w={120} />
          <TextInput type="time" aria-label={`${label} ${index + 1}: ${t('to')}`} label={index === 0 ? t('to') : undefined} value={range.to} onChange={(e) => update(index, 'to', e.currentTarget.value)} error={error(`${name}.${index}.to`)} w={120} />
          <ActionIcon variant="subtle" color="red" mt={index === 0 ? 28 : 4} aria-label={`${t('removeRange')} ${index + 1}`} disabled={ranges.length <= 1} onClick={() => onChange(ranges.filter((_, i) => i !== index))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={ranges.length >= 6} onClick={() => onChange([...ranges, { from: '', to: '' }])}>
          {t('addRange')}
        </Button>
      </Group>
    </Stack>
  );
}
