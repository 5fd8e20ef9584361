'use client';

import { Fieldset, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveHoursAction } from '@/app/(staff)/settings/campsite-actions';
import type { ForeignGuestLanguage, OpeningHours } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { TimeRanges } from './time-ranges';
import { useSettingsSave } from './use-settings-save';

/** The note's translations, in the order the guest pages list their languages; each named in Italian for the staff. */
const NOTE_LANGUAGES: ForeignGuestLanguage[] = ['en', 'de', 'nl', 'fr'];

export function HoursForm({ campsiteId, hours }: { campsiteId: string; hours: OpeningHours }) {
  const t = useTranslations('campsiteSettings.hours');
  const [values, setValues] = useState(hours);
  const { pending, formError, error, submit } = useSettingsSave(saveHoursAction);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    // Every translation field goes, an emptied one as '': the server drops it, the others stay.
    submit({ campsiteId, ...values, notesByLanguage: Object.fromEntries(NOTE_LANGUAGES.map((language) => [language, values.notesByLanguage?.[language] ?? ''])) });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={640}>
      <Stack gap="md">
        <TextInput type="time" label={t('baseTime')} description={t('baseTimeHint')} value={values.baseTime} onChange={(e) => setValues({ ...values, baseTime: e.currentTarget.value })} error={error('baseTime')} w={200} />
        <TimeRanges label={t('checkin')} name="checkin" ranges={values.checkin} onChange={(checkin) => setValues({ ...values, checkin })} error={error} />
        <TimeRanges label={t('checkout')} name="checkout" ranges={values.checkout} onChange={(checkout) => setValues({ ...values, checkout })} error={error} />
        <Textarea label={t('notes')} description={t('notesHint')} autosize minRows={2} value={values.notes} onChange={(e) => setValues({ ...values, notes: e.currentTarget.value })} error={error('notes')} />
        <Fieldset legend={t('notesTranslations')} variant="unstyled">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('notesTranslationsHint')}
            </Text>
            {NOTE_LANGUAGES.map((language) => (
              <Textarea
                key={language}
                label={t(`noteIn.${language}`)}
                autosize
                minRows={1}
                maxLength={1000}
                lang={language}
                value={values.notesByLanguage?.[language] ?? ''}
                onChange={(e) => setValues({ ...values, notesByLanguage: { ...values.notesByLanguage, [language]: e.currentTarget.value } })}
                error={error(`notesByLanguage.${language}`)}
              />
            ))}
          </Stack>
        </Fieldset>
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
