'use client';

import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { changeOwnPasswordAction } from '@/app/(staff)/settings/users-actions';
import { WRONG_OLD_PASSWORD } from '@/lib/users/validation';

/** The own password, with the current one; a refusal keeps both fields as typed. */
export function OwnPasswordForm() {
  const t = useTranslations('settingsUsers.account');
  const tl = useTranslations('login');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await changeOwnPasswordAction({ oldPassword, newPassword });
      if (!answer.ok) {
        // The wrong current password belongs next to its field, like a validation error.
        const wrongOld = answer.error === WRONG_OLD_PASSWORD;
        setErrors(wrongOld ? { oldPassword: answer.error } : (answer.fieldErrors ?? {}));
        setError(wrongOld || answer.fieldErrors ? null : answer.error);
        return;
      }
      setErrors({});
      setError(null);
      setOldPassword('');
      setNewPassword('');
      notifications.show({ color: 'teal', message: t('changed') });
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('passwordTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('passwordText')}
        </Text>
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': tl('togglePassword') }}
          label={t('oldPassword')}
          required
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.currentTarget.value)}
          error={errors.oldPassword}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': tl('togglePassword') }}
          label={t('newPassword')}
          description={t('passwordHint')}
          required
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
          error={errors.newPassword}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t('change')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
