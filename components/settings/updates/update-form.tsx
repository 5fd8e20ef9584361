'use client';

import { Alert, Button, Group, MultiSelect, Paper, Radio, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { postUpdateAction } from '@/app/(staff)/settings/update-actions';
import { RichTextField } from '@/components/ui/rich-text-editor';

/** The operator posts an update: title, rich text, all campsites or chosen ones (from /getUpdatableCampings). */
export function UpdateForm({ campsites }: { campsites: { id: string; name: string }[] }) {
  const t = useTranslations('productUpdates');
  const router = useRouter();
  const [titolo, setTitolo] = useState('');
  const [testo, setTesto] = useState('');
  const [audience, setAudience] = useState<'all' | 'selected'>('all');
  const [campings, setCampings] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await postUpdateAction({ titolo, testo, audience, campings: audience === 'selected' ? campings : [] });
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        return setError(answer.error);
      }
      notifications.show({ color: 'teal', message: t('publishedToast'), autoClose: 3000 });
      setTitolo('');
      setTesto('');
      setCampings([]);
      setAudience('all');
      setErrors({});
      setError(null);
      // The editor keeps its own document: a new key starts it empty.
      setEditorKey((key) => key + 1);
      router.refresh();
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('formTitle')}
        </Title>
        <TextInput label={t('title')} required value={titolo} onChange={(event) => setTitolo(event.currentTarget.value)} error={errors.titolo} maxLength={200} />
        <RichTextField key={editorKey} label={t('text')} value={testo} onChange={setTesto} />
        {errors.testo && (
          <Alert color="red" p="xs">
            {errors.testo}
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
            error={errors.campings}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t('publish')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
