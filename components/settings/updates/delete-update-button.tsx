'use client';

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteUpdateAction } from '@/app/(staff)/settings/update-actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';

export function DeleteUpdateButton({ id, title }: { id: string; title: string }) {
  const t = useTranslations('productUpdates');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const confirm = () =>
    startTransition(async () => {
      const answer = await deleteUpdateAction({ id });
      if (!answer.ok) return setError(answer.error);
      notifications.show({ color: 'teal', message: t('deletedToast'), autoClose: 3000 });
      setOpened(false);
      router.refresh();
    });
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={() => setOpened(true)} aria-label={`${t('delete')}: ${title}`}>
        {t('delete')}
      </Button>
      <ConfirmModal
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        opened={opened}
        title={t('deleteTitle', { title })}
        message={t('deleteText')}
        error={error}
        pending={pending}
        danger
        onConfirm={confirm}
        onClose={() => !pending && (setOpened(false), setError(null))}
      />
    </>
  );
}
