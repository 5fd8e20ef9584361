'use client';

import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteCampsiteAction } from '@/app/(staff)/settings/campsite-lifecycle-actions';

type Summary = { id: string; name: string; contacts: number; quotes: number; mails: number; images: number; users: number };

/** Deleting a campsite: what goes with it first, then the name typed again before "Conferma" works. */
export function DeleteCampsiteButton({ summary, basePath }: { summary: Summary; basePath: string }) {
  const t = useTranslations('settingsCampsites');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const matches = typed.trim() === summary.name.trim();

  const close = () => {
    if (pending) return;
    setOpened(false);
    setTyped('');
    setError(null);
  };
  const confirm = () =>
    startTransition(async () => {
      const answer = await deleteCampsiteAction({ id: summary.id, confirmName: typed });
      if (!answer.ok) return setError(answer.error);
      notifications.show({ color: 'teal', message: t('deletedToast', { name: answer.data.name }), autoClose: 3000 });
      setOpened(false);
      router.push(`${basePath}?v=showCamp`);
    });

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t('delete')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('deleteTitle', { name: summary.name })} centered>
        <Stack gap="md">
          <Text size="sm">{t('deleteText')}</Text>
          <Text fw={600} c="red.8" data-testid="delete-summary">
            {t('deleteCounts', summary)}
          </Text>
          <TextInput
            label={t('deleteConfirmLabel')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed && !matches ? t('deleteConfirmMismatch') : undefined}
            autoComplete="off"
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={pending} disabled={!matches}>
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
