'use client';

import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { resumeLegacyImportAction } from '@/app/(staff)/settings/legacy-import-actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

/** «Riprendi» a failed run: the old CRM's login again, since a run that ended keeps none. */
export function ResumeForm({ importId, onResumed }: { importId: string; onResumed: () => void }) {
  const t = useTranslations('legacyImport');
  const [values, setValues] = useState({ email: '', password: '' });
  const form = useActionForm(resumeLegacyImportAction, { successMessage: t('resumedToast') });
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ importId, ...values }, onResumed);
  };
  return (
    <Paper withBorder p="sm" radius="md" component="form" onSubmit={submit} noValidate aria-label={t('resume')}>
      <Stack gap="xs">
        <Text size="sm">{t('resumeIntro')}</Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('email')} type="email" autoComplete="off" required value={values.email} onChange={set('email')} error={form.error('email')} miw={200} />
          <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }} label={t('password')} autoComplete="off" required value={values.password} onChange={set('password')} error={form.error('password')} miw={200} />
        </Group>
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('resume')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
