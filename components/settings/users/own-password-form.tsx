'use client';

import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { changeOwnPasswordAction } from '@/app/(staff)/settings/users-actions';
import { WRONG_OLD_PASSWORD } from '@/lib/users/validation';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

/**
 * The own password, with the current one; a refusal keeps both fields as typed. A user imported
 * from the old CRM has none yet (they came in through a one-time link): they only choose one.
 */
export function OwnPasswordForm({ hasPassword = true }: { hasPassword?: boolean }) {
  const t = useTranslations('settingsUsers.account');
  const tl = useTranslations('login');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useActionForm(changeOwnPasswordAction, { successMessage: t('changed'), fieldOfError: { [WRONG_OLD_PASSWORD]: 'oldPassword' } });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ oldPassword, newPassword }, () => {
      setOldPassword('');
      setNewPassword('');
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('passwordTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {hasPassword ? t('passwordText') : t('firstPasswordText')}
        </Text>
        {hasPassword && (
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': tl('togglePassword') }}
          label={t('oldPassword')}
          required
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.currentTarget.value)}
          error={form.error('oldPassword')}
        />
        )}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': tl('togglePassword') }}
          label={t('newPassword')}
          description={t('passwordHint')}
          required
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          error={form.error('newPassword')}
        />
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('change')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
