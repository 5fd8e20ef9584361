'use client';

import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { updateAccountAction } from '@/app/(staff)/settings/users-actions';

/** Account CRM: the user's own name and e-mail. */
export function AccountForm({ name: initialName, email: initialEmail }: { name: string; email: string }) {
  const t = useTranslations('settingsUsers.account');
  const router = useRouter();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await updateAccountAction({ name, email });
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        setError(answer.fieldErrors ? null : answer.error);
        return;
      }
      setErrors({});
      setError(null);
      notifications.show({ color: 'teal', message: t('saved') });
      router.refresh();
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profileTitle')}
        </Title>
        <TextInput label={t('name')} required autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <TextInput label={t('email')} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
