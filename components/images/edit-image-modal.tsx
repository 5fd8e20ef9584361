'use client';

import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { patchImageAction } from '@/app/(staff)/imageManager/actions';
import { TypologyFields } from './typology-fields';
import type { ImageItem, TypologyOption } from './types';

type Props = { image: ImageItem | null; typologies: TypologyOption[]; onClose: () => void; onSaved: (image: ImageItem) => void };

/** Typology, category and alternative text of one picture. */
export function EditImageModal({ image, typologies, onClose, onSaved }: Props) {
  const t = useTranslations('images');
  const [links, setLinks] = useState<{ typologyId: string | null; category: string | null }>({ typologyId: null, category: null });
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  // Another picture opened: its values in the fields (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState<ImageItem | null>(null);
  if (image !== shown) {
    setShown(image);
    if (image) {
      setLinks({ typologyId: image.typologyId, category: image.category });
      setAlt(image.alt);
      setError(null);
    }
  }

  const save = () =>
    startTransition(async () => {
      if (!image) return;
      const result = await patchImageAction({ id: image.id, ...links, alt });
      if (!result.ok) {
        setError(result.fieldErrors?.alt ?? result.error);
        return;
      }
      onSaved(result.data);
      notifications.show({ color: 'teal', message: t('edit.saved'), autoClose: 3000 });
      onClose();
    });

  return (
    <Modal opened={image !== null} onClose={() => !pending && onClose()} title={t('edit.title')} centered closeButtonProps={{ 'aria-label': t('edit.close') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <TypologyFields typologies={typologies} typologyId={links.typologyId} category={links.category} onChange={setLinks} />
          <TextInput label={t('fields.alt')} description={t('fields.altHint')} value={alt} onChange={(event) => setAlt(event.currentTarget.value)} maxLength={300} />
          {image && <TextInput label={t('edit.copyLink')} value={image.url} readOnly onFocus={(event) => event.currentTarget.select()} />}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
