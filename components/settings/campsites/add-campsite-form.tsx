'use client';

import { Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { addCampsiteAction } from '@/app/(staff)/settings/campsite-lifecycle-actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

const EMPTY = { name: '', lucee: false, urlToCV: '', platformCampId: '', email: '', password: '' };

/** The operator's "Aggiungi campeggio": the campsite and its first admin; errors beside the fields, nothing typed lost. */
export function AddCampsiteForm({ basePath }: { basePath: string }) {
  const t = useTranslations('settingsCampsites');
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const form = useActionForm(addCampsiteAction);
  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: the event's currentTarget is gone by the time React runs the updater.
    const value = key === 'lucee' ? event.currentTarget.checked : event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(values, (created) => {
      notifications.show({ color: 'teal', message: t('createdToast', { name: created.name }), autoClose: 3000 });
      router.push(`${basePath}?v=showCamp&campingID=${encodeURIComponent(created.id)}`);
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} maw={640} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('addIntro')}</Text>
        <Title order={2} size="h4">
          {t('campsiteSection')}
        </Title>
        <TextInput label={t('name')} required value={values.name} onChange={set('name')} error={form.error('name')} maxLength={200} />
        <Checkbox label={t('lucee')} description={t('luceeHint')} checked={values.lucee} onChange={set('lucee')} />
        <TextInput label={t('urlToCV')} type="url" value={values.urlToCV} onChange={set('urlToCV')} error={form.error('urlToCV')} placeholder="https://" />
        <TextInput label={t('platformId')} description={t('platformHint')} value={values.platformCampId} onChange={set('platformCampId')} error={form.error('platformCampId')} />
        <Title order={2} size="h4" mt="sm">
          {t('adminSection')}
        </Title>
        <TextInput label={t('email')} type="email" required autoComplete="off" value={values.email} onChange={set('email')} error={form.error('email')} />
        <PasswordInput label={t('password')} description={t('passwordHint')} required autoComplete="new-password" value={values.password} onChange={set('password')} error={form.error('password')} />
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
