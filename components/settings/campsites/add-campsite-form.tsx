'use client';

import { Alert, Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { addCampsiteAction } from '@/app/(staff)/settings/campsite-lifecycle-actions';

const EMPTY = { name: '', lucee: false, urlToCV: '', platformCampId: '', email: '', password: '' };

/** The operator's "Aggiungi campeggio": the campsite and its first admin; errors beside the fields, nothing typed lost. */
export function AddCampsiteForm({ basePath }: { basePath: string }) {
  const t = useTranslations('settingsCampsites');
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: key === 'lucee' ? event.currentTarget.checked : event.currentTarget.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await addCampsiteAction(values);
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        return setError(answer.error);
      }
      notifications.show({ color: 'teal', message: t('createdToast', { name: answer.data.name }), autoClose: 3000 });
      router.push(`${basePath}?v=showCamp&campingID=${encodeURIComponent(answer.data.id)}`);
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} maw={640} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('addIntro')}</Text>
        <Title order={2} size="h4">
          {t('campsiteSection')}
        </Title>
        <TextInput label={t('name')} required value={values.name} onChange={set('name')} error={errors.name} maxLength={200} />
        <Checkbox label={t('lucee')} description={t('luceeHint')} checked={values.lucee} onChange={set('lucee')} />
        <TextInput label={t('urlToCV')} type="url" value={values.urlToCV} onChange={set('urlToCV')} error={errors.urlToCV} placeholder="https://" />
        <TextInput label={t('platformId')} description={t('platformHint')} value={values.platformCampId} onChange={set('platformCampId')} error={errors.platformCampId} />
        <Title order={2} size="h4" mt="sm">
          {t('adminSection')}
        </Title>
        <TextInput label={t('email')} type="email" required autoComplete="off" value={values.email} onChange={set('email')} error={errors.email} />
        <PasswordInput label={t('password')} description={t('passwordHint')} required autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
