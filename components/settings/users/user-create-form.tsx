'use client';

import { Button, Checkbox, Group, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { createUserAction } from '@/app/(staff)/settings/users-actions';
import { LinkButton } from '@/components/ui/link-button';
import { FormError } from '@/components/ui/form-error';
import { useActionForm } from '@/components/ui/use-action-form';

/** Aggiungi utente: e-mail, password, pack level and admin flag; on error everything typed stays. */
export function UserCreateForm({ listHref, detailHref }: { listHref: string; detailHref: string }) {
  const t = useTranslations('settingsUsers.form');
  const tl = useTranslations('login');
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [packLevel, setPackLevel] = useState<string>('10');
  const form = useActionForm(createUserAction, { successMessage: t('created') });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ email, password, isAdmin, packLevel: packLevel === '0' ? 0 : 10 }, (created) => router.push(`${detailHref}${created.id}`));
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} maw={560} noValidate>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('createTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('createText')}
        </Text>
        <TextInput label={t('email')} type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': tl('togglePassword') }}
          label={t('password')}
          description={t('passwordHint')}
          required
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={form.error('password')}
        />
        <Select
          label={t('packLevel')}
          data={[
            { value: '10', label: t('pack10') },
            { value: '0', label: t('pack0') },
          ]}
          value={packLevel}
          onChange={(value) => setPackLevel(value ?? '10')}
          allowDeselect={false}
          error={form.error('packLevel')}
        />
        <Checkbox label={t('isAdmin')} checked={isAdmin} onChange={(e) => setIsAdmin(e.currentTarget.checked)} />
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending}>
            {t('create')}
          </Button>
          <LinkButton href={listHref} variant="default">
            {t('cancel')}
          </LinkButton>
        </Group>
      </Stack>
    </Paper>
  );
}
