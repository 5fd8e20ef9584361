'use client';

import { Button, Checkbox, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { updateUserAction } from '@/app/(staff)/settings/users-actions';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

export type EditableUser = { id: string; name: string; email: string; isAdmin: boolean; packLevel: number };

/** Name, e-mail, pack level and admin flag of a user; one's own admin flag cannot be removed here. */
export function UserEditForm({ user, isSelf }: { user: EditableUser; isSelf: boolean }) {
  const t = useTranslations('settingsUsers');
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [packLevel, setPackLevel] = useState(String(user.packLevel));
  const form = useActionForm(updateUserAction, { successMessage: t('detail.saved'), refresh: true });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ id: user.id, name, email, isAdmin, packLevel: packLevel === '0' ? 0 : 10 });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('detail.editTitle')}
        </Title>
        <TextInput label={t('detail.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={form.error('name')} />
        <TextInput label={t('form.email')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} />
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
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('detail.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
