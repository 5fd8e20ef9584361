'use client';

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteUserAction } from '@/app/(staff)/settings/users-actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';

/** Delete after the confirmation dialog; back to the list when done. */
export function UserDelete({ user, listHref }: { user: { id: string; email: string }; listHref: string }) {
  const t = useTranslations('settingsUsers.detail');
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const remove = () =>
    startTransition(async () => {
      const answer = await deleteUserAction({ id: user.id });
      if (!answer.ok) return setError(answer.error);
      setConfirming(false);
      notifications.show({ color: 'teal', message: t('deleted') });
      router.push(listHref);
    });
  const close = () => {
    if (pending) return;
    setConfirming(false);
    setError(null);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('deleteTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('deleteText')}
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('delete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('confirmTitle')}
        message={t('confirmText', { email: user.email })}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        danger
        pending={pending}
        error={error}
        onConfirm={remove}
        onClose={close}
      />
    </Paper>
  );
}
