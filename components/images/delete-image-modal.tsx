'use client';

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteImageAction } from '@/app/(staff)/imageManager/actions';
import type { ImageItem } from './types';

type Props = { image: ImageItem | null; onClose: () => void; onDeleted: (id: string) => void };

/** Deleting breaks the picture in mails already sent: the dialog says so before «Conferma». */
export function DeleteImageModal({ image, onClose, onDeleted }: Props) {
  const t = useTranslations('images.delete');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  // Another picture: the last one's error goes (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(image);
  if (image !== shown) {
    setShown(image);
    setError(null);
  }

  const confirm = () =>
    startTransition(async () => {
      if (!image) return;
      const result = await deleteImageAction({ id: image.id });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      onDeleted(image.id);
      notifications.show({ color: 'teal', message: t('done'), autoClose: 3000 });
      onClose();
    });

  return (
    <Modal opened={image !== null} onClose={() => !pending && onClose()} title={t('title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md">
        <Text>{t('text', { name: image?.fileName ?? '' })}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={pending}>
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
