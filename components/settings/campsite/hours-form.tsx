'use client';

import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveHoursAction } from '@/app/(staff)/settings/campsite-actions';
import type { OpeningHours } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { TimeRanges } from './time-ranges';
import { useSettingsSave } from './use-settings-save';

export function HoursForm({ campsiteId, hours }: { campsiteId: string; hours: OpeningHours }) {
  const t = useTranslations('campsiteSettings.hours');
  const [values, setValues] = useState(hours);
  const { pending, formError, error, submit } = useSettingsSave(saveHoursAction);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, ...values });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={640}>
      <Stack gap="md">
        <TextInput type="time" label={t('baseTime')} description={t('baseTimeHint')} value={values.baseTime} onChange={(e) => setValues({ ...values, baseTime: e.currentTarget.value })} error={error('baseTime')} w={200} />
        <TimeRanges label={t('checkin')} name="checkin" ranges={values.checkin} onChange={(checkin) => setValues({ ...values, checkin })} error={error} />
        <TimeRanges label={t('checkout')} name="checkout" ranges={values.checkout} onChange={(checkout) => setValues({ ...values, checkout })} error={error} />
        <Textarea label={t('notes')} autosize minRows={2} value={values.notes} onChange={(e) => setValues({ ...values, notes: e.currentTarget.value })} error={error('notes')} />
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
