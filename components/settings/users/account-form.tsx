'use client';

import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { updateAccountAction } from '@/app/(staff)/settings/users-actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

/** Account CRM: the user's own name and e-mail. */
export function AccountForm({ name: initialName, email: initialEmail }: { name: string; email: string }) {
  const t = useTranslations('settingsUsers.account');
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const form = useActionForm(updateAccountAction, { successMessage: t('saved'), refresh: true });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ name, email });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profileTitle')}
        </Title>
        <TextInput label={t('name')} required autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={form.error('name')} />
        <TextInput label={t('email')} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} />
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
