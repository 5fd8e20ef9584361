'use client';

import { Divider, Paper, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { saveTagsAction } from '@/app/(staff)/settings/campsite-actions';
import type { TagDefinition } from '@/lib/vocabulary/campsite-shapes';
import { SaveBar } from './save-bar';
import { TagList } from './tag-list';
import { useSettingsSave } from './use-settings-save';

type Props = { campsiteId: string; personalizedTags: TagDefinition[]; personalizedQuoteTags: TagDefinition[] };

/** The tags staff put on contacts and on quotes; the lists show them with these colours. */
export function TagsForm({ campsiteId, personalizedTags, personalizedQuoteTags }: Props) {
  const t = useTranslations('campsiteSettings.tags');
  const [values, setValues] = useState({ personalizedTags, personalizedQuoteTags });
  const { pending, formError, error, submit } = useSettingsSave(saveTagsAction);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    submit({ campsiteId, ...values });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={save} maw={760}>
      <Stack gap="md">
        <TagList title={t('contactTags')} name="personalizedTags" tags={values.personalizedTags} onChange={(tags) => setValues({ ...values, personalizedTags: tags })} error={error} />
        <Divider />
        <TagList title={t('quoteTags')} name="personalizedQuoteTags" tags={values.personalizedQuoteTags} onChange={(tags) => setValues({ ...values, personalizedQuoteTags: tags })} error={error} />
        <SaveBar pending={pending} formError={formError} />
      </Stack>
    </Paper>
  );
}
