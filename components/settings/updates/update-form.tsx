'use client';

import { Alert, Button, Group, MultiSelect, Paper, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postUpdateAction } from '@/app/(staff)/settings/update-actions';
import { RichTextField } from '@/components/ui/rich-text-editor';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

/** The operator posts an update: title, rich text, all campsites or chosen ones (from /getUpdatableCampings). */
export function UpdateForm({ campsites }: { campsites: { id: string; name: string }[] }) {
  const t = useTranslations('productUpdates');
  const [titolo, setTitolo] = useState('');
  const [testo, setTesto] = useState('');
  const [audience, setAudience] = useState<'all' | 'selected'>('all');
  const [campings, setCampings] = useState<string[]>([]);
  const [editorKey, setEditorKey] = useState(0);
  const form = useActionForm(postUpdateAction, { successMessage: t('publishedToast'), refresh: true });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ titolo, testo, audience, campings: audience === 'selected' ? campings : [] }, () => {
      setTitolo('');
      setTesto('');
      setCampings([]);
      setAudience('all');
      // The editor keeps its own document: a new key starts it empty.
      setEditorKey((key) => key + 1);
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('formTitle')}
        </Title>
        <TextInput label={t('title')} required value={titolo} onChange={(event) => setTitolo(event.currentTarget.value)} error={form.error('titolo')} maxLength={200} />
        <RichTextField key={editorKey} label={t('text')} value={testo} onChange={setTesto} />
        {form.error('testo') && (
          <Alert color="red" p="xs">
            {form.error('testo')}
          </Alert>
        )}
        <Radio.Group label={t('audience')} value={audience} onChange={(value) => setAudience(value === 'selected' ? 'selected' : 'all')}>
          <Group mt={4}>
            <Radio value="all" label={t('audienceAll')} />
            <Radio value="selected" label={t('audienceSelected')} />
          </Group>
        </Radio.Group>
        {audience === 'selected' && (
          <MultiSelect
            label={t('campsites')}
            placeholder={t('campsitesPlaceholder')}
            data={campsites.map((campsite) => ({ value: campsite.id, label: campsite.name }))}
            value={campings}
            onChange={setCampings}
            searchable
            clearable
            error={form.error('campings')}
          />
        )}
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('publish')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
