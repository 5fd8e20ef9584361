'use client';

import { Button, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteCampsiteAction } from '@/app/(staff)/settings/campsite-lifecycle-actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';

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
      <ConfirmModal
        opened={opened}
        title={t('deleteTitle', { name: summary.name })}
        message={<Text size="sm">{t('deleteText')}</Text>}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        danger
        pending={pending}
        error={error}
        confirmDisabled={!matches}
        onConfirm={confirm}
        onClose={close}
      >
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
      </ConfirmModal>
    </>
  );
}
