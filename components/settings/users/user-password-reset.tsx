'use client';

import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { resetUserPasswordAction } from '@/app/(staff)/settings/users-actions';

/** An admin sets a colleague's new password; the colleague is logged out everywhere. */
export function UserPasswordReset({ userId }: { userId: string }) {
  const t = useTranslations('settingsUsers');
  const tl = useTranslations('login');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await resetUserPasswordAction({ id: userId, password });
      if (!answer.ok) return setError(answer.fieldErrors?.password ?? answer.error);
      setError(null);
      setPassword('');
      notifications.show({ color: 'teal', message: t('detail.resetDone') });
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('detail.resetTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('detail.resetText')}
        </Text>
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': tl('togglePassword') }}
          label={t('detail.newPassword')}
          description={t('form.passwordHint')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button type="submit" variant="light" loading={pending}>
            {t('detail.reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
