'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { deleteImageAction } from '@/app/(staff)/imageManager/actions';
import { ConfirmModal } from '@/components/ui/confirm-modal';
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
    <ConfirmModal
      opened={image !== null}
      title={t('title')}
      message={t('text', { name: image?.fileName ?? '' })}
      confirmLabel={t('confirm')}
      cancelLabel={t('cancel')}
      closeLabel={t('close')}
      danger
      pending={pending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
