'use client';

import { ActionIcon, Button, ColorSwatch, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveOccupancyAction } from '@/app/(staff)/settings/campsite-actions';
import type { OccupancyStep } from '@/lib/vocabulary/campsite-shapes';
import { COLOR_NAMES } from '@/lib/campsites/settings-validation';
import { SaveBar } from './save-bar';
import { useSettingsSave } from './use-settings-save';

/** The availability scale: from each threshold (percent) up, the colour and label shown. */
export function OccupancyForm({ campsiteId, scale }: { campsiteId: string; scale: OccupancyStep[] }) {
  const t = useTranslations('campsiteSettings.occupancy');
  const tc = useTranslations('campsiteSettings.colors');
  const [steps, setSteps] = useState<{ threshold: number | string; color: string; label: string }[]>(scale);
  const { pending, formError, error, submit } = useSettingsSave(saveOccupancyAction);
  const update = (index: number, patch: Partial<(typeof steps)[number]>) => setSteps(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  const colors = [...new Set([...COLOR_NAMES, ...steps.map((step) => step.color)])].map((value) => ({ value, label: (COLOR_NAMES as readonly string[]).includes(value) ? tc(value) : value }));
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, steps: steps.map((step) => ({ ...step, threshold: typeof step.threshold === 'number' ? step.threshold : Number.NaN })) });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={760}>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        {error('steps') && <Text c="red" size="sm">{error('steps')}</Text>}
        {steps.map((step, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="wrap">
            <NumberInput label={t('threshold')} suffix=" %" min={0} max={100} allowDecimal={false} value={step.threshold} onChange={(value) => update(index, { threshold: value })} error={error(`steps.${index}.threshold`)} w={110} />
            <Select
              label={t('color')}
              data={colors}
              value={step.color}
              onChange={(value) => value && update(index, { color: value })}
              leftSection={<ColorSwatch color={`var(--mantine-color-${step.color}-6, ${step.color})`} size={14} />}
              error={error(`steps.${index}.color`)}
              w={160}
              allowDeselect={false}
            />
            <TextInput label={t('label')} value={step.label} onChange={(e) => update(index, { label: e.currentTarget.value })} error={error(`steps.${index}.label`)} style={{ flex: 1, minWidth: 180 }} />
            <ActionIcon variant="subtle" color="red" mt={28} aria-label={`${t('remove')} ${index + 1}`} disabled={steps.length <= 2} onClick={() => setSteps(steps.filter((_, i) => i !== index))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={steps.length >= 8} onClick={() => setSteps([...steps, { threshold: 100, color: 'green', label: '' }])}>
            {t('add')}
          </Button>
        </Group>
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
