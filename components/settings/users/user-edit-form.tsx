'use client';

import { Alert, Button, Checkbox, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { updateUserAction } from '@/app/(staff)/settings/users-actions';

export type EditableUser = { id: string; name: string; email: string; isAdmin: boolean; packLevel: number };

/** Name, e-mail, pack level and admin flag of a user; one's own admin flag cannot be removed here. */
export function UserEditForm({ user, isSelf }: { user: EditableUser; isSelf: boolean }) {
  const t = useTranslations('settingsUsers');
  const router = useRouter();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [packLevel, setPackLevel] = useState(String(user.packLevel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const answer = await updateUserAction({ id: user.id, name, email, isAdmin, packLevel: packLevel === '0' ? 0 : 10 });
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        setError(answer.fieldErrors ? null : answer.error);
        return;
      }
      setErrors({});
      setError(null);
      notifications.show({ color: 'teal', message: t('detail.saved') });
      router.refresh();
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('detail.editTitle')}
        </Title>
        <TextInput label={t('detail.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <TextInput label={t('form.email')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
        <Select
          label={t('form.packLevel')}
          data={[
            { value: '10', label: t('form.pack10') },
            { value: '0', label: t('form.pack0') },
          ]}
          value={packLevel}
          onChange={(value) => setPackLevel(value ?? '10')}
          allowDeselect={false}
        />
        <Checkbox label={t('form.isAdmin')} checked={isAdmin} disabled={isSelf && user.isAdmin} onChange={(e) => setIsAdmin(e.currentTarget.checked)} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t('detail.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
